# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Key pairs belong to a user: each user manages their own; an admin
those of any user (``user_id``, 2.10)."""
from nova_lite.api.policies import base

ADMIN_OR_OWNER = base.ADMIN + ' or user_id:%(user_id)s'
_PATH = '/os-keypairs'

RULES = [
    base.rule('os-keypairs:index', ADMIN_OR_OWNER, 'GET', _PATH,
              "List a user's key pairs."),
    base.rule('os-keypairs:create', ADMIN_OR_OWNER, 'POST', _PATH,
              'Import or generate a key pair.'),
    base.rule('os-keypairs:show', ADMIN_OR_OWNER, 'GET',
              _PATH + '/{keypair_name}', 'Show a key pair.'),
    base.rule('os-keypairs:delete', ADMIN_OR_OWNER, 'DELETE',
              _PATH + '/{keypair_name}', 'Delete a key pair.'),
]


def list_rules():
    return RULES
