# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The extensions list: open to anyone."""
from nova_lite.api.policies import base

RULES = [
    base.rule('extensions', base.ANY, 'GET', '/extensions',
              'List the API extensions served (a v2 leftover).'),
]


def list_rules():
    return RULES
