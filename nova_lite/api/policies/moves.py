# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Moves: a project's members resize their servers and confirm or revert
the result; only admins move servers between hosts or list migrations."""
from nova_lite.api.policies import base

_ACTION = '/servers/{server_id}/action'

RULES = [
    base.rule('servers:resize', base.PROJECT_MEMBER, 'POST',
              _ACTION + ' (resize)', 'Resize a server to another flavor.'),
    base.rule('servers:confirm_resize', base.PROJECT_MEMBER, 'POST',
              _ACTION + ' (confirmResize)',
              'Keep a resized or migrated server as it now is.'),
    base.rule('servers:revert_resize', base.PROJECT_MEMBER, 'POST',
              _ACTION + ' (revertResize)',
              'Take a resized or migrated server back to where and what it '
              'was.'),
    base.rule('os-migrate-server:migrate', base.ADMIN, 'POST',
              _ACTION + ' (migrate)', 'Move a server to another host.'),
    base.rule('os-migrate-server:migrate:host', base.ADMIN, 'POST',
              _ACTION + ' (migrate)',
              'Move a server to a host of your choice (2.56).'),
    base.rule('os-migrate-server:migrate_live', base.ADMIN, 'POST',
              _ACTION + ' (os-migrateLive)',
              'Move a running server to another host.'),
    base.rule('os-evacuate', base.ADMIN, 'POST', _ACTION + ' (evacuate)',
              'Rebuild a server whose host is down on another host.'),
    base.rule('servers:migrations:force_complete', base.ADMIN, 'POST',
              '/servers/{server_id}/migrations/{migration_id}/action '
              '(force_complete)',
              'Make a live migration under way finish (2.22).'),
    base.rule('servers:migrations:delete', base.ADMIN, 'DELETE',
              '/servers/{server_id}/migrations/{migration_id}',
              'Abort a live migration under way (2.24).'),
    base.rule('os-migrations:index', base.ADMIN, 'GET', '/os-migrations',
              'List the migrations of servers.'),
    base.rule('servers:migrations:index', base.ADMIN, 'GET',
              '/servers/{server_id}/migrations',
              "List a server's live migrations under way."),
    base.rule('servers:migrations:show', base.ADMIN, 'GET',
              '/servers/{server_id}/migrations/{migration_id}',
              "Show one of a server's live migrations under way."),
]


def list_rules():
    return RULES
