# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Policy defaults, in code: one module per resource.

``oslopolicy-sample-generator --namespace nova_lite`` writes them out as
``etc/nova-lite/policy.yaml.sample``; an operator overrides any of them in
the file named by ``[oslo_policy] policy_file``.
"""
import itertools

from nova_lite.api.policies import aggregates
from nova_lite.api.policies import base
from nova_lite.api.policies import extensions
from nova_lite.api.policies import flavor_extra_specs
from nova_lite.api.policies import flavors
from nova_lite.api.policies import hypervisors
from nova_lite.api.policies import images
from nova_lite.api.policies import keypairs
from nova_lite.api.policies import moves
from nova_lite.api.policies import networks
from nova_lite.api.policies import placement
from nova_lite.api.policies import quotas
from nova_lite.api.policies import resource_views
from nova_lite.api.policies import server_groups
from nova_lite.api.policies import servers
from nova_lite.api.policies import services
from nova_lite import resources


def list_rules():
    """The API's rules, and those of the views of the resource plugins
    installed as entry points."""
    return list(itertools.chain(
        base.list_rules(), flavors.list_rules(),
        flavor_extra_specs.list_rules(), servers.list_rules(),
        hypervisors.list_rules(), services.list_rules(),
        placement.list_rules(), images.list_rules(), keypairs.list_rules(),
        extensions.list_rules(), networks.list_rules(), quotas.list_rules(),
        server_groups.list_rules(), aggregates.list_rules(),
        moves.list_rules(),
        resource_views.rules(resources.installed())))
