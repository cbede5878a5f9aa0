# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Server groups: /os-server-groups[/{id}].

A group binds where its members go: affinity (one host), anti-affinity
(different hosts; from 2.64 at most ``max_server_per_host`` on each), or
their soft forms (2.15), which only rank hosts. Servers join at create
(the ``group`` scheduler hint). A project sees its own groups; an admin
any (``all_projects`` to list them all).
"""
import functools

from oslo_utils import strutils

from nova_lite.api import policy
from nova_lite.api.schemas import server_groups as schema
from nova_lite.api import validation
from nova_lite import exception
from nova_lite.notifications import events
from nova_lite.objects import server_groups

_RULE = 'os_compute_api:os-server-groups:'


def _view(req, group):
    body = {'id': group['uuid'], 'name': group['name'],
            'members': group['members']}
    if req.api_version.matches('2.13'):
        body.update(project_id=group['project_id'],
                    user_id=group['user_id'])
    if req.api_version.matches('2.64'):
        body.update(policy=group['policy'], rules=group['rules'])
    else:
        body.update(policies=[group['policy']], metadata={})
    return body


def _answers(wrap):
    """The answer's schemas, with groups as owners (2.13) and one policy
    with rules (2.64) change them; ``wrap`` holds one or a list."""
    return validation.per_version(
        functools.partial(validation.responds, 200),
        (wrap(schema.group), '2.1', '2.12'),
        (wrap(schema.group_v213), '2.13', '2.63'),
        (wrap(schema.group_v264), '2.64', None))


@validation.query_schema(schema.index_query, '2.1', '2.74')
@validation.query_schema(schema.index_query_v275, '2.75')
@_answers(schema.many)
def index(req):
    policy.enforce(req.context, _RULE + 'index')
    # Those the rule does not allow get their own project's, as in Nova.
    every = strutils.bool_from_string(req.GET.get(
        'all_projects', False)) and policy.check(
            req.context, _RULE + 'index:all_projects')
    groups = server_groups.get_all(
        req.context, all_projects=every,
        limit=_integer(req, 'limit'), offset=_integer(req, 'offset'))
    return 200, {'server_groups': [_view(req, g) for g in groups]}


def _integer(req, name):
    value = req.GET.get(name)
    return None if value is None else int(value)


@_answers(schema.one)
def show(req, group_id):
    policy.enforce(req.context, _RULE + 'show')
    return 200, {'server_group': _view(req, server_groups.get(req.context,
                                                              group_id))}


def _policy_and_rules(req, body):
    if not req.api_version.matches('2.64'):
        return body['policies'][0], {}
    rules = body.get('rules') or {}
    if rules and body['policy'] != 'anti-affinity':
        raise exception.Invalid(
            message='Only anti-affinity policy supports rules.')
    return body['policy'], {name: int(value)
                            for name, value in rules.items()}


@validation.schema(schema.create, '2.1', '2.14')
@validation.schema(schema.create_v215, '2.15', '2.63')
@validation.schema(schema.create_v264, '2.64')
@_answers(schema.one)
def create(req):
    policy.enforce(req.context, _RULE + 'create')
    body = req.body_json()['server_group']
    group_policy, rules = _policy_and_rules(req, body)
    group = server_groups.create(req.conf, req.context, body['name'],
                                 group_policy, rules)
    events.server_group(req.conf, req.context, group, 'create')
    return 200, {'server_group': _view(req, group)}


@validation.responds(204, None)
def delete(req, group_id):
    group = server_groups.get(req.context, group_id)
    policy.enforce(req.context, _RULE + 'delete',
                   {'project_id': group['project_id'],
                    'user_id': req.context.user_id})
    server_groups.destroy(req.context, group_id)
    events.server_group(req.conf, req.context, group, 'delete')
    return 204, None
