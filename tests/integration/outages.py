# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""What the outage tests (broker, database restarted mid-burst) check
after the burst: every server reaches a final state, and placement agrees
with those states."""
import io
import time

from nova_lite.cmd import placement_audit
from nova_lite import conf as nl_conf
from nova_lite import context as nl_context
from nova_lite import resources


def wait_final(api, ids, timeout):
    """{server id: ACTIVE or ERROR}, or AssertionError naming the servers
    still building after ``timeout``."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        states = {i: api.get('/servers/%s' % i)[1]['server']['status']
                  for i in ids}
        if set(states.values()) <= {'ACTIVE', 'ERROR'}:
            return states
        time.sleep(0.5)
    raise AssertionError('servers still building: %s' % states)


def assert_placement_agrees(aio, states):
    """The audit finds nothing; ACTIVE servers hold an allocation, ERROR
    ones none."""
    out = io.StringIO()
    findings = placement_audit.audit(
        nl_context.get_admin_context(), False,
        lambda line: out.write(line + '\n'), resources.load(nl_conf.CONF))
    assert findings == 0, out.getvalue()
    for server_id, state in states.items():
        allocations = aio.placement_client.get(
            '/allocations/%s' % server_id)[1]['allocations']
        assert bool(allocations) == (state == 'ACTIVE'), (
            server_id, state, allocations)
