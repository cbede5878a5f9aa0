# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Rules an application adds (its resource plugins' views) reach every
enforcer of the process, each once."""
from nova_lite.api.policies import resource_views
from nova_lite.api import policy
from tests.functional import gizmo_plugin


def test_rules_added_twice_count_once_for_every_enforcer():
    rules = resource_views.rules([gizmo_plugin.GizmoPlugin])
    assert [r.name for r in rules] == [
        'os_compute_api:servers:gizmo', 'os_compute_api:os-hypervisors:gizmo']
    policy.reset()
    try:
        policy.add_defaults(rules)
        before = policy.get_enforcer()  # made after the rules were added
        policy.add_defaults(rules)  # a second application of the process
        assert 'os_compute_api:servers:gizmo' in before.registered_rules
        policy.reset()
        after = policy.get_enforcer()  # made again: the rules once each
        assert 'os_compute_api:os-hypervisors:gizmo' in \
            after.registered_rules
    finally:
        policy.reset()
