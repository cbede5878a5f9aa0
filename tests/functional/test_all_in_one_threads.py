# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""An all-in-one's simulated hosts on ``fake://`` receive through one
fleet thread (nova_lite_tools.fake_rpc_fleet), not a polling thread each:
more hosts cost no more threads while idle, and they still build."""
import threading


def _started(all_in_one, hosts):
    """The all-in-one, its threads, and how many are fleet threads."""
    aio = all_in_one(hosts=hosts)
    names = [t.name for t in threading.enumerate()]
    return aio, len(names), names.count('fake-rpc-fleet')


def test_more_simulated_hosts_cost_no_more_threads(all_in_one):
    small, few, fleets = _started(all_in_one, 2)
    assert fleets == 1
    all_in_one.stop(small)
    large, many, fleets = _started(all_in_one, 22)
    assert fleets == 1
    assert many - few < 5, (few, many)
    flavor = large.client.create_flavor('tiny', ram=64, vcpus=1, disk=0)
    servers = [large.client.boot(flavor['id'], 'vm%d' % i)
               for i in range(4)]
    assert [s['status'] for s in servers] == ['ACTIVE'] * 4
