# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""A second resource plugin, defined only in the tests (gizmo_plugin),
works end to end with nothing added to the core: no migration, no change
to scheduler or resource tracker, only ``[resources] enabled``."""
import json

from nova_lite import conf as nl_conf
from tests.functional import gizmo_plugin

PLUGIN = 'tests.functional.gizmo_plugin:GizmoPlugin'


def _flavor(api, name, gizmos):
    api.create_flavor(name, flavor_id=name,
                      extra_specs={'gizmo:count': str(gizmos)})


def _boot(api, flavor):
    return api.boot(flavor, flavor, version='2.37', networks='none')


def test_a_plugin_from_outside_the_core_places_and_counts(all_in_one,
                                                          overrides):
    gizmo_plugin.GizmoPlugin.register_opts(nl_conf.CONF)
    overrides('enabled', ['vietstack', PLUGIN], group='resources')
    overrides('per_host', {'sim-host-1': '2', 'sim-host-3': '1'},
              group='gizmo')
    aio = all_in_one(hosts=3)
    api, placement_api = aio.client, aio.placement_client
    providers = {p['name']: p['uuid'] for p in placement_api.get(
        '/resource_providers')[1]['resource_providers']}
    assert {'sim-host-1:gizmos', 'sim-host-3:gizmos'} <= set(providers)
    assert 'sim-host-2:gizmos' not in providers
    _flavor(api, 'g2', 2)
    _flavor(api, 'g1', 1)
    pair = _boot(api, 'g2')
    assert (pair['status'], pair['OS-EXT-SRV-ATTR:host']) == (
        'ACTIVE', 'sim-host-1')
    allocations = placement_api.get('/allocations/%s' % pair['id'])[1][
        'allocations']
    assert allocations[providers['sim-host-1:gizmos']]['resources'] == {
        gizmo_plugin.RESOURCE_CLASS: 2}
    assert _boot(api, 'g2')['status'] == 'ERROR'
    single = _boot(api, 'g1')
    assert (single['status'], single['OS-EXT-SRV-ATTR:host']) == (
        'ACTIVE', 'sim-host-3')
    fault = _boot(api, 'g1')['fault']['message']
    assert '1 gizmo(s)' in fault, fault
    # The records are the instances' (instance_extra.resource_records):
    # a restarted host still counts them.
    all_in_one.stop(aio)
    aio = all_in_one(hosts=3)
    tracker, = [svc.manager.rt for svc in aio.services
                if getattr(svc.manager, 'rt', None) is not None and
                svc.manager.rt.host == 'sim-host-1']
    assert {uuid: json.loads(r) for uuid, r in
            tracker.records['gizmo'].items()} == {pair['id']: [0, 1]}
    assert aio.client.delete('/servers/%s' % pair['id'])[0] == 204
    aio.client.wait_server(pair['id'], states=('DELETED',))
    again = _boot(aio.client, 'g2')
    assert (again['status'], again['OS-EXT-SRV-ATTR:host']) == (
        'ACTIVE', 'sim-host-1')


def test_a_plugin_brings_its_filter_and_admin_views(all_in_one, overrides):
    """The same reach as VietStack's, from the plugin alone: its filter
    explains NoValidHost, its views answer under their own admin rules."""
    gizmo_plugin.GizmoPlugin.register_opts(nl_conf.CONF)
    overrides('enabled', ['vietstack', PLUGIN], group='resources')
    overrides('per_host', {'sim-host-1': '2', 'sim-host-3': '1'},
              group='gizmo')
    api = all_in_one(hosts=3).client
    _flavor(api, 'g3', 3)
    _flavor(api, 'g2', 2)
    fault = _boot(api, 'g3')['fault']['message']
    assert ('GizmoFilter removed 3 of 3 hosts (need 3 gizmo(s), '
            'sim-host-1 has 2, sim-host-2 has 0, sim-host-3 has 1)') in fault
    server = _boot(api, 'g2')
    assert api.get('/servers/%s/gizmo' % server['id']) == (
        200, {'gizmo': {'gizmos': [0, 1]}})
    node = api.get('/os-hypervisors/detail?hypervisor_hostname_pattern='
                   'sim-host-3', headers={'OpenStack-API-Version':
                                          'compute 2.53'})[1]['hypervisors']
    assert api.get('/os-hypervisors/%s/gizmo' % node[0]['id'], headers={
        'OpenStack-API-Version': 'compute 2.53'}) == (
        200, {'gizmo': {'total': 1}})
    member = api.as_user('alice:p1')
    assert member.get('/servers/%s/gizmo' % server['id'])[0] == 403
    document = api.get('/openapi.json')[1]
    assert '/servers/{server_id}/gizmo' in document['paths']
    assert '/os-hypervisors/{hypervisor_id}/gizmo' in document['paths']
