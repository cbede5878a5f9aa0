# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Policy defaults for a flavor's extra specs: anyone who may see the
flavor reads them; only admins change them (they steer scheduling).
"""
from nova_lite.api.policies import base

_PATH = '/flavors/{flavor_id}/os-extra_specs'
_R = 'os-flavor-extra-specs:'

RULES = [
    base.rule(_R + 'index', base.PROJECT_READER, 'GET', _PATH,
              'List the extra specs of a flavor.'),
    base.rule(_R + 'show', base.PROJECT_READER, 'GET',
              _PATH + '/{key}', 'Show one extra spec of a flavor.'),
    base.rule(_R + 'create', base.ADMIN, 'POST', _PATH,
              'Add or replace extra specs of a flavor.'),
    base.rule(_R + 'update', base.ADMIN, 'PUT', _PATH + '/{key}',
              'Replace one extra spec of a flavor.'),
    base.rule(_R + 'delete', base.ADMIN, 'DELETE', _PATH + '/{key}',
              'Delete one extra spec of a flavor.'),
]


def list_rules():
    return RULES
