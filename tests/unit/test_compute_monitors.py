# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Compute monitors read a host's CPU with each resource update; the
scheduler's MetricsWeigher and MetricsFilter judge hosts by what they
read, as ``[metrics]`` says."""
import time

import pytest

from nova_lite.compute.monitors.cpu import busy_shares
from nova_lite.compute import resource_tracker
from nova_lite import conf as nl_conf
from nova_lite import exception
from nova_lite.objects import monitor_metric
from nova_lite.scheduler.filters import metrics_filter
from nova_lite.scheduler.weighers import metrics as metrics_weigher
from nova_lite.virt.libvirt import driver as libvirt_driver
from nova_lite.virt.libvirt import simulated_host

CONF = nl_conf.CONF
_S = 10 ** 9


def test_cpu_shares_of_what_passed_between_two_readings():
    before = {'user': 10 * _S, 'kernel': 5 * _S, 'idle': 80 * _S,
              'iowait': 5 * _S, 'frequency': 2400}
    now = {'user': 40 * _S, 'kernel': 15 * _S, 'idle': 130 * _S,
           'iowait': 15 * _S, 'frequency': 2400}
    found = busy_shares.metrics(now, before)
    assert found == {
        'cpu.frequency': 2400, 'cpu.user.time': 40 * _S,
        'cpu.kernel.time': 15 * _S, 'cpu.idle.time': 130 * _S,
        'cpu.iowait.time': 15 * _S, 'cpu.user.percent': 30,
        'cpu.kernel.percent': 10, 'cpu.idle.percent': 50,
        'cpu.iowait.percent': 10, 'cpu.percent': 50}
    # Nothing passed (a test-driver host's times stand still): 0 %.
    assert busy_shares.metrics(now, now)['cpu.percent'] == 0


@pytest.fixture
def tracker(sqlite_db, admin_context, overrides, tmp_path):
    def make(monitors, vcpus=4):
        overrides('compute_monitors', monitors, group='compute')
        uri = simulated_host.write_node_file(str(tmp_path), 'h1', vcpus,
                                             4096)
        rt = resource_tracker.ResourceTracker(
            CONF, 'h1', libvirt_driver.LibvirtDriver(CONF, 'h1', uri=uri))
        rt.update_available_resource(admin_context)
        return rt
    return make


def test_the_virt_driver_monitor_reads_libvirts_cpu(tracker):
    rt = tracker(['cpu.virt_driver'])
    metrics = rt.compute_node.metrics.values()
    stats = rt.driver.get_host_cpu_stats()
    assert metrics['cpu.frequency'] == 2400  # the node file's
    assert metrics['cpu.user.time'] == stats['user']
    assert {m.source for m in rt.compute_node.metrics.objects} == {
        'libvirt'}


def test_the_simulated_monitor_counts_its_guests_vcpus_busy(
        tracker, admin_context):
    rt = tracker(['simulated'], vcpus=4)
    assert rt.compute_node.metrics.values()['cpu.percent'] == 0
    rt.compute_node.vcpus_used = 3
    time.sleep(0.01)
    rt.update_available_resource(admin_context)
    read = rt.compute_node.metrics.values()
    # The recount put vcpus_used back to its servers' (none): the share
    # read is that of the time between the two updates.
    assert read['cpu.percent'] == read['cpu.user.percent'] == 75
    assert read['cpu.idle.percent'] == 25
    assert read['cpu.user.time'] > 0


def test_monitors_are_named_as_in_nova(tracker):
    for name in ('cpu.virt_driver', 'virt_driver',
                 'nova_lite.compute.monitors.cpu.virt_driver'):
        rt = tracker([name])
        assert [type(m).__module__ for m in rt.monitors.monitors] == [
            'nova_lite.compute.monitors.cpu.virt_driver']
    # One CPU monitor at most: the first named.
    rt = tracker(['cpu.simulated', 'cpu.virt_driver'])
    assert [m.source for m in rt.monitors.monitors] == ['simulated']
    assert tracker([]).compute_node.metrics is None


def test_an_unknown_monitor_is_a_config_error(tracker):
    with pytest.raises(exception.ConfigInvalid) as raised:
        tracker(['cpu.gpu_temperature'])
    assert '[compute] compute_monitors: no monitor cpu.gpu_temperature ' \
        '(known: cpu.simulated, cpu.virt_driver)' in \
        raised.value.format_message()


class _Host:
    def __init__(self, name, **metrics):
        self.host = self.nodename = name
        self.metrics = {k.replace('_', '.'): v for k, v in metrics.items()}


def test_the_metrics_weigher_sums_each_metric_times_its_ratio(overrides):
    overrides('weight_setting', ['cpu.percent=-1.0', 'cpu.frequency=0.5',
                                 'no-ratio'], group='metrics')
    weigher = metrics_weigher.MetricsWeigher(CONF)
    assert weigher.setting == [('cpu.percent', -1.0),
                               ('cpu.frequency', 0.5)]
    busy = _Host('busy', cpu_percent=80, cpu_frequency=2000)
    idle = _Host('idle', cpu_percent=10, cpu_frequency=2000)
    assert weigher.weigh(busy, None) == 920.0
    assert weigher.weigh(idle, None) == 990.0


def test_a_host_missing_a_metric_fails_or_weighs_least(overrides):
    overrides('weight_setting', ['cpu.percent=1.0'], group='metrics')
    silent = _Host('silent')
    with pytest.raises(exception.ComputeHostMetricNotFound) as raised:
        metrics_weigher.MetricsWeigher(CONF).weigh(silent, None)
    assert raised.value.format_message() == (
        'Metric cpu.percent could not be found on the compute host node '
        'silent.silent.')
    overrides('required', False, group='metrics')
    overrides('weight_of_unavailable', -500.0, group='metrics')
    assert metrics_weigher.MetricsWeigher(CONF).weigh(silent, None) == -500
    overrides('weight_multiplier', 0.0, group='metrics')
    assert metrics_weigher.MetricsWeigher(CONF).weigh(silent, None) == 0.0


def test_the_metrics_filter_keeps_out_hosts_without_the_metrics(overrides):
    overrides('weight_setting', ['cpu.percent=1.0', 'cpu.frequency=1'],
              group='metrics')
    host_filter = metrics_filter.MetricsFilter(CONF)
    complete = _Host('a', cpu_percent=1, cpu_frequency=1)
    partial = _Host('b', cpu_percent=1)
    assert host_filter.host_passes(complete, None)
    assert not host_filter.host_passes(partial, None)
    assert host_filter.explain(None, [partial]) == \
        'not reporting cpu.frequency'


def test_a_metric_list_reads_as_names_and_values():
    metrics = monitor_metric.MonitorMetricList(objects=[
        monitor_metric.MonitorMetric(name='cpu.percent', value=5,
                                     timestamp='2026-12-01T00:00:00Z',
                                     source='s')])
    assert metrics.values() == {'cpu.percent': 5}
