# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Instances and their instance_extra records."""
import datetime

import sqlalchemy as sa
from sqlalchemy import orm

from nova_lite.db.api import aggregates
from nova_lite.db.api import console_auth_tokens
from nova_lite.db.api import instance_metadata
from nova_lite.db.api import quotas
from nova_lite.db.api import request_specs
from nova_lite.db.api import server_groups
from nova_lite.db.api import virtual_interfaces
from nova_lite.db import engine
from nova_lite.db import models
from nova_lite.db import paging
from nova_lite.db import regex
from nova_lite import exception

EXTRA_COLUMNS = ('flavor',)


def _utcnow():
    return datetime.datetime.now(datetime.timezone.utc).replace(tzinfo=None)


@engine.writer
def create(context, values, extra, tags=(), metadata=None, action=None,
           spec=None, quota=None, group=None):
    """With ``action`` (an instance_actions row's values), the request's
    action is recorded in the same step; with ``spec`` (its text), the
    instance's request spec too (its row is ``instance.request_spec_row``).
    With ``quota`` ({'project': limits, 'user': limits}), the project's
    lock is taken and its usage counted first: OverQuota if the instance
    does not fit, and nothing is written. With ``group`` ({'uuid',
    'limit'}), the instance joins that server group (OverQuota if it holds
    ``limit`` of the user's servers already).
    Run again after a lost connection, the instance its first attempt
    wrote (and committed, the answer lost) is the one created.
    """
    if engine.after_lost_connection():
        written = _written_before(context.session, values['uuid'])
        if written is not None:
            return written
    if quota is not None:
        quotas.check_room(context.session, values['project_id'],
                          values['user_id'], quota,
                          {'instances': 1, 'cores': values['vcpus'],
                           'ram': values['memory_mb']})
    if group is not None:
        server_groups.add_member_in(context.session, group['uuid'],
                                    values['uuid'], values['user_id'],
                                    group['limit'])
    instance = models.Instance(**values)
    context.session.add(instance)
    context.session.add(models.InstanceExtra(instance_uuid=values['uuid'],
                                             **extra))
    context.session.add_all([models.Tag(resource_id=values['uuid'], tag=tag)
                             for tag in sorted(set(tags))])
    context.session.flush()
    if metadata:
        instance_metadata.write(context.session, values['uuid'], metadata)
    if action:
        context.session.execute(sa.insert(models.InstanceAction).values(
            instance_uuid=values['uuid'], start_time=_utcnow(), **action))
    if spec is not None:
        instance.request_spec_row = request_specs.add(
            context.session, values['uuid'], spec)
    return instance


def _written_before(session, uuid):
    """The instance ``uuid`` with its request spec's row, if written."""
    try:
        instance = _get(session, uuid, read_deleted=True)
    except exception.InstanceNotFound:
        return None
    instance.request_spec_row = request_specs.find(session, uuid)
    return instance


def _get(session, uuid, read_deleted=False, for_update=False):
    query = sa.select(models.Instance).where(models.Instance.uuid == uuid)
    if not read_deleted:
        query = query.where(models.Instance.deleted == 0)
    if for_update:
        query = query.with_for_update()
    instance = session.scalars(query).first()
    if instance is None:
        raise exception.InstanceNotFound(instance_id=uuid)
    return instance


@engine.reader
def get_by_uuid(context, uuid, read_deleted=False):
    return _get(context.session, uuid, read_deleted)


def _filtered(filters):
    filters = dict(filters or {})
    query = sa.select(models.Instance)
    if not filters.pop('read_deleted', False):
        query = query.where(models.Instance.deleted == 0)
    name_regex = filters.pop('name_regex', None)
    if name_regex:
        query = query.where(
            models.Instance.display_name.regexp_match(name_regex))
    changed = sa.func.coalesce(models.Instance.updated_at,
                               models.Instance.created_at)
    since = filters.pop('changes_since', None)
    if since is not None:
        query = query.where(changed >= since)
    before = filters.pop('changes_before', None)
    if before is not None:
        query = query.where(changed <= before)
    if filters.pop('only_deleted', False):
        query = query.where(models.Instance.deleted != 0)
    for name in ('created_at', 'launched_at', 'terminated_at'):
        at_or_after = filters.pop(name, None)
        if at_or_after is not None:
            query = query.where(getattr(models.Instance, name) >= at_or_after)
    window = filters.pop('active_window', None)
    if window is not None:
        begin, end = window
        inst = models.Instance
        query = query.where(
            sa.or_(inst.terminated_at.is_(None), inst.terminated_at > begin),
            inst.launched_at < end)
    zone = filters.pop('zone', None)
    if zone is not None:
        name, is_default = zone
        column = models.Instance.availability_zone
        query = query.where(sa.or_(column == name, column.is_(None))
                            if is_default else column == name)
    locked = filters.pop('locked', None)
    if locked is not None:
        query = query.where(models.Instance.locked_by.is_not(None) if locked
                            else models.Instance.locked_by.is_(None))
    query = _tag_filters(query, filters)
    query = _address_filters(query, filters)
    for name, value in filters.items():
        column = getattr(models.Instance, name)
        if isinstance(value, (list, tuple, set)):
            query = query.where(column.in_(value))
        else:
            query = query.where(column == value)
    return query


def _has_tag(tag):
    return sa.exists().where(models.Tag.resource_id == models.Instance.uuid,
                             models.Tag.tag == tag)


def _tag_filters(query, filters):
    """``tags``: all of; ``tags_any``: one of; ``not_tags``: not all of;
    ``not_tags_any``: none of (each a list of tags), as Nova reads them."""
    tags = filters.pop('tags', None)
    if tags:
        query = query.where(*[_has_tag(t) for t in tags])
    tags_any = filters.pop('tags_any', None)
    if tags_any:
        query = query.where(sa.or_(*[_has_tag(t) for t in tags_any]))
    not_tags = filters.pop('not_tags', None)
    if not_tags:
        query = query.where(sa.not_(sa.and_(*[_has_tag(t)
                                              for t in not_tags])))
    not_tags_any = filters.pop('not_tags_any', None)
    if not_tags_any:
        query = query.where(*[sa.not_(_has_tag(t)) for t in not_tags_any])
    return query


def _address_filters(query, filters):
    """``ip_regex``/``ip6_regex``: servers with a fixed IPv4/IPv6 address
    that the expression matches from its start."""
    vif = models.VirtualInterface
    for key, separator in (('ip_regex', '.'), ('ip6_regex', ':')):
        pattern = filters.pop(key, None)
        if pattern is not None:
            query = query.where(models.Instance.uuid.in_(
                sa.select(vif.instance_uuid).where(
                    vif.address.contains(separator),
                    vif.address.regexp_match('^(%s)' % pattern))))
    return query


@engine.reader
def get_all(context, filters=None, limit=None, marker=None, sort_keys=None,
            sort_dirs=None):
    """Instances matching the filters, a page at a time.

    Filters are equalities (a list means any of), plus ``name_regex``,
    ``changes_since``, ``changes_before``, ``created_at``/``launched_at``/
    ``terminated_at`` (at or after), ``active_window`` ((begin, end): not
    terminated before it began, launched before it ended; a server never
    launched is in none), ``locked``,
    ``zone`` ((name, whether
    it is the default zone, which servers in no zone are in)), the tag
    filters,
    ``read_deleted`` and ``only_deleted``. The page starts after the
    instance whose uuid is ``marker``; the default order is newest first.
    """
    regex.check(context.session, filters, {
        'name_regex': 'name', 'ip_regex': 'ip', 'ip6_regex': 'ip6'})
    marker_row = paging.marker_row(
        lambda uuid: _get(context.session, uuid, read_deleted=True), marker,
        exception.InstanceNotFound)
    query = paging.paginate(_filtered(filters), models.Instance, limit,
                            marker_row, sort_keys, sort_dirs, 'created_at',
                            'desc')
    return list(context.session.scalars(query))


@engine.writer
def update(context, uuid, values, expected_task_state=None, extra=None):
    """Update, and the instance_extra columns in ``extra``, in one
    transaction (``update_in``)."""
    return update_in(context.session, uuid, values, expected_task_state,
                     extra)


def update_in(session, uuid, values, expected_task_state=None, extra=None):
    """Update in the caller's transaction; with ``expected_task_state``,
    refuse (Conflict) if the state moved on. An instance given a host
    takes that host's availability zone (None: the default zone). The row
    is read locked (MariaDB, PostgreSQL; SQLite's writers take the
    database's lock): two updates that expect the same task state cannot
    both read it before either writes, so only one of them wins. The row
    answered holds, as ``state_before``, its (vm_state, task_state,
    display_name) before the update."""
    instance = _get(session, uuid, for_update=True)
    if expected_task_state is not None and not _made_before(instance,
                                                            values):
        allowed = expected_task_state
        if not isinstance(allowed, (list, tuple)):
            allowed = [allowed]
        if instance.task_state not in allowed:
            raise exception.Conflict(
                reason='instance %s is in task state %s, not %s' % (
                    uuid, instance.task_state, '/'.join(map(str, allowed))))
    # What the update changes from, for instance.update (the row keeps
    # it, as Nova's update-and-get-original answers it).
    instance.state_before = (instance.vm_state, instance.task_state,
                             instance.display_name)
    for key, value in values.items():
        setattr(instance, key, value)
    if values.get('host'):
        instance.availability_zone = aggregates.zone_of_host_in(
            session, values['host'])
    if extra:
        _set_extra(session, uuid, extra)
    session.flush()
    return instance


# What an update with an expected task state moves a server to.
_STATES = ('vm_state', 'task_state', 'host', 'node')


def _made_before(instance, values):
    """Whether this is a transaction run again after a lost connection
    whose first attempt made the update already: the row holds the
    states the update writes (its task state is no longer the expected
    one because the update landed)."""
    written = [key for key in _STATES if key in values]
    return bool(written) and engine.after_lost_connection() and all(
        getattr(instance, key) == values[key] for key in written)


@engine.writer
def destroy(context, uuid, values=None):
    """Soft-delete: the row stays so faults and history can be read. With
    ``values`` (a deleted server's last state), written in the same step."""
    instance = _get(context.session, uuid, for_update=True)
    for key, value in (values or {}).items():
        setattr(instance, key, value)
    instance.deleted = instance.id
    instance.deleted_at = _utcnow()
    context.session.execute(sa.delete(models.Tag).where(
        models.Tag.resource_id == uuid))
    virtual_interfaces.delete_in(context.session, uuid)
    server_groups.remove_member_in(context.session, uuid)
    console_auth_tokens.destroy_for_instance_in(context.session, uuid)
    context.session.flush()
    return instance


@engine.reader
def get_extra(context, uuid, columns):
    query = (sa.select(models.InstanceExtra)
             .where(models.InstanceExtra.instance_uuid == uuid)
             .options(*[orm.undefer(getattr(models.InstanceExtra, c))
                        for c in columns]))
    extra = context.session.scalars(query).first()
    if extra is None:
        raise exception.InstanceExtraNotFound(instance_uuid=uuid)
    return {column: getattr(extra, column) for column in columns}


@engine.reader
def get_extra_for_many(context, uuids, columns):
    query = (sa.select(models.InstanceExtra)
             .where(models.InstanceExtra.instance_uuid.in_(uuids))
             .options(*[orm.undefer(getattr(models.InstanceExtra, c))
                        for c in columns]))
    return {extra.instance_uuid: {c: getattr(extra, c) for c in columns}
            for extra in context.session.scalars(query)}


@engine.writer
def update_extra(context, uuid, values):
    _set_extra(context.session, uuid, values)


def _set_extra(session, uuid, values):
    extra = session.scalars(
        sa.select(models.InstanceExtra)
        .where(models.InstanceExtra.instance_uuid == uuid)).first()
    if extra is None:
        raise exception.InstanceExtraNotFound(instance_uuid=uuid)
    for key, value in values.items():
        setattr(extra, key, value)


def _unplaced(states):
    """Clauses: an instance in ``states`` ({column: value}) on no host."""
    where = dict(states, host=None, deleted=0)
    return [getattr(models.Instance, k).is_(None) if v is None
            else getattr(models.Instance, k) == v for k, v in where.items()]


def _free_for(owner):
    """A build with no driver; or, in a transaction run again after a
    lost connection, one that ``owner`` drives (its first attempt's take
    may have landed)."""
    driver = models.Instance.build_owner
    if engine.after_lost_connection():
        return sa.or_(driver.is_(None), driver == owner)
    return driver.is_(None)


@engine.writer
def take_build(context, uuid, owner, states, force=False):
    """Make ``owner`` the driver of a build in ``states`` ({column:
    value}) on no host that has no driver yet (any driver, with
    ``force``); whether it did."""
    query = sa.update(models.Instance).where(
        models.Instance.uuid == uuid, *_unplaced(states)).values(
            build_owner=owner)
    if not force:
        query = query.where(_free_for(owner))
    return context.session.execute(query).rowcount == 1


@engine.reader
def unplaced_builds(context, states, owner_prefix=None):
    """(uuid, build_owner, updated_at or created_at) of the builds in
    ``states`` on no host; with ``owner_prefix``, only those whose
    driver's name starts with it."""
    changed = sa.func.coalesce(models.Instance.updated_at,
                               models.Instance.created_at)
    query = sa.select(models.Instance.uuid, models.Instance.build_owner,
                      changed).where(*_unplaced(states))
    if owner_prefix is not None:
        query = query.where(
            models.Instance.build_owner.startswith(owner_prefix,
                                                   autoescape=True))
    return [tuple(row) for row in context.session.execute(query)]


@engine.reader_once
def count_by_vm_state(context):
    """{vm_state: how many servers} of the servers not deleted (tried
    once: a scrape answers at once without them)."""
    query = sa.select(models.Instance.vm_state, sa.func.count()).where(
        models.Instance.deleted == 0).group_by(models.Instance.vm_state)
    return dict(context.session.execute(query).all())
