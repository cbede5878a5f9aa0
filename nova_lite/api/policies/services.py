# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Policy defaults for os-services: admin only, as stopping a service's
work or deleting it changes where servers may go.
"""
from nova_lite.api.policies import base

RULES = [
    base.rule('os-services:list', base.ADMIN, 'GET', '/os-services',
              'List services with their state (up or down).'),
    base.rule('os-services:update', base.ADMIN, 'PUT',
              '/os-services/{service_id} (2.53), /os-services/{enable,'
              'disable,disable-log-reason,force-down} (before)',
              'Enable, disable or force down a service.'),
    base.rule('os-services:delete', base.ADMIN, 'DELETE',
              '/os-services/{service_id}', 'Delete a service.'),
]


def list_rules():
    return RULES
