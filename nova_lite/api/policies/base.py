# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The roles every other rule is written in.

Keystone's default roles imply each other (admin > member > reader); the
lab authentication gives the same three roles to ``admin`` and member and
reader to everyone else, so the rules read the same under both.
"""
from oslo_policy import policy

ADMIN = 'rule:admin_api'
PROJECT_MEMBER = 'rule:project_member_api'
PROJECT_READER = 'rule:project_reader_api'
SERVICE = 'rule:service_api'
ANY = '@'
PREFIX = 'os_compute_api:'


def rule(name, check, method, path, description, prefix=PREFIX):
    """A documented rule for one API operation (of the compute API
    unless ``prefix`` names another)."""
    return policy.DocumentedRuleDefault(
        name=prefix + name, check_str=check, description=description,
        operations=[{'method': method, 'path': path}])


RULES = [
    policy.RuleDefault('context_is_admin', 'role:admin',
                       'Decides who is an administrator.'),
    policy.RuleDefault('admin_api', 'role:admin',
                       'Administrators of the whole deployment.'),
    policy.RuleDefault('service_api', 'role:service',
                       'Other services of the cloud (the network service) '
                       'acting as themselves.'),
    policy.RuleDefault('project_member_api',
                       'role:member or role:admin',
                       'Members of a project, who manage its servers.'),
    policy.RuleDefault('project_reader_api',
                       'role:reader or role:member or role:admin',
                       'Readers of a project, who may only look.'),
]


def list_rules():
    return RULES
