# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Server groups, their members, and the placement check that holds a
group's policy at the moment a member's claim is written.

A group's row is locked (SELECT ... FOR UPDATE) by every write that could
break its policy: adding a member, and claiming a host for one. Claims of
members of one group therefore happen one after the other, whichever
scheduler makes them; other groups and servers in no group are not held
up.
"""
import json

import sqlalchemy as sa

from nova_lite.db.api import quotas
from nova_lite.db import engine
from nova_lite.db import models
from nova_lite import exception

_G = models.InstanceGroup
_M = models.InstanceGroupMember


def _get(session, uuid, for_update=False):
    query = sa.select(_G).where(_G.uuid == uuid)
    if for_update:
        query = query.with_for_update()
    group = session.scalars(query).first()
    if group is None:
        raise exception.InstanceGroupNotFound(group_uuid=uuid)
    return group


def _members(session, group_ids):
    rows = session.execute(sa.select(_M.group_id, _M.instance_uuid).where(
        _M.group_id.in_(group_ids)).order_by(_M.id)).all()
    found = {}
    for group_id, instance_uuid in rows:
        found.setdefault(group_id, []).append(instance_uuid)
    return found


def _as_dict(group, members):
    return {'uuid': group.uuid, 'name': group.name,
            'user_id': group.user_id, 'project_id': group.project_id,
            'policy': group.policy, 'rules': json.loads(group.rules or '{}'),
            'members': members, 'created_at': group.created_at}


@engine.reader
def get(context, uuid):
    group = _get(context.session, uuid)
    return _as_dict(group, _members(context.session, [group.id]).get(
        group.id, []))


@engine.reader
def get_all(context, project_id=None, limit=None, offset=None):
    """Groups (of ``project_id``, or all), oldest first, a page at a
    time."""
    query = sa.select(_G).order_by(_G.id)
    if project_id is not None:
        query = query.where(_G.project_id == project_id)
    if offset:
        query = query.offset(offset)
    if limit is not None:
        query = query.limit(limit)
    groups = list(context.session.scalars(query))
    members = _members(context.session, [g.id for g in groups])
    return [_as_dict(g, members.get(g.id, [])) for g in groups]


@engine.writer
def create(context, values, limits):
    """A new group; under the project's quota lock, OverQuota unless the
    project (and the user) may hold another (``limits``: {'project': n,
    'user': n}, -1 for none)."""
    session = context.session
    quotas.lock_project(session, values['project_id'])
    for scope, owner in (('project', None), ('user', values['user_id'])):
        held = quotas.count_server_groups(session, values['project_id'],
                                          owner)
        if 0 <= limits[scope] <= held:
            raise exception.OverQuota(overs=['server_groups'],
                                      usages={'server_groups': held},
                                      quotas={'server_groups': limits[scope]})
    group = _G(**dict(values, rules=json.dumps(values.get('rules') or {})))
    session.add(group)
    session.flush()
    return _as_dict(group, [])


@engine.writer
def destroy(context, uuid):
    group = _get(context.session, uuid)
    context.session.execute(sa.delete(_M).where(_M.group_id == group.id))
    context.session.delete(group)


def add_member_in(session, group_uuid, instance_uuid, user_id, limit):
    """Make the instance a member, in the caller's transaction, under the
    group's lock: OverQuota if the group already holds ``limit`` of the
    user's servers (-1: no limit)."""
    group = _get(session, group_uuid, for_update=True)
    if limit >= 0:
        held = session.scalar(
            sa.select(sa.func.count(_M.id))
            .join(models.Instance, models.Instance.uuid == _M.instance_uuid)
            .where(_M.group_id == group.id,
                   models.Instance.user_id == user_id))
        if held >= limit:
            raise exception.OverQuota(
                overs=['server_group_members'],
                usages={'server_group_members': held},
                quotas={'server_group_members': limit})
    session.add(_M(group_id=group.id, instance_uuid=instance_uuid))


@engine.reader
def uuids_holding(context, instance_uuid):
    """The uuids of the groups the instance is a member of (one at
    most)."""
    return list(context.session.scalars(
        sa.select(_G.uuid).join(_M, _M.group_id == _G.id)
        .where(_M.instance_uuid == instance_uuid)))


def remove_member_in(session, instance_uuid):
    session.execute(sa.delete(_M).where(_M.instance_uuid == instance_uuid))


def _member_hosts(session, group_id, but):
    """{root provider uuid: members holding allocations under it},
    leaving ``but`` out."""
    root = sa.orm.aliased(models.ResourceProvider)
    provider = models.ResourceProvider
    alloc = models.Allocation
    rows = session.execute(
        sa.select(root.uuid, sa.func.count(sa.distinct(alloc.consumer_id)))
        .select_from(alloc)
        .join(provider, provider.id == alloc.resource_provider_id)
        .join(root, root.id == provider.root_provider_id)
        .join(_M, _M.instance_uuid == alloc.consumer_id)
        .where(_M.group_id == group_id, alloc.consumer_id != but)
        .group_by(root.uuid)).all()
    return dict(rows)


@engine.reader
def member_hosts(context, group_uuid, but=None):
    """{root provider uuid (a host): how many of the group's members hold
    allocations there}, leaving the server ``but`` out."""
    group = _get(context.session, group_uuid)
    return _member_hosts(context.session, group.id, but)


def check_claim_in(session, group_uuid, consumer_uuid, root_uuid):
    """In the transaction that claims ``root_uuid``'s host for a member:
    lock the group, then GroupPolicyViolation if the claim breaks its
    hard policy (soft policies never refuse)."""
    group = _get(session, group_uuid, for_update=True)
    hosts = _member_hosts(session, group.id, consumer_uuid)
    rules = json.loads(group.rules or '{}')
    if group.policy == 'anti-affinity':
        most = int(rules.get('max_server_per_host', 1))
        if hosts.get(root_uuid, 0) >= most:
            raise exception.GroupPolicyViolation(
                policy=group.policy, group_uuid=group_uuid,
                reason='host already holds %d of its members' % most)
    elif group.policy == 'affinity':
        if set(hosts) - {root_uuid}:
            raise exception.GroupPolicyViolation(
                policy=group.policy, group_uuid=group_uuid,
                reason='its members are on another host')
