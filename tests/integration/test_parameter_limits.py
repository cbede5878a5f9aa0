# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Every route's parameters at and past the limits of the columns behind
them, on SQLite, MariaDB and PostgreSQL: no answer is a 500, and every
database gives the same answer.

Each path parameter of every route of the three APIs, one at a time (the
others naming things that exist), and every query parameter a route
reads, take a string longer than any text column (256 characters), ids
past 32 and 64 bits and below their negative range, and the same at the
columns' very limits. Body strings that reach a column are sent one past
their length. A database that refuses a value where another stores it
(MariaDB and PostgreSQL on a long string, SQLite on a 64-bit overflow)
shows as a difference between the three tables of answers. Each compute
route is asked at the newest microversion it is served at.
"""
import http.client
import json
import re

import pytest

from nova_lite.api.image import router as image_router
from nova_lite.api import microversion
from nova_lite.api.placement import router as placement_router
from nova_lite.api import router as compute_router
from tests.integration import databases

pytestmark = pytest.mark.integration

# Each compute route is asked at the newest version it exists at.
COMPUTE_HEADER = 'X-OpenStack-Nova-API-Version'
PLACEMENT = {'OpenStack-API-Version': 'placement 1.39'}
LIMITS = ['x' * 255, 'x' * 256, '2147483647', '2147483648',
          '-2147483649', '9223372036854775807', '9223372036854775808',
          '-9223372036854775809']
QUERY_LIMITS = ['x' * 256, '2147483648', '9223372036854775808']
# Query parameters the three APIs read somewhere; each GET (and any route
# with a query schema) is asked with each of them.
QUERY_NAMES = sorted({
    'limit', 'marker', 'name', 'user_id', 'project_id', 'tenant_id',
    'all_tenants', 'host', 'hostname', 'status', 'flavor', 'image',
    'sort_key', 'sort_dir', 'changes-since', 'changes-before', 'ip',
    'instance_uuid', 'migration_type', 'source_compute', 'hidden',
    'minRam', 'minDisk', 'is_public', 'hypervisor_hostname_pattern',
    'with_servers', 'binary', 'reservation_id', 'tags', 'tags-any',
    'locked', 'availability_zone', 'key_name', 'uuid', 'in_tree',
    'member_of', 'resources', 'required', 'visibility', 'owner',
    'member_status', 'tag', 'id', 'start', 'end', 'detailed',
    'consumer_type', 'group_policy', 'root_required', 'same_subtree',
    'associated', 'type', 'os_distro', 'created_at', 'updated_at'})
LONG = 'y' * 256
# Bodies for the routes that take one, so that a parameter reaches the
# database; strings in them one past their column.
BODIES = {
    ('PUT', '/os-quota-sets/{tenant_id}'): {'quota_set': {'instances': 5}},
    ('PUT', '/os-quota-class-sets/{class_id}'): {
        'quota_class_set': {'instances': 5}},
    ('PUT', '/flavors/{flavor_id}/os-extra_specs/{key}'): None,
    ('POST', '/flavors/{flavor_id}/os-extra_specs'): {
        'extra_specs': {'k': 'v'}},
    ('POST', '/flavors/{flavor_id}/action'): {
        'addTenantAccess': {'tenant': 'p9'}},
    ('PUT', '/servers/{server_id}/tags/{tag}'): None,
    ('PUT', '/servers/{server_id}/metadata/{key}'): None,
    ('PUT', '/os-aggregates/{aggregate_id}'): {'aggregate': {'name': 'a2'}},
    ('POST', '/os-aggregates/{aggregate_id}/action'): {
        'set_metadata': {'metadata': {'k': 'v'}}},
    ('POST', '/servers/{server_id}/migrations/{migration_id}/action'): {
        'force_complete': None},
    ('PUT', '/os-services/{service_id}'): {'status': 'enabled'},
    ('PUT', '/resource_providers/{uuid}/inventories/{resource_class}'): {
        'resource_provider_generation': 0, 'total': 1},
    ('PUT', '/resource_providers/{uuid}'): {'name': 'rp2'},
    ('PUT', '/resource_providers/{uuid}/traits'): {
        'resource_provider_generation': 0, 'traits': []},
    ('PUT', '/resource_providers/{uuid}/aggregates'): {
        'resource_provider_generation': 0, 'aggregates': []},
    ('PUT', '/allocations/{consumer_uuid}'): {
        'allocations': {}, 'project_id': 'p', 'user_id': 'u',
        'consumer_generation': None},
    ('PUT', '/v2/images/{image_id}/members/{member_id}'): {
        'status': 'accepted'},
    ('POST', '/v2/images/{image_id}/members'): {'member': 'p9'},
}
# Body strings one past what their columns hold, each on its own.
LONG_BODIES = [
    ('compute', 'POST', '/flavors', {'flavor': {
        'name': LONG, 'ram': 64, 'vcpus': 1, 'disk': 1}}),
    ('compute', 'POST', '/flavors', {'flavor': {
        'name': 'f', 'id': LONG, 'ram': 64, 'vcpus': 1, 'disk': 1}}),
    ('compute', 'POST', '/flavors', {'flavor': {
        'name': 'f', 'ram': 64, 'vcpus': 1, 'disk': 1,
        'description': 'd' * 65536}}),
    ('compute', 'POST', '/flavors/m1/os-extra_specs', {
        'extra_specs': {'k': LONG}}),
    ('compute', 'POST', '/flavors/m1/action', {
        'addTenantAccess': {'tenant': LONG}}),
    ('compute', 'POST', '/servers', {'server': {
        'name': LONG, 'flavorRef': 'm1'}}),
    ('compute', 'POST', '/servers', {'server': {
        'name': 's', 'flavorRef': 'm1', 'metadata': {'k': LONG}}}),
    ('compute', 'POST', '/servers', {'server': {
        'name': 's', 'flavorRef': 'm1', 'availability_zone': LONG}}),
    ('compute', 'POST', '/servers', {'server': {
        'name': 's', 'flavorRef': 'm1', 'key_name': LONG}}),
    ('compute', 'POST', '/servers', {'server': {
        'name': 's', 'flavorRef': 'm1', 'hostname': LONG}}),
    ('compute', 'POST', '/os-keypairs', {'keypair': {'name': LONG}}),
    ('compute', 'POST', '/os-aggregates', {'aggregate': {'name': LONG}}),
    ('compute', 'POST', '/os-aggregates', {'aggregate': {
        'name': 'a3', 'availability_zone': LONG}}),
    ('compute', 'POST', '/os-server-groups', {'server_group': {
        'name': LONG, 'policy': 'affinity'}}),
    ('compute', 'PUT', '/os-services/disable-log-reason', {
        'host': LONG, 'binary': 'nova-compute',
        'disabled_reason': 'r'}),
    ('placement', 'POST', '/resource_providers', {'name': LONG}),
    ('placement', 'POST', '/resource_classes', {'name': 'CUSTOM_' + LONG}),
    ('placement', 'PUT', '/traits/CUSTOM_' + LONG, None),
    ('image', 'POST', '/v2/images', {'name': LONG}),
    ('image', 'POST', '/v2/images', {'name': 'i', 'os_distro': LONG}),
    ('image', 'POST', '/v2/images', {'name': 'i', 'k': 'v' * 65536}),
    ('image', 'POST', '/v2/metadefs/namespaces', {'namespace': LONG}),
    ('image', 'POST', '/v2/metadefs/namespaces', {
        'namespace': 'n', 'description': 'd' * 65536}),
    ('image', 'POST', '/v2/metadefs/namespaces', {
        'namespace': 'n', 'tags': [{'name': LONG}]}),
    ('image', 'POST', '/v2/metadefs/namespaces', {
        'namespace': 'n', 'properties': {LONG: {'type': 'string',
                                                'title': 'T'}}}),
]


class Connections:
    """One kept-alive connection per port (a sweep of thousands of
    requests)."""

    def __init__(self):
        self.open = {}

    def call(self, port, method, path, body, headers):
        data = None if body is None else json.dumps(body).encode('utf-8')
        headers = dict({'X-Auth-Token': 'admin:admin',
                        'Content-Type': 'application/json'}, **headers)
        for attempt in (1, 2):
            conn = self.open.get(port) or http.client.HTTPConnection(
                '127.0.0.1', port, timeout=60)
            self.open[port] = conn
            try:
                conn.request(method, path, body=data, headers=headers)
                response = conn.getresponse()
                text = response.read().decode('utf-8', 'replace')
            except (http.client.HTTPException, OSError):
                conn.close()
                del self.open[port]
                if attempt == 2:
                    raise
                continue
            if response.will_close:
                conn.close()
                del self.open[port]
            return response.status, text


class Cloud:
    """One all-in-one with one of each thing the routes name."""

    def __init__(self, aio):
        self.aio = aio
        self.ports = {'compute': aio.api.port,
                      'placement': aio.placement.port,
                      'image': aio.image.port}
        self.connections = Connections()
        self.names = self._things()

    def call(self, api, method, path, body, version=None):
        prefix, headers = {
            'compute': ('/v2.1', {COMPUTE_HEADER: version or
                                  microversion.MAX_VERSION}),
            'placement': ('', PLACEMENT),
            'image': ('', {})}[api]
        return self.connections.call(self.ports[api], method,
                                     prefix + path, body, headers)

    def _things(self):
        api, placement = self.aio.client, self.aio.placement_client
        api.post('/flavors', {'flavor': {'name': 'm1', 'id': 'm1',
                                         'ram': 64, 'vcpus': 1, 'disk': 1}})
        api.post('/flavors/m1/os-extra_specs', {'extra_specs': {'k': 'v'}})
        server = api.post('/servers', {'server': {
            'name': 's1', 'flavorRef': 'm1',
            'metadata': {'k': 'v'}}})[1]['server']['id']
        api.wait_server(server)
        api.put('/servers/%s/tags/t' % server, None)
        api.post('/servers/%s/action' % server, {'migrate': None})
        api.wait_server(server, ('VERIFY_RESIZE',))
        migration = api.get('/os-migrations')[1]['migrations'][0]['id']
        aggregate = api.post('/os-aggregates', {'aggregate': {
            'name': 'a1'}})[1]['aggregate']['id']
        api.post('/os-keypairs', {'keypair': {'name': 'kp'}})
        group = api.post('/os-server-groups', {'server_group': {
            'name': 'g', 'policies': ['affinity']}})[1]['server_group']['id']
        compute = api.get('/os-services?binary=nova-compute')[1][
            'services'][0]
        service = compute['id']
        hypervisor = api.get('/os-hypervisors')[1]['hypervisors'][0]['id']
        action = api.get('/servers/%s/os-instance-actions' % server)[1][
            'instanceActions'][0]['request_id']
        provider = placement.get('/resource_providers')[1][
            'resource_providers'][0]['uuid']
        status, image = self.call('image', 'POST', '/v2/images',
                                  {'name': 'i1', 'visibility': 'shared'})
        image = json.loads(image)['id']
        self.call('image', 'POST', '/v2/images/%s/members' % image,
                  {'member': 'p1'})
        self.call('image', 'POST', '/v2/metadefs/namespaces', {
            'namespace': 'ns1', 'objects': [{'name': 'o'}],
            'properties': {'p': {'type': 'string', 'title': 'P'}},
            'tags': [{'name': 't'}],
            'resource_type_associations': [{'name': 'OS::Nova::Flavor'}]})
        return {'alias': 'os-keypairs', 'flavor_id': 'm1', 'key': 'k',
                'server_id': server, 'tag': 't', 'volume_id': server,
                'port_id': server, 'network_id': 'private',
                'network_label': 'private', 'request_id': action,
                'tenant_id': 'p1', 'aggregate_id': str(aggregate),
                'migration_id': str(migration), 'group_id': group,
                'class_id': 'default', 'keypair_name': 'kp',
                'service_id': service, 'hypervisor_id': str(hypervisor),
                'pattern': 'sim', 'uuid': provider,
                'resource_class': 'VCPU', 'name': 'CUSTOM_X',
                'consumer_uuid': server, 'image_id': image,
                'member_id': 'p1', 'namespace': 'ns1', 'object_name': 'o',
                'property_name': 'p', 'tag_name': 't',
                'resource_type': 'OS::Nova::Flavor',
                'task_id': server, 'share_id': server,
                'host_name': compute['host'],
                'before_timestamp': '2026-01-01 00:00:00'}


def _routes():
    for api, table in (('compute', compute_router.ROUTES),
                       ('placement', placement_router.ROUTES),
                       ('image', image_router.ROUTES)):
        for method, path, handler, _rule in table:
            yield api, method, path, handler


def _reads_queries(method, path, handler):
    """Lists (GETs of a collection) filter by queries; other routes read
    the queries their schemas name."""
    if hasattr(handler, 'query_schemas'):
        return True
    return method == 'GET' and not path.endswith('}')


def _answers(cloud):
    """{(api, method, path, what was sent): status}, and the 500s."""
    answers, failures = {}, []

    def ask(key, api, method, path, body):
        status, text = cloud.call(api, method, path, body, version)
        answers[key] = status
        # 501 is an answer (os-hosts' actions a libvirt host cannot
        # take), not a failure.
        if status >= 500 and status != 501:
            failures.append((key, status, text[:300]))

    for api, method, path, handler in _routes():
        version = getattr(handler, 'version_range', (None, None))[1]
        body = BODIES.get((method, path), {} if method in ('PUT', 'POST')
                          else None)
        params = re.findall(r'{(\w+)}', path)
        for param in params:
            for value in LIMITS:
                filled = path
                for other in params:
                    filled = filled.replace(
                        '{%s}' % other,
                        value if other == param else cloud.names[other])
                ask((api, method, path, param, value), api, method, filled,
                    body)
        if not _reads_queries(method, path, handler):
            continue
        filled = path
        for param in params:
            filled = filled.replace('{%s}' % param, cloud.names[param])
        for name in QUERY_NAMES:
            for value in QUERY_LIMITS:
                ask((api, method, path, '?' + name, value), api, method,
                    '%s?%s=%s' % (filled, name, value), body)
    version = None
    for api, method, path, body in LONG_BODIES:
        ask((api, method, path, json.dumps(body)[:80]), api, method, path,
            body)
    return answers, failures


def test_every_parameter_at_its_limit_answers_alike_on_every_database(
        all_in_one, tmp_path):
    found = databases.on_each(all_in_one, tmp_path,
                              lambda aio: _answers(Cloud(aio)), hosts=2)
    tables = {kind: table for kind, (table, _f) in found.items()}
    failures = [(kind,) + each for kind, (_t, failed) in found.items()
                for each in failed]
    assert failures == [], '\n'.join(map(str, failures))
    for kind in ('mysql', 'postgresql'):
        differ = [(key, tables['sqlite'][key], status)
                  for key, status in tables[kind].items()
                  if tables['sqlite'][key] != status]
        assert differ == [], '%s answers unlike sqlite:\n%s' % (
            kind, '\n'.join(map(str, differ)))
