# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Quota classes: /os-quota-class-sets/{id}.

Only the ``default`` class is applied: its limits stand in for the
configured ``[quota]`` values wherever a project sets none of its own.
Other classes are kept and shown, as Nova keeps them. Before 2.50 a class
shows nova-network's quotas and not the server groups'; 2.57 drops the
personality files'.
"""
import functools

from nova_lite.api import policy
from nova_lite.api.schemas import quota_sets as schema
from nova_lite.api import validation
from nova_lite import exception
from nova_lite.objects import quotas

_RULE = 'os_compute_api:os-quota-class-sets:'


def _check_name(name):
    if len(name) > 255:
        raise exception.Invalid(message=(
            'quota_class_name has more than 255 characters.'))


def _class_set(class_name, values, version):
    body = {name: values[name]
            for name in schema.shown(version, classes=True)}
    if class_name is not None:
        body['id'] = class_name
    return {'quota_class_set': body}


def _answers(before, v250, v257):
    """The answer's schemas, as server groups come and nova-network's
    quotas go (2.50) and the personality files' go (2.57)."""
    return validation.per_version(
        functools.partial(validation.responds, 200), (before, '2.1', '2.49'),
        (v250, '2.50', '2.56'), (v257, '2.57', None))


@_answers(schema.class_show, schema.class_show_v250, schema.class_show_v257)
def show(req, class_id):
    policy.enforce(req.context, _RULE + 'show', {'quota_class': class_id})
    _check_name(class_id)
    values = quotas.class_limits(req.conf, req.context, class_id)
    return 200, _class_set(class_id, values, req.api_version)


@validation.per_version(
    validation.schema, (schema.class_update, '2.1', '2.49'),
    (schema.class_update_v250, '2.50', '2.56'),
    (schema.class_update_v257, '2.57', None))
@_answers(schema.class_updated, schema.class_updated_v250,
          schema.class_updated_v257)
def update(req, class_id):
    policy.enforce(req.context, _RULE + 'update', {'quota_class': class_id})
    _check_name(class_id)
    asked = req.body_json()['quota_class_set']
    if 'networks' in asked:
        raise exception.Invalid(message='The networks quota has been removed')
    quotas.set_limits(req.context, {name: int(value) for name, value
                                    in asked.items()}, class_name=class_id)
    values = quotas.class_limits(req.conf, req.context, class_id)
    return 200, _class_set(None, values, req.api_version)
