# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Quotas, limits and usage: a project's readers see its quotas, limits
and usage, admins see and set any project's and the quota classes."""
from nova_lite.api.policies import base

_OWN_PROJECT = '(%s and project_id:%%(project_id)s)' % base.PROJECT_READER
ADMIN_OR_PROJECT_READER = base.ADMIN + ' or ' + _OWN_PROJECT
_SET = '/os-quota-sets/{tenant_id}'
_CLASS = '/os-quota-class-sets/{id}'

RULES = [
    base.rule('os-quota-sets:show', ADMIN_OR_PROJECT_READER, 'GET', _SET,
              "Show a project's (or one of its users') quotas."),
    base.rule('os-quota-sets:detail', ADMIN_OR_PROJECT_READER, 'GET',
              _SET + '/detail', 'Show quotas with what is in use.'),
    base.rule('os-quota-sets:defaults', base.ANY, 'GET',
              _SET + '/defaults', 'Show the default quotas.'),
    base.rule('os-quota-sets:update', base.ADMIN, 'PUT', _SET,
              "Set a project's (or one of its users') quotas."),
    base.rule('os-quota-sets:delete', base.ADMIN, 'DELETE', _SET,
              "Revert a project's (or a user's) quotas to the defaults."),
    base.rule('os-quota-class-sets:show', base.ADMIN, 'GET', _CLASS,
              "Show a quota class's limits."),
    base.rule('os-quota-class-sets:update', base.ADMIN, 'PUT', _CLASS,
              "Set a quota class's limits ('default': everyone's)."),
    base.rule('os-simple-tenant-usage:list', base.ADMIN, 'GET',
              '/os-simple-tenant-usage', "Every project's usage."),
    base.rule('os-simple-tenant-usage:show', ADMIN_OR_PROJECT_READER, 'GET',
              '/os-simple-tenant-usage/{tenant_id}', "A project's usage."),
    base.rule('limits', base.ANY, 'GET', '/limits',
              "Show the caller's project's absolute limits."),
    base.rule('limits:other_project', base.ADMIN, 'GET', '/limits',
              "Show another project's limits (tenant_id)."),
]


def list_rules():
    return RULES
