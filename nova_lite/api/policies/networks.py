# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The fixed networks, as the network proxy APIs show them (to 2.35):
anyone in a project may look."""
from nova_lite.api.policies import base

RULES = [
    base.rule('os-networks:list', base.PROJECT_READER, 'GET',
              '/os-networks', 'List the fixed networks (to 2.35).'),
    base.rule('os-networks:show', base.PROJECT_READER, 'GET',
              '/os-networks/{network_id}',
              'Show a fixed network (to 2.35).'),
    base.rule('os-tenant-networks:list', base.PROJECT_READER, 'GET',
              '/os-tenant-networks',
              "List the networks a project's servers get addresses on "
              '(to 2.35).'),
    base.rule('os-tenant-networks:show', base.PROJECT_READER, 'GET',
              '/os-tenant-networks/{network_id}',
              'Show one of them (to 2.35).'),
]


def list_rules():
    return RULES
