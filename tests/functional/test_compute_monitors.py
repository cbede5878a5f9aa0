# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Compute monitors on the all-in-one's simulated hosts: what they read
is kept with each compute node, published as ``metrics.update`` and
weighed by the scheduler's MetricsWeigher."""
import pytest

from nova_lite import context as nl_context
from nova_lite.notifications import sender
from nova_lite.objects import compute_node
from tests.functional import notification_calls


def _compute(aio, host):
    return next(s.manager for s in aio.services
                if getattr(s.manager, 'host', None) == host and
                hasattr(s.manager, 'rt'))


def _update(aio, *hosts):
    context = nl_context.get_admin_context()
    for host in hosts:
        _compute(aio, host).rt.update_available_resource(context)


@pytest.fixture
def monitored(all_in_one, overrides):
    overrides('compute_monitors', ['cpu.simulated'], group='compute')
    return all_in_one


def _busy_first(overrides, **more):
    """Only the MetricsWeigher, preferring the busiest CPU: the opposite
    of the RAM weigher's spreading."""
    overrides('weight_classes', ['MetricsWeigher'], group='filter_scheduler')
    overrides('weight_setting', ['cpu.percent=1.0'], group='metrics')
    for name, value in more.items():
        overrides(name, value, group='metrics')


def test_the_scheduler_weighs_hosts_by_their_monitors_metrics(monitored,
                                                              overrides):
    _busy_first(overrides)
    aio = monitored(hosts=3)
    api = aio.client
    api.create_flavor('big', ram=512, vcpus=6, flavor_id='big')
    api.create_flavor('small', ram=512, vcpus=1, flavor_id='small')
    first = api.boot('big', version='2.74', host='sim-host-2',
                     networks='auto')
    assert first['status'] == 'ACTIVE', first
    _update(aio, 'sim-host-1', 'sim-host-2', 'sim-host-3')
    nodes = {n.host: n for n in compute_node.ComputeNodeList.get_all(
        nl_context.get_admin_context())}
    assert nodes['sim-host-2'].metrics.values()['cpu.percent'] == 75
    assert nodes['sim-host-1'].metrics.values()['cpu.percent'] == 0
    # The busy host weighs most; free RAM does not count.
    for name in ('vm1', 'vm2'):
        server = api.boot('small', name=name)
        assert server['OS-EXT-SRV-ATTR:host'] == 'sim-host-2', server


def test_a_host_missing_a_required_metric_fails_the_request(all_in_one,
                                                            overrides):
    """No monitor: no host has cpu.percent, and ``required`` (the
    default) fails the request as Nova's does."""
    _busy_first(overrides)
    aio = all_in_one(hosts=2)
    aio.client.create_flavor('small', ram=512, flavor_id='small')
    server = aio.client.boot('small')
    assert server['status'] == 'ERROR'
    assert 'Metric cpu.percent could not be found on the compute host ' \
        'node sim-host-' in server['fault']['message'], server['fault']


def test_not_required_a_host_missing_it_weighs_least(monitored, overrides):
    _busy_first(overrides, required=False)
    aio = monitored(hosts=2)
    api = aio.client
    api.create_flavor('small', ram=512, flavor_id='small')
    # sim-host-1 stops reporting metrics; its node keeps none.
    _compute(aio, 'sim-host-1').rt.monitors.monitors = []
    _update(aio, 'sim-host-1', 'sim-host-2')
    for name in ('vm1', 'vm2', 'vm3'):
        server = api.boot('small', name=name)
        assert server['OS-EXT-SRV-ATTR:host'] == 'sim-host-2', server


def test_the_metrics_filter_keeps_such_hosts_out(monitored, overrides):
    _busy_first(overrides)
    overrides('enabled_filters', ['ComputeFilter', 'MetricsFilter'],
              group='filter_scheduler')
    aio = monitored(hosts=2)
    api = aio.client
    api.create_flavor('small', ram=512, flavor_id='small')
    for name in ('sim-host-1', 'sim-host-2'):
        _compute(aio, name).rt.monitors.monitors = []
    _update(aio, 'sim-host-1', 'sim-host-2')
    server = api.boot('small')
    assert server['status'] == 'ERROR'
    assert 'MetricsFilter removed 2 of 2 hosts (not reporting ' \
        'cpu.percent)' in server['fault']['message'], server['fault']


def test_each_update_publishes_the_hosts_metrics(monitored, overrides):
    overrides('driver', ['messagingv2'], group='oslo_messaging_notifications')
    overrides('notification_format', 'both', group='notifications')
    sender.reset()
    try:
        aio = monitored(hosts=1)
        listener, received = notification_calls.listen(
            sender.get(aio.conf).transport)
        legacy_listener, legacy = notification_calls.listen(
            sender.get(aio.conf).transport, 'notifications')
        _update(aio, 'sim-host-1')
        received.wait_for('metrics.update')
        legacy.wait_for('compute.metrics.update')
        assert notification_calls.invalid_payloads(received) == []
        payload = received.payloads('metrics.update')[-1]
        assert payload['nova_object.name'] == 'MetricsPayload'
        data = payload['nova_object.data']
        assert (data['host'], data['nodename']) == ('sim-host-1',
                                                    'sim-host-1')
        names = {m['nova_object.data']['name']: m['nova_object.data']
                 for m in data['metrics']}
        assert names['cpu.frequency']['value'] == 2400
        assert names['cpu.percent']['source'] == 'simulated'
        old = legacy.payloads('compute.metrics.update')[-1]
        assert {m['name'] for m in old['metrics']} == set(names)
        assert old['nodename'] == 'sim-host-1'
        notification_calls.stop(listener)
        notification_calls.stop(legacy_listener)
    finally:
        sender.reset()
