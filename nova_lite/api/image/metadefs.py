# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""/v2/metadefs: the metadata definitions catalogue, read-only.

Dashboards read it to offer the properties an image (or a flavor) may
carry. The catalogue here is built in and describes what nova_lite itself
reads: the image properties of a direct kernel boot. It cannot be changed
through the API (every write answers 405, as a route that does not
exist).
"""
from nova_lite import exception

_CREATED = '2026-11-23T00:00:00Z'
RESOURCE_TYPES = ('OS::Glance::Image', 'OS::Nova::Flavor',
                  'OS::Nova::Server')
_UUID = {'type': 'string',
         'pattern': '^[0-9a-fA-F]{8}-([0-9a-fA-F]{4}-){3}[0-9a-fA-F]{12}$'}
CATALOGUE = {
    'NovaLite::Image::KernelBoot': {
        'display_name': 'Direct kernel boot',
        'description': 'An image of disk format ami boots from the kernel '
                       'and ramdisk these name (images of formats aki and '
                       'ari), with this command line.',
        'resource_type_associations': [{'name': 'OS::Glance::Image'}],
        'properties': {
            'kernel_id': dict(_UUID, title='Kernel image',
                              description='The aki image of the kernel.'),
            'ramdisk_id': dict(_UUID, title='Ramdisk image',
                               description='The ari image of the initial '
                                           'ramdisk.'),
            'os_command_line': {
                'type': 'string', 'maxLength': 255,
                'title': 'Kernel command line',
                'description': 'The command line the kernel boots with.'},
        },
    },
}


def _namespace(name, with_properties=False):
    entry = CATALOGUE[name]
    body = {'namespace': name, 'display_name': entry['display_name'],
            'description': entry['description'], 'visibility': 'public',
            'protected': True, 'owner': 'admin',
            'resource_type_associations': [
                dict(r, created_at=_CREATED)
                for r in entry['resource_type_associations']],
            'created_at': _CREATED, 'updated_at': _CREATED,
            'self': '/v2/metadefs/namespaces/%s' % name,
            'schema': '/v2/schemas/metadefs/namespace'}
    if with_properties:
        body['properties'] = entry['properties']
    return body


def _get(namespace):
    if namespace not in CATALOGUE:
        raise exception.NotFound(
            message='Metadata definition namespace=%s was not found.'
            % namespace)
    return namespace


def _associated(name, resource_types):
    return any(r['name'] in resource_types
               for r in CATALOGUE[name]['resource_type_associations'])


def index(req):
    names = sorted(CATALOGUE)
    wanted = req.GET.get('resource_types')
    if wanted:
        names = [n for n in names if _associated(n, wanted.split(','))]
    visibility = req.GET.get('visibility')
    if visibility not in (None, 'public', 'private'):
        raise exception.ValidationError(
            detail='Invalid visibility value: %s' % visibility)
    if visibility == 'private':
        names = []
    return 200, {'namespaces': [_namespace(n) for n in names],
                 'first': '/v2/metadefs/namespaces',
                 'schema': '/v2/schemas/metadefs/namespaces'}


def show(req, namespace):
    return 200, _namespace(_get(namespace), with_properties=True)


def properties(req, namespace):
    return 200, {'properties': CATALOGUE[_get(namespace)]['properties']}


def associations(req, namespace):
    return 200, {'resource_type_associations': _namespace(_get(namespace))[
        'resource_type_associations']}


def resource_types(req):
    return 200, {'resource_types': [
        {'name': name, 'created_at': _CREATED, 'updated_at': _CREATED}
        for name in RESOURCE_TYPES]}
