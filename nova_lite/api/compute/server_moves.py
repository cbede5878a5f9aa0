# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The move actions of POST /servers/{server_id}/action: resize (202),
confirmResize (204), revertResize (202), and, for admins, migrate (202;
2.56 names a ``host``), os-migrateLive (202) and evacuate (200).

A resize or migration is scheduled before the answer: one that finds no
host is a 400 saying why, filter by filter, the server as it was. So is
a live migration before 2.34; from 2.34 it is checked after the answer
(its failure is in the server's actions and fault).
"""
from oslo_utils import strutils

from nova_lite.api.compute import create_options
from nova_lite.api.compute import servers
from nova_lite.api import policy
from nova_lite.api.schemas import moves as schema
from nova_lite.api import validation
from nova_lite.objects import fields

MIGRATE_HOST = 'os_compute_api:os-migrate-server:migrate:host'


def resize(req, body, server_id):
    validation.validate(schema.resize, body)
    instance = servers.get_unlocked(req, server_id, ['flavor'])
    flavor = servers.flavor_of_ref(
        req.context, body['flavorRef'],
        not_found='Unable to locate requested flavor.')
    req.compute_api.resize(req.context, instance, flavor)
    return 202, None


def migrate(req, body, server_id):
    host = None
    if req.api_version.matches('2.56'):
        validation.validate(schema.migrate_2_56, body)
        host = (body or {}).get('host')
        if host is not None:
            policy.enforce(req.context, MIGRATE_HOST)
    instance = servers.get_unlocked(req, server_id, ['flavor'])
    req.compute_api.resize(req.context, instance, host=host)
    return 202, None


def confirm_resize(req, body, server_id):
    instance = servers.get_unlocked(req, server_id)
    req.compute_api.confirm_resize(req.context, instance)
    return 204, None


def revert_resize(req, body, server_id):
    instance = servers.get_unlocked(req, server_id,
                                    ['flavor', 'migration_context'])
    req.compute_api.revert_resize(req.context, instance)
    return 202, None


def _validated(req, body, ranges, schema_at):
    for low, high in ranges:
        if req.api_version.matches(low, high):
            validation.validate(schema_at(low), body)


def migrate_live(req, body, server_id):
    _validated(req, body, schema.MIGRATE_LIVE_RANGES,
               schema.migrate_live_at)
    block = body['block_migration']
    block = block if block == 'auto' else strutils.bool_from_string(block)
    instance = servers.get_unlocked(req, server_id, ['flavor'])
    req.compute_api.live_migrate(
        req.context, instance, body.get('host'), block,
        wait=not req.api_version.matches('2.34'), force=_force(body))
    return 202, None


def _force(body):
    """``force`` (2.29/2.30 to 2.67): the host named is not checked by
    the scheduler's filters."""
    return strutils.bool_from_string(body.get('force', False))


def evacuate(req, body, server_id):
    """200: the admin password before 2.14 (when the API gives one),
    nothing from then on. From 2.95 the server is left stopped on its
    new host, whatever it was."""
    _validated(req, body, schema.EVACUATE_RANGES, schema.evacuate_at)
    instance = servers.get_unlocked(req, server_id, ['flavor'])
    req.compute_api.evacuate(
        req.context, instance, body.get('host'), force=_force(body),
        target_state=(fields.VMState.STOPPED
                      if req.api_version.matches('2.95') else None))
    if req.api_version.matches('2.14'):
        return 200, None
    password = create_options.admin_password(req, body)
    return 200, None if password is None else {'adminPass': password}
