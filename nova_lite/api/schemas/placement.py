# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Request schemas of the placement API."""
import copy

_uuid = {'type': 'string', 'format': 'uuid'}
_class = {'type': 'string', 'pattern': '^[A-Z0-9_]+$', 'maxLength': 255}
_positive = {'type': 'integer', 'minimum': 1, 'maximum': 2147483647}
_non_negative = {'type': 'integer', 'minimum': 0, 'maximum': 2147483647}

_name = {'type': 'string', 'minLength': 1, 'maxLength': 200}
_parent = {'anyOf': [_uuid, {'type': 'null'}]}
provider_create = {
    'type': 'object',
    'properties': {'name': _name, 'uuid': _uuid},
    'required': ['name'],
    'additionalProperties': False,
}
provider_update = {
    'type': 'object',
    'properties': {'name': _name},
    'required': ['name'],
    'additionalProperties': False,
}
# From 1.14 a provider may name its parent.
provider_create_1_14 = copy.deepcopy(provider_create)
provider_create_1_14['properties']['parent_provider_uuid'] = _parent
provider_update_1_14 = copy.deepcopy(provider_update)
provider_update_1_14['properties']['parent_provider_uuid'] = _parent

inventory_record = {
    'type': 'object',
    'properties': {
        'total': _positive, 'reserved': _non_negative,
        'min_unit': _positive, 'max_unit': _positive,
        'step_size': _positive,
        # No minimum, as Placement: a ratio that leaves no capacity is
        # refused by the capacity rule (inventories.normalized).
        'allocation_ratio': {'type': 'number', 'maximum': 3.40282e+38},
    },
    'required': ['total'],
    'additionalProperties': False,
}

inventories = {
    'type': 'object',
    'properties': {
        'resource_provider_generation': _non_negative,
        'inventories': {'type': 'object',
                        'patternProperties': {'^[A-Z0-9_]+$':
                                              inventory_record},
                        'additionalProperties': False},
    },
    'required': ['resource_provider_generation', 'inventories'],
    'additionalProperties': False,
}

inventory = copy.deepcopy(inventory_record)
inventory['properties']['resource_provider_generation'] = _non_negative
inventory['required'] = ['total', 'resource_provider_generation']

generation_only = {
    'type': 'object',
    'properties': {'resource_provider_generation': _non_negative},
    'required': ['resource_provider_generation'],
    'additionalProperties': False,
}

# What a client may create or rename a class to.
resource_class_custom = {
    'type': 'object',
    'properties': {'name': {'type': 'string', 'maxLength': 255,
                            'pattern': '^CUSTOM_[A-Z0-9_]+$'}},
    'required': ['name'],
    'additionalProperties': False,
}

_resources = {'type': 'object', 'minProperties': 1,
              'patternProperties': {'^[A-Z0-9_]+$': _positive},
              'additionalProperties': False}
_project = {'type': 'string', 'minLength': 1, 'maxLength': 255}


def allocations_at(minor, deletable=False):
    """PUT /allocations/{consumer} at 1.<minor>: the list form before
    1.12, the dict form from it; project and user from 1.8, the consumer
    generation (and empty allocations, which remove them) from 1.28,
    mappings from 1.34, the consumer type from 1.38. ``deletable``: a
    consumer of POST /allocations, whose allocations may be empty at any
    version."""
    if minor < 12:
        allocations = {'type': 'array', 'items': {
            'type': 'object',
            'properties': {
                'resource_provider': {
                    'type': 'object', 'properties': {'uuid': _uuid},
                    'required': ['uuid'], 'additionalProperties': False},
                'resources': _resources},
            'required': ['resource_provider', 'resources'],
            'additionalProperties': False}, 'minItems': 1}
    else:
        allocations = {'type': 'object', 'patternProperties': {
            '^[0-9a-fA-F-]{32,36}$': {
                'type': 'object',
                'properties': {'resources': _resources,
                               'generation': {'type': ['integer',
                                                       'null']}},
                'required': ['resources'], 'additionalProperties': False}},
            'additionalProperties': False,
            'minProperties': 0 if minor >= 28 or deletable else 1}
    properties = {'allocations': allocations}
    required = ['allocations']
    if minor >= 8:
        properties.update(project_id=_project, user_id=_project)
        required += ['project_id', 'user_id']
    if minor >= 28:
        properties['consumer_generation'] = {'type': ['integer', 'null']}
        required.append('consumer_generation')
    if minor >= 34:
        # Request group suffix: its providers (as candidates showed them).
        properties['mappings'] = {'type': 'object', 'patternProperties': {
            '[a-zA-Z0-9_-]{1,64}': {'type': 'array', 'minItems': 1,
                                    'items': _uuid}}}
    if minor >= 38:
        properties['consumer_type'] = {'type': 'string', 'minLength': 1,
                                       'maxLength': 255,
                                       'pattern': '^[A-Z0-9_]+$'}
        required.append('consumer_type')
    return {'type': 'object', 'properties': properties,
            'required': required, 'additionalProperties': False}


def allocations_many_at(minor):
    """POST /allocations (1.13): {consumer uuid: allocations body}."""
    one = allocations_at(minor, deletable=True)
    return {'type': 'object', 'patternProperties': {
        '^[0-9a-fA-F-]{32,36}$': one}, 'additionalProperties': False,
        'minProperties': 1}


provider_traits = {
    'type': 'object',
    'properties': {
        'resource_provider_generation': _non_negative,
        'traits': {'type': 'array', 'uniqueItems': True, 'items': {
            'type': 'string', 'pattern': '^[A-Z0-9_]+$',
            'maxLength': 255}},
    },
    'required': ['resource_provider_generation', 'traits'],
    'additionalProperties': False,
}

aggregates_1_1 = {'type': 'array', 'uniqueItems': True, 'items': _uuid}
aggregates_1_19 = {
    'type': 'object',
    'properties': {'aggregates': aggregates_1_1,
                   'resource_provider_generation': _non_negative},
    'required': ['aggregates', 'resource_provider_generation'],
    'additionalProperties': False,
}

inventory_create = copy.deepcopy(inventory)
inventory_create['properties']['resource_class'] = _class
inventory_create['required'] = ['total', 'resource_class']


def reshaper_at(minor):
    """POST /reshaper (1.30): new inventories of providers and new
    allocations of consumers (with their generations)."""
    return {
        'type': 'object',
        'properties': {
            'inventories': {'type': 'object', 'patternProperties': {
                '^[0-9a-fA-F-]{32,36}$': inventories},
                'additionalProperties': False},
            'allocations': allocations_many_at(minor),
        },
        'required': ['inventories', 'allocations'],
        'additionalProperties': False,
    }


def providers_query_at(minor):
    """GET /resource_providers: name and uuid; member_of (1.3), resources
    (1.4), in_tree (1.14), required (1.18)."""
    text = {'type': 'string'}
    properties = {'name': text, 'uuid': {'type': 'string',
                                         'format': 'uuid'}}
    for name, since, schema in (('member_of', 3, text),
                                ('resources', 4, text),
                                ('in_tree', 14, {'type': 'string',
                                                 'format': 'uuid'}),
                                ('required', 18, text)):
        if minor >= since:
            properties[name] = schema
    return {'type': 'object', 'properties': properties,
            'additionalProperties': False}


traits_query = {
    'type': 'object',
    'properties': {'name': {'type': 'string'},
                   'associated': {'type': 'string'}},
    'additionalProperties': False,
}


def usages_query_at(minor):
    """GET /usages: project_id, user_id; consumer_type from 1.38."""
    text = {'type': 'string', 'minLength': 1, 'maxLength': 255}
    properties = {'project_id': text, 'user_id': text}
    if minor >= 38:
        properties['consumer_type'] = dict(
            text, pattern='^[A-Z0-9_]+$|^all$|^unknown$')
    return {'type': 'object', 'properties': properties,
            'required': ['project_id'], 'additionalProperties': False}


def candidates_query_at(minor):
    """GET /allocation_candidates: the parameters each version takes.
    resources (required before 1.25); limit (1.16); required (1.17);
    member_of (1.21); from 1.25 numbered groups of resources, required and
    member_of and a group_policy; in_tree (1.31); any group suffix (1.33);
    root_required (1.35); same_subtree (1.36)."""
    text = {'type': 'string'}
    properties, patterns = {}, {}
    if minor >= 16:
        properties['limit'] = {'type': 'string', 'pattern': '^[1-9][0-9]*$'}
    names = ['resources'] + [name for name, since in (
        ('required', 17), ('member_of', 21), ('in_tree', 31))
        if minor >= since]
    if minor < 25:
        properties.update({name: text for name in names})
        return {'type': 'object', 'properties': properties,
                'required': ['resources'], 'additionalProperties': False}
    suffix = '[a-zA-Z0-9_-]{1,64}' if minor >= 33 else '[1-9][0-9]*'
    patterns.update({'^%s(%s)?$' % (name, suffix): text for name in names})
    properties['group_policy'] = {'type': 'string',
                                  'enum': ['none', 'isolate']}
    for name, since in (('root_required', 35), ('same_subtree', 36)):
        if minor >= since:
            properties[name] = text
    return {'type': 'object', 'properties': properties,
            'patternProperties': patterns, 'additionalProperties': False}
