# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Migrations as admins read them: GET /os-migrations, and a server's live
migrations under way at /servers/{server_id}/migrations[/{id}] (2.23).

os-migrations shows every kind (2.23 names it, ``migration_type``, and
links a live migration under way to its server's), newest first; 2.59
pages it by uuid (``limit``, ``marker``, ``migrations_links``) and shows
each ``uuid`` and filters by ``changes-since``, 2.66 ``changes-before``,
2.80 shows and filters ``user_id`` and ``project_id``.
"""
from nova_lite.api.compute import pagination
from nova_lite.api.compute import server_filters
from nova_lite.api.compute import servers
from nova_lite.api.compute import times
from nova_lite.api import microversion
from nova_lite.api.schemas import moves as schema
from nova_lite.api import validation
from nova_lite.compute import move_api
from nova_lite import exception
from nova_lite.objects import migration as migration_obj

_LIVE_UNDER_WAY = ('queued', 'preparing', 'running', 'post-migrating')
_FILTERS = ('host', 'instance_uuid', 'source_compute', 'status',
            'migration_type')


def _view(req, migration, keys=None):
    at = req.api_version.matches
    body = {'id': migration.id, 'instance_uuid': migration.instance_uuid,
            'status': migration.status,
            'source_compute': migration.source_compute,
            'source_node': migration.source_node,
            'dest_compute': migration.dest_compute,
            'dest_node': migration.dest_node,
            'dest_host': migration.dest_host,
            'old_instance_type_id': migration.old_instance_type_id,
            'new_instance_type_id': migration.new_instance_type_id,
            'created_at': times.with_microseconds(migration.created_at),
            'updated_at': times.with_microseconds(migration.updated_at)}
    if at('2.23'):
        body['migration_type'] = migration.migration_type
        if migration.migration_type == migration_obj.LIVE_MIGRATION and \
                migration.status in _LIVE_UNDER_WAY:
            body['links'] = _links(req, migration)
    if at('2.59'):
        body['uuid'] = migration.uuid
    if at('2.80'):
        body['user_id'] = migration.user_id
        body['project_id'] = migration.project_id
    return body


def _links(req, migration):
    path = 'servers/%s/migrations/%s' % (migration.instance_uuid,
                                         migration.id)
    return [{'rel': 'self', 'href': '%s/v2.1/%s' % (req.host_url, path)},
            {'rel': 'bookmark', 'href': '%s/%s' % (req.host_url, path)}]


def _filters(req):
    query = req.GET.dict_of_lists()
    filters = {name: query[name][-1] for name in _FILTERS if name in query}
    if req.api_version.matches('2.80'):
        for name in ('user_id', 'project_id'):
            if name in query:
                filters[name] = query[name][-1]
    if req.api_version.matches('2.59'):
        window = {}
        server_filters.changes(query, window)
        filters['changes-since'] = window.get('changes_since')
        filters['changes-before'] = window.get('changes_before')
    return filters


@validation.query_schema(schema.list_query, '2.1', '2.58')
@validation.query_schema(schema.list_query_2_59, '2.59', '2.65')
@validation.query_schema(schema.list_query_2_66, '2.66', '2.79')
@validation.query_schema(schema.list_query_2_80, '2.80')
@validation.responds(200, schema.migrations)
def index(req):
    limit, marker = None, None
    if req.api_version.matches('2.59'):
        limit, marker = pagination.page(req)
    try:
        found = migration_obj.MigrationList.get_by_filters(
            req.context, _filters(req), limit=limit, marker=marker)
    except exception.MarkerNotFound:
        raise exception.MigrationMarkerNotFound(marker=marker)
    answer = {'migrations': [_view(req, m) for m in found]}
    if limit is not None:
        links = pagination.next_links(req, 'os-migrations',
                                      answer['migrations'], limit,
                                      id_key='uuid')
        if links:
            answer['migrations_links'] = links
    return 200, answer


def _server_view(req, migration):
    """A live migration as its server shows it, with its progress in
    bytes (Nova's ``*_bytes`` keys)."""
    body = {key: value for key, value in _view(req, migration).items()
            if key not in ('instance_uuid', 'old_instance_type_id',
                           'new_instance_type_id', 'migration_type',
                           'links')}
    body['server_uuid'] = migration.instance_uuid
    for name in ('memory_total', 'memory_processed', 'memory_remaining',
                 'disk_total', 'disk_processed', 'disk_remaining'):
        body[name + '_bytes'] = getattr(migration, name)
    return body


def _not_found(method):
    """Nova's answer for these routes below their microversion."""
    return exception.NotFound(message='The resource could not be found.')


def _live_under_way(req, server_id):
    instance = servers.get(req, server_id)
    return instance, migration_obj.MigrationList.get_by_filters(
        req.context, {'instance_uuid': instance.uuid,
                      'migration_type': migration_obj.LIVE_MIGRATION,
                      'status': list(_LIVE_UNDER_WAY)})


@microversion.since('2.23', refused=_not_found)
@validation.responds(200, schema.server_migrations)
def server_index(req, server_id):
    _instance, found = _live_under_way(req, server_id)
    return 200, {'migrations': [_server_view(req, m) for m in found]}


@microversion.since('2.23', refused=_not_found)
@validation.responds(200, schema.server_migration_one)
def server_show(req, server_id, migration_id):
    instance, found = _live_under_way(req, server_id)
    for migration in found:
        if str(migration.id) == migration_id:
            return 200, {'migration': _server_view(req, migration)}
    raise exception.NotFound(
        message='In-progress live migration %s is not found for server %s.'
                % (migration_id, instance.uuid))


@microversion.since('2.22', refused=_not_found)
@validation.schema(schema.force_complete, '2.22')
@validation.responds(202, None)
def force_complete(req, server_id, migration_id):
    """2.22: a live migration under way (running) is made to finish."""
    instance = servers.get_unlocked(req, server_id)
    req.compute_api.live_migration_force_complete(req.context, instance,
                                                  migration_id)
    return 202, None


@microversion.since('2.24', refused=_not_found)
@validation.responds(202, None)
def delete(req, server_id, migration_id):
    """2.24: abort a live migration that is running (2.65: also one still
    queued or preparing)."""
    instance = servers.get_unlocked(req, server_id)
    statuses = (move_api.LIVE_ABORTABLE if req.api_version.matches('2.65')
                else move_api.LIVE_RUNNING)
    req.compute_api.live_migration_abort(req.context, instance,
                                         migration_id, statuses)
    return 202, None
