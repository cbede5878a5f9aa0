# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Policy defaults for flavors: every user lists and shows them (a boot
names one); only admins create, change or delete them.
"""
from nova_lite.api.policies import base

RULES = [
    base.rule('flavors:index', base.ANY, 'GET', '/flavors', 'List flavors.'),
    base.rule('flavors:detail', base.ANY, 'GET', '/flavors/detail',
              'List flavors with details.'),
    base.rule('flavors:show', base.ANY, 'GET', '/flavors/{flavor_id}',
              'Show a flavor.'),
    base.rule('os-flavor-manage:create', base.ADMIN, 'POST', '/flavors',
              'Create a flavor.'),
    base.rule('os-flavor-manage:update', base.ADMIN, 'PUT',
              '/flavors/{flavor_id}', "Change a flavor's description "
                                      '(2.55).'),
    base.rule('os-flavor-manage:delete', base.ADMIN, 'DELETE',
              '/flavors/{flavor_id}', 'Delete a flavor.'),
    base.rule('os-flavor-access', base.ADMIN, 'GET',
              '/flavors/{flavor_id}/os-flavor-access',
              'List the projects a private flavor is shared with.'),
    base.rule('os-flavor-access:add_tenant_access', base.ADMIN, 'POST',
              '/flavors/{flavor_id}/action (addTenantAccess)',
              'Share a private flavor with a project.'),
    base.rule('os-flavor-access:remove_tenant_access', base.ADMIN, 'POST',
              '/flavors/{flavor_id}/action (removeTenantAccess)',
              'Stop sharing a private flavor with a project.'),
    base.rule('flavors:list:private', base.ADMIN, 'GET', '/flavors',
              'See every private flavor and filter with is_public.'),
]


def list_rules():
    return RULES
