# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""What the image API accepts: bodies, JSON patches, list parameters."""
from nova_lite.api import validation
from nova_lite import exception
from nova_lite.objects import image_member
from nova_lite.text import digits

DISK_FORMATS = ['ami', 'ari', 'aki', 'vhd', 'vhdx', 'vmdk', 'raw', 'qcow2',
                'vdi', 'iso', 'ploop']
CONTAINER_FORMATS = ['ami', 'ari', 'aki', 'bare', 'ovf', 'ova', 'docker',
                     'compressed']
READ_ONLY = ('status', 'size', 'checksum', 'os_hash_algo', 'os_hash_value',
             'created_at', 'updated_at', 'virtual_size', 'self',
             'file', 'schema', 'direct_url', 'locations')
LIST_FILTERS = ('name', 'status', 'visibility', 'disk_format',
                'container_format', 'owner')
DEFAULT_LIMIT, MAX_LIMIT = 25, 1000
SORT_KEYS = ('created_at', 'updated_at', 'name', 'id', 'status', 'size')

# The image's own attributes a user may set (the rest are properties).
ATTRIBUTES = {
    'id': {'type': 'string', 'format': 'uuid',
           'pattern': '^([0-9a-fA-F]){8}-([0-9a-fA-F]){4}-([0-9a-fA-F]){4}'
                      '-([0-9a-fA-F]){4}-([0-9a-fA-F]){12}$'},
    'name': {'type': ['null', 'string'], 'maxLength': 255},
    'visibility': {'enum': ['public', 'private', 'shared', 'community']},
    'protected': {'type': 'boolean'},
    'os_hidden': {'type': 'boolean'},
    'tags': {'type': 'array', 'maxItems': 128,
             'items': {'type': 'string', 'maxLength': 255}},
    'container_format': {'enum': [None] + CONTAINER_FORMATS},
    'disk_format': {'enum': [None] + DISK_FORMATS},
    'min_disk': {'type': 'integer', 'minimum': 0},
    'min_ram': {'type': 'integer', 'minimum': 0},
    # Set at create by an admin only; changed by an admin only.
    'owner': {'type': ['null', 'string'], 'maxLength': 255},
}
# Properties: any other key, a string of at most 65535 characters. The
# pattern leaves out the attributes' names: jsonschema applies every
# schema whose name or pattern matches a key, and an integer min_ram is
# no string.
PROPERTY_NAME = '^(?!(%s)$)[^/]{1,255}$' % '|'.join(sorted(ATTRIBUTES))
PROPERTY_VALUE = {'type': ['string', 'null'], 'maxLength': 65535}
create = {
    'type': 'object',
    'properties': ATTRIBUTES,
    'patternProperties': {PROPERTY_NAME: PROPERTY_VALUE},
    'additionalProperties': False,
}
patch = {
    'type': 'array',
    'items': {
        'type': 'object',
        'properties': {
            'op': {'enum': ['add', 'replace', 'remove']},
            'path': {'type': 'string', 'pattern': '^/[^/]{1,255}$'},
            'value': {},
        },
        'required': ['op', 'path'],
        'additionalProperties': False,
    },
}


# The v2.0 patch media type names each change's operation by its key:
# {"replace": "/name", "value": "x"}.
patch_v2_0 = {
    'type': 'array',
    'items': {
        'type': 'object',
        'properties': {
            'add': patch['items']['properties']['path'],
            'replace': patch['items']['properties']['path'],
            'remove': patch['items']['properties']['path'],
            'value': {},
        },
        'minProperties': 1,
        'oneOf': [{'required': [op]} for op in ('add', 'replace', 'remove')],
        'additionalProperties': False,
    },
}


# POST /v2/tasks: an import, the image's attributes and where its data
# comes from.
task_create = {
    'type': 'object',
    'properties': {
        'type': {'type': 'string', 'enum': ['import']},
        'input': {
            'type': 'object',
            'properties': {
                'import_from': {'type': 'string', 'minLength': 1,
                                'maxLength': 2048},
                'import_from_format': {'type': 'string', 'minLength': 1,
                                       'maxLength': 255},
                'image_properties': {'type': 'object'},
            },
            'required': ['import_from', 'import_from_format',
                         'image_properties'],
        },
    },
    'required': ['type', 'input'],
}


def as_v2_1_patch(changes):
    """v2.0 changes written as v2.1's (``op`` and ``path``)."""
    converted = []
    for change in changes:
        op = next(k for k in ('add', 'replace', 'remove') if k in change)
        step = {'op': op, 'path': change[op]}
        if 'value' in change:
            step['value'] = change['value']
        converted.append(step)
    return converted


def check_not_read_only(body):
    for name in READ_ONLY:
        if name in body:
            raise exception.Forbidden(
                message="Attribute '%s' is read-only." % name)


def apply_patch(properties, changes):
    """(attribute values to set, the new properties) after ``changes``."""
    values, properties = {}, dict(properties)
    for change in changes:
        name, op = change['path'][1:], change['op']
        check_not_read_only({name: None})
        if name == 'id':
            raise exception.Forbidden(message="Attribute 'id' is read-only.")
        if op != 'remove' and 'value' not in change:
            raise exception.ValidationError(
                detail="Operation '%s' on /%s needs a value." % (op, name))
        if name in ATTRIBUTES:
            if op == 'remove':
                raise exception.Forbidden(
                    message="Properties '%s' is a base attribute and cannot "
                            "be removed." % name)
            values[name] = _checked(name, change['value'])
        elif op == 'remove':
            if name not in properties:
                raise exception.Conflict(message='Property %s does not '
                                                 'exist.' % name)
            del properties[name]
        else:
            if op == 'replace' and name not in properties:
                raise exception.Conflict(message='Property %s does not '
                                                 'exist.' % name)
            properties[name] = _checked(name, change['value'])
    return values, properties


def _checked(name, value):
    validation.validate(create, {name: value})
    return value


def hidden(params):
    """``os_hidden``: only hidden images when true; by default none."""
    text = params.get('os_hidden', 'false').lower()
    if text not in ('true', 'false'):
        raise exception.ValidationError(
            detail='Invalid value for os_hidden: %s (true or false)'
                   % params.get('os_hidden'))
    return text == 'true'


def visibility_filter(params):
    """``visibility``: one of the four, or ``all`` (community images
    included, which a list leaves out unless asked)."""
    visibility = params.get('visibility')
    if 'changes-since' in params:
        raise exception.ValidationError(
            detail='The "changes-since" filter is no longer available on '
                   'v2.')
    if visibility is None:
        return {}
    if visibility == 'all':
        return {'visibility': None, 'any_visibility': True}
    if visibility not in ATTRIBUTES['visibility']['enum']:
        raise exception.ValidationError(
            detail='Invalid visibility value: %s' % visibility)
    return {'visibility': visibility}


def member_status(params):
    """The answers of the shared images listed to a member: accepted
    unless ``member_status`` says otherwise (``all``: None, any)."""
    status = params.get('member_status', 'accepted')
    if status == 'all':
        return None
    if status not in image_member.STATUSES:
        raise exception.ValidationError(
            detail='Invalid status value: %s' % status)
    return (status,)


def list_limit(params):
    """A page's size: 25 unless asked, never more than 1000 (Glance's
    limit_param_default and api_limit_max)."""
    if 'limit' not in params:
        return DEFAULT_LIMIT
    if not digits.is_digits(params['limit']):
        raise exception.ValidationError(detail='limit param must be a '
                                               'non-negative integer')
    return min(MAX_LIMIT, digits.at_most_int32(params['limit']))


def list_sort(params, keys=SORT_KEYS):
    """(sort key, direction): by default the newest first."""
    key = params.get('sort_key', 'created_at')
    direction = params.get('sort_dir', 'desc')
    if key not in keys:
        raise exception.ValidationError(detail='Invalid sort key: %s. '
                                               'Allowed: %s' % (
                                                   key, ', '.join(keys)))
    if direction not in ('asc', 'desc'):
        raise exception.ValidationError(
            detail='Invalid sort direction: %s' % direction)
    return key, direction
