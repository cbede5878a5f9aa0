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
