# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Server groups as the API and the scheduler use them: made within the
project's server_groups quota, found only by their project (or an
admin), and where their members are.

Plain functions over the database, as the quotas are: only the control
services use them, and a group crosses RPC as the uuid in a request
spec's ``group`` hint.
"""
from oslo_utils import uuidutils

from nova_lite.db.api import server_groups as db
from nova_lite import exception
from nova_lite.objects import quotas

HARD_POLICIES = ('affinity', 'anti-affinity')
SOFT_POLICIES = ('soft-affinity', 'soft-anti-affinity')


def create(conf, context, name, policy, rules=None):
    """A new group of the caller's; 403 beyond its server_groups quota."""
    project_id, user_id = context.project_id, context.user_id
    quotas.guard_lock(context, project_id)
    limits = {'project': quotas.project_limits(
        conf, context, project_id)['server_groups'],
        'user': quotas.user_limits(
            conf, context, project_id, user_id)['server_groups']}
    try:
        return db.create(context, {
            'uuid': uuidutils.generate_uuid(), 'name': name, 'policy': policy,
            'rules': rules or {}, 'project_id': project_id,
            'user_id': user_id}, limits)
    except exception.OverQuota:
        raise exception.Forbidden(
            message='Quota exceeded, too many server groups.')


def get(context, uuid):
    """The group, if the caller's project owns it or the caller is an
    admin; else InstanceGroupNotFound (404)."""
    group = db.get(context, uuid)
    if not context.is_admin and group['project_id'] != context.project_id:
        raise exception.InstanceGroupNotFound(group_uuid=uuid)
    return group


def get_for_scheduling(context, uuid):
    """The group, whoever asks (the scheduler acts for its owner); None
    if it was deleted meanwhile."""
    try:
        return db.get(context, uuid)
    except exception.InstanceGroupNotFound:
        return None


def get_all(context, all_projects=False, limit=None, offset=None):
    return db.get_all(context, None if all_projects else context.project_id,
                      limit, offset)


def destroy(context, uuid):
    get(context, uuid)
    db.destroy(context, uuid)


def membership(conf, context, uuid):
    """What a create into group ``uuid`` passes to Instance.create:
    the group (400 if the caller has no such group) and the
    server_group_members limit."""
    try:
        get(context, uuid)
    except exception.InstanceGroupNotFound as missing:
        raise exception.Invalid(message=missing.format_message())
    return {'uuid': uuid, 'limit': quotas.own_limit(
        conf, context, 'server_group_members')}


def of_server(context, instance_uuid):
    """The uuids of the groups a server is in (2.71 shows them)."""
    return db.uuids_holding(context, instance_uuid)


def member_hosts(context, uuid, but=None):
    """{host's root provider uuid: members with allocations there}."""
    return db.member_hosts(context, uuid, but)
