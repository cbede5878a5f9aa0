# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Server groups belong to a project: its readers see them, its members
make and delete them; admins see every project's."""
from nova_lite.api.policies import base

_PATH = '/os-server-groups'

RULES = [
    base.rule('os-server-groups:index', base.PROJECT_READER, 'GET', _PATH,
              "List the project's server groups."),
    base.rule('os-server-groups:index:all_projects', base.ADMIN, 'GET',
              _PATH, "List every project's server groups."),
    base.rule('os-server-groups:show', base.PROJECT_READER, 'GET',
              _PATH + '/{server_group_id}', 'Show a server group.'),
    base.rule('os-server-groups:create', base.PROJECT_MEMBER, 'POST', _PATH,
              'Create a server group.'),
    base.rule('os-server-groups:delete',
              base.ADMIN + ' or (%s and project_id:%%(project_id)s)'
              % base.PROJECT_MEMBER, 'DELETE',
              _PATH + '/{server_group_id}', 'Delete a server group.'),
]


def list_rules():
    return RULES
