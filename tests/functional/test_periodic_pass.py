# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The computes of one process recount their resources and look for
abandoned tasks in one pass over them all: what the pass sets right on
every host, that its reads do not grow with the hosts, and that a claim
made between its reads and a host's recount is not counted out."""
import time

from nova_lite.compute import manager as compute_manager
from nova_lite.compute import periodic_pass
from nova_lite import context as nl_context
from nova_lite.objects import compute_node
from nova_lite.objects import instance as instance_obj
from nova_lite.objects import placement
from tests.conftest import sql_statements

HOSTS = 6


def _runs(aio):
    return aio.tasks.runs_of(compute_manager.ComputeManager)


def _flavor(api):
    api.post('/flavors', {'flavor': {'name': 'm1', 'id': 'm1', 'ram': 512,
                                     'vcpus': 2, 'disk': 1}})


def _nodes(context):
    return {n.host: n for n in compute_node.ComputeNodeList.get_all(context)}


def test_one_pass_sets_every_host_right_in_a_few_reads(all_in_one):
    aio = all_in_one(hosts=HOSTS)
    api, placement_api = aio.client, aio.placement_client
    _flavor(api)
    servers = [api.boot('m1', 'vm%d' % i) for i in range(4)]
    context = nl_context.get_admin_context()
    lost, vanished = servers[0], servers[1]
    # An allocation deleted by mistake, and a server record gone behind
    # its compute's back (its usage and allocation stay until a recount).
    assert placement_api.delete('/allocations/%s' % lost['id'])[0] == 204
    instance_obj.Instance.get_by_uuid(context, vanished['id']).destroy()
    host = vanished['OS-EXT-SRV-ATTR:host']
    before = _nodes(context)[host].vcpus_used

    periodic_pass.update_resources(context, _runs(aio))

    assert placement.Placement.allocations_of(context, lost['id'])
    assert placement.Placement.allocations_of(context, vanished['id']) == {}
    assert _nodes(context)[host].vcpus_used == before - 2
    used = {h: n.vcpus_used for h, n in _nodes(context).items()}
    on_host = {}
    for server in servers[:1] + servers[2:]:
        name = server['OS-EXT-SRV-ATTR:host']
        on_host[name] = on_host.get(name, 0) + 2
    assert used == {'sim-host-%d' % i: on_host.get('sim-host-%d' % i, 0)
                    for i in range(1, HOSTS + 1)}
    # Nothing left to set right: the same reads for six hosts as for one
    # (instances, their extras, moves, the trees in three, consumers),
    # where a host at a time took five or more each.
    with sql_statements() as seen:
        periodic_pass.update_resources(context, _runs(aio))
    reads = [s for s in seen if s.startswith('SELECT')]
    assert len(reads) <= 7, reads
    assert not [s for s in seen if s.split()[0] in ('INSERT', 'UPDATE',
                                                    'DELETE')]


def test_a_claim_after_the_reads_is_not_counted_out(all_in_one):
    """The pass reads every host first, then recounts each under its
    tracker's lock: a host that claimed in between refuses the reads
    (they do not show the claim) and is recounted on its own."""
    aio = all_in_one(hosts=1)
    _flavor(aio.client)
    context = nl_context.get_admin_context()
    rt = _runs(aio)[0].manager.rt
    mark = rt.mark()
    instances = instance_obj.InstanceList.get_by_host(
        context, rt.host, expected_attrs=rt.instance_attrs())
    resources = rt.available_resources()
    server = aio.client.boot('m1', 'late')  # claims on the only host
    assert rt.compute_node.vcpus_used == 2

    refreshed = rt.refresh_from(context, mark, resources, instances, {})

    assert rt.compute_node.vcpus_used == 2
    assert _nodes(context)[rt.host].vcpus_used == 2
    assert not refreshed
    # Reads taken after the claim are used.
    mark = rt.mark()
    instances = instance_obj.InstanceList.get_by_host(
        context, rt.host, expected_attrs=rt.instance_attrs())
    assert [i.uuid for i in instances] == [server['id']]
    assert rt.refresh_from(context, mark, resources, instances, {})
    assert rt.compute_node.vcpus_used == 2


def test_a_build_that_never_arrived_fails_in_the_pass(all_in_one,
                                                      monkeypatch):
    """The scheduler claimed on a host whose compute never got the build:
    the abandoned-task pass over all hosts fails it and frees its claim."""
    aio = all_in_one(hosts=3)
    _flavor(aio.client)
    conductor = next(s.manager for s in aio.services
                     if s.binary == 'nova-lite-conductor')
    monkeypatch.setattr(conductor.compute_api, 'build_and_run_instance',
                        lambda *args, **kwargs: True)
    sid = aio.client.boot('m1', 'lost', wait=False)
    context = nl_context.get_admin_context()
    deadline = time.monotonic() + 10
    while not placement.Placement.allocations_of(context, sid):
        assert time.monotonic() < deadline, 'never claimed'
        time.sleep(0.05)

    periodic_pass.finish_abandoned(context, _runs(aio), 0)

    server = aio.client.wait_server(sid, states=('ERROR',))
    assert 'did not arrive within 0 s' in server['fault']['message']
    assert placement.Placement.allocations_of(context, sid) == {}
