# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""A server's history: /servers/{server_id}/os-instance-actions[/{id}].

Each action is one request (``id`` is its request id); its events are the
parts services did. Per version: 2.21 a deleted server's history stays
readable; 2.51 the owner sees events (the traceback stays an admin's);
2.58 ``updated_at``, paging (``limit``, ``marker``) and
``changes-since``, 2.66 ``changes-before``; 2.62 each event's ``hostId``
(and ``host`` for admins); 2.84 each event's ``details``.
"""
from nova_lite.api.compute import pagination
from nova_lite.api.compute import server_filters
from nova_lite.api.compute import server_view
from nova_lite.api.compute import servers
from nova_lite.api.compute import times
from nova_lite.api import policy
from nova_lite.api.schemas import instance_actions as schema
from nova_lite.api.schemas import responses
from nova_lite.api import validation
from nova_lite import exception
from nova_lite.objects import instance_action as action_obj

_RULE = 'os_compute_api:os-instance-actions:'
EVENTS = _RULE + 'events'
EVENT_DETAILS = _RULE + 'events:details'


def _server(req, server_id):
    """The server; a deleted one too from 2.21."""
    return servers.get(req, server_id,
                       read_deleted=req.api_version.matches('2.21'))


def _action(req, action):
    body = {'action': action.action, 'instance_uuid': action.instance_uuid,
            'request_id': action.request_id, 'user_id': action.user_id,
            'project_id': action.project_id,
            'start_time': times.with_microseconds(action.start_time),
            'message': action.message}
    if req.api_version.matches('2.58'):
        body['updated_at'] = times.with_microseconds(
            action.updated_at or action.created_at)
    return body


def _window(req):
    """The query's paging and changes window (2.58, 2.66)."""
    if not req.api_version.matches('2.58'):
        return {}
    window = {}
    server_filters.changes(req.GET.dict_of_lists(), window)
    limit, marker = pagination.page(req)
    return {'limit': limit, 'marker': marker,
            'changes_since': window.get('changes_since'),
            'changes_before': window.get('changes_before')}


@validation.query_schema(schema.list_query_v258, '2.58', '2.65')
@validation.query_schema(schema.list_query_v266, '2.66')
@validation.responds(200, responses.instance_actions, '2.1', '2.57')
@validation.responds(200, responses.instance_actions_2_58, '2.58')
def index(req, server_id):
    instance = _server(req, server_id)
    window = _window(req)
    try:
        actions = action_obj.InstanceActionList.get_by_instance_uuid(
            req.context, instance.uuid, **window)
    except exception.InstanceActionNotFound:
        raise exception.MarkerNotFound(marker=window['marker'])
    answer = {'instanceActions': [_action(req, a) for a in actions]}
    if window:
        links = pagination.next_links(
            req, 'servers/%s/os-instance-actions' % server_id,
            answer['instanceActions'], window['limit'], id_key='request_id')
        if links:
            answer['links'] = links
    return 200, answer


class _EventView:
    """What of an event the caller may see, worked out once."""

    def __init__(self, req, project_id):
        self.req = req
        self.project_id = project_id
        self.admin = policy.check(req.context, EVENTS)
        self.shown = self.admin or req.api_version.matches('2.51')
        self.details = (req.api_version.matches('2.84') and
                        policy.check(req.context, EVENT_DETAILS))

    def __call__(self, event):
        at = self.req.api_version.matches
        body = {'event': event.event,
                'start_time': times.with_microseconds(event.start_time),
                'finish_time': times.with_microseconds(event.finish_time),
                'result': event.result}
        if self.admin:
            body['traceback'] = event.traceback
        if at('2.62'):
            body['hostId'] = server_view.host_id(self.project_id, event.host)
            if self.admin:
                body['host'] = event.host or ''
        if self.details:
            body['details'] = event.details
        return body


@validation.responds(200, responses.instance_action_one)
def show(req, server_id, request_id):
    instance = _server(req, server_id)
    try:
        action = action_obj.InstanceAction.get_by_request_id(
            req.context, instance.uuid, request_id)
    except exception.InstanceActionNotFound:
        raise exception.NotFound(message='Action %s not found' % request_id)
    body = _action(req, action)
    view = _EventView(req, action.project_id or instance.project_id)
    if view.shown:
        body['events'] = [view(e) for e in
                          action_obj.InstanceActionEventList.get_by_action(
                              req.context, action.id)]
    return 200, {'instanceAction': body}
