# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Quota sets: /os-quota-sets/{tenant_id}[/detail|/defaults].

A project's limits (or, with ``user_id``, one of its users'), with what
they use (``detail``); admins set them (no lower than what is in use
unless ``force``) and revert them to the defaults. Without an identity
service the project id is taken as given, as Nova does under noauth.
"""
import functools

from oslo_utils import strutils

from nova_lite.api import policy
from nova_lite.api.schemas import quota_sets as schema
from nova_lite.api import validation
from nova_lite import exception
from nova_lite.objects import quotas

_RULE = 'os_compute_api:os-quota-sets:'


def _allowed(req, action, project_id):
    policy.enforce(req.context, _RULE + action,
                   {'project_id': project_id,
                    'user_id': req.context.user_id})


def _user_id(req):
    """The first ``user_id`` of the query, as Nova reads it."""
    return next(iter(req.GET.getall('user_id')), None) or None


def quota_set(project_id, values, version):
    """Nova's body: the resources shown at ``version`` (and the id)."""
    body = {name: values[name] for name in schema.shown(version)}
    if project_id is not None:
        body['id'] = project_id
    return {'quota_set': body}


_query_schemas = validation.per_version(
    validation.query_schema, (schema.query, '2.1', '2.74'),
    (schema.query_v275, '2.75', None))


def _answers(before, v236, v257):
    """The answer's schemas, as nova-network's quotas (2.36) and the
    personality files' (2.57) leave it."""
    return validation.per_version(
        functools.partial(validation.responds, 200), (before, '2.1', '2.35'),
        (v236, '2.36', '2.56'), (v257, '2.57', None))


@_query_schemas
@_answers(schema.show, schema.show_v236, schema.show_v257)
def show(req, tenant_id):
    _allowed(req, 'show', tenant_id)
    values = quotas.limits(req.conf, req.context, tenant_id, _user_id(req))
    return 200, quota_set(tenant_id, values, req.api_version)


@_query_schemas
@_answers(schema.detail, schema.detail_v236, schema.detail_v257)
def detail(req, tenant_id):
    _allowed(req, 'detail', tenant_id)
    values = quotas.detail(req.conf, req.context, tenant_id, _user_id(req))
    return 200, quota_set(tenant_id, values, req.api_version)


@validation.query_schema(schema.no_query)
@_answers(schema.show, schema.show_v236, schema.show_v257)
def defaults(req, tenant_id):
    _allowed(req, 'defaults', tenant_id)
    values = quotas.defaults(req.conf, req.context)
    return 200, quota_set(tenant_id, values, req.api_version)


@validation.per_version(validation.schema, (schema.update, '2.1', '2.35'),
                        (schema.update_v236, '2.36', '2.56'),
                        (schema.update_v257, '2.57', None))
@_query_schemas
@_answers(schema.updated, schema.updated_v236, schema.updated_v257)
def update(req, tenant_id):
    _allowed(req, 'update', tenant_id)
    asked = dict(req.body_json()['quota_set'])
    if 'networks' in asked:
        raise exception.Invalid(message='The networks quota has been removed')
    force = strutils.bool_from_string(asked.pop('force', False))
    user_id = _user_id(req)
    validation.stored_strings(tenant_id=tenant_id, user_id=user_id)
    values = {name: int(value) for name, value in asked.items()}
    if not force:
        _check_settable(values, quotas.settable(
            req.conf, req.context, tenant_id, user_id))
    quotas.set_limits(req.context, values, tenant_id, user_id)
    values = quotas.limits(req.conf, req.context, tenant_id, user_id)
    return 200, quota_set(None, values, req.api_version)


def _unlimited_as_infinite(value):
    return float('inf') if value == -1 else value


def _check_settable(values, settable):
    """400 for the first limit below what is used (or given to users), or
    above what the project leaves a user."""
    for name, limit in values.items():
        minimum, maximum = settable[name]
        if _unlimited_as_infinite(limit) < _unlimited_as_infinite(minimum):
            raise exception.Invalid(message=(
                'Quota limit %s for %s must be greater than or equal to '
                'already used and reserved %s.' % (limit, name, minimum)))
        if _unlimited_as_infinite(limit) > _unlimited_as_infinite(maximum):
            raise exception.Invalid(message=(
                'Quota limit %s for %s must be less than or equal to %s.'
                % (limit, name, maximum)))


@_query_schemas
@validation.responds(202, None)
def delete(req, tenant_id):
    _allowed(req, 'delete', tenant_id)
    quotas.revert_to_defaults(req.context, tenant_id, _user_id(req))
    return 202, None
