# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Host aggregates: /os-aggregates[/{id}[/action]] (admins).

An aggregate groups hosts under metadata; ``availability_zone`` makes
its hosts a zone (a host is in one zone at most). Each aggregate is
mirrored into placement on its hosts' providers, where the scheduler's
pre-filters ask for it. Answers are 200 throughout, as Nova's; a create
answers without hosts and metadata; 2.41 adds the uuid.
"""
import functools

from oslo_utils import uuidutils

from nova_lite.api import actions
from nova_lite.api.compute import times
from nova_lite.api.schemas import aggregates as schema
from nova_lite.api import validation
from nova_lite import exception
from nova_lite.notifications import events
from nova_lite.objects import aggregates
from nova_lite.text import digits

_RULE = 'os_compute_api:os-aggregates:'


def aggregate_id_of(aggregate_id):
    """The aggregate id of the path: 400 if it is no integer, 404 if no
    aggregate can have it (beyond the column's range, which the database
    driver would refuse)."""
    try:
        number = int(aggregate_id)
    except ValueError:
        raise exception.Invalid(
            message='Invalid input received: id must be an integer')
    if not digits.fits_int32(number):
        raise exception.AggregateNotFound(aggregate_id=aggregate_id)
    return number


def _view(req, aggregate, full=True):
    body = {'availability_zone': aggregate['availability_zone'],
            'created_at': times.with_microseconds(aggregate['created_at']),
            'updated_at': times.with_microseconds(aggregate['updated_at']),
            'deleted': False, 'deleted_at': None, 'id': aggregate['id'],
            'name': aggregate['name']}
    if full:
        body.update(hosts=aggregate['hosts'],
                    metadata=aggregate['metadata'])
    if req.api_version.matches('2.41'):
        body['uuid'] = aggregate['uuid']
    return body


def _answers(before, since):
    """The answer's schemas, before and since the uuid (2.41)."""
    return validation.per_version(
        functools.partial(validation.responds, 200), (before, '2.1', '2.40'),
        (since, '2.41', None))


@_answers(schema.listed, schema.listed_v241)
def index(req):
    return 200, {'aggregates': [_view(req, a)
                                for a in aggregates.get_all(req.context)]}


@validation.schema(schema.create)
@_answers(schema.created, schema.created_v241)
def create(req):
    body = req.body_json()['aggregate']
    name, zone = body['name'].strip(), body.get('availability_zone')
    uuid = uuidutils.generate_uuid()
    events.aggregate(req.conf, req.context, {
        'uuid': uuid, 'name': name,
        'metadata': {'availability_zone': zone} if zone else {}},
        'create', 'start')
    made = aggregates.create(req.context, name, zone, uuid)
    events.aggregate(req.conf, req.context, made, 'create', 'end')
    return 200, {'aggregate': _view(req, made, full=False)}


@_answers(schema.shown, schema.shown_v241)
def show(req, aggregate_id):
    return 200, {'aggregate': _view(req, aggregates.get(
        req.context, aggregate_id_of(aggregate_id)))}


@validation.schema(schema.update)
@_answers(schema.shown, schema.shown_v241)
def update(req, aggregate_id):
    changes = req.body_json()['aggregate']
    return 200, {'aggregate': _view(req, _notified(
        req, aggregate_id_of(aggregate_id), 'update_prop',
        aggregates.update, changes))}


@validation.responds(200, None)
def delete(req, aggregate_id):
    _notified(req, aggregate_id_of(aggregate_id), 'delete',
              aggregates.destroy)
    return 200, None


def _notified(req, aggregate_id, action, change, *args):
    """``change(context, aggregate_id, *args)`` between its
    ``aggregate.<action>.start`` and ``.end`` (the aggregate as it was,
    then as it is; a delete's end, as it was)."""
    if not events.enabled(req.conf):
        return change(req.context, aggregate_id, *args)
    before = aggregates.get(req.context, aggregate_id)
    events.aggregate(req.conf, req.context, before, action, 'start')
    after = change(req.context, aggregate_id, *args)
    events.aggregate(req.conf, req.context, after or before, action, 'end')
    return after


def _add_host(req, body, aggregate_id):
    validation.validate(schema.host, body)
    return _notified(req, aggregate_id, 'add_host', aggregates.add_host,
                     body['host'])


def _remove_host(req, body, aggregate_id):
    validation.validate(schema.host, body)
    return _notified(req, aggregate_id, 'remove_host',
                     aggregates.remove_host, body['host'])


def _set_metadata(req, body, aggregate_id):
    validation.validate(schema.metadata, body)
    return _notified(req, aggregate_id, 'update_metadata',
                     aggregates.set_metadata, body['metadata'])


ACTIONS = {'add_host': (_add_host, _RULE + 'add_host'),
           'remove_host': (_remove_host, _RULE + 'remove_host'),
           'set_metadata': (_set_metadata, _RULE + 'set_metadata')}


@_answers(schema.shown, schema.shown_v241)
def action(req, aggregate_id):
    changed = actions.dispatch(req, ACTIONS,
                               aggregate_id=aggregate_id_of(aggregate_id))
    return 200, {'aggregate': _view(req, changed)}


# The id in the path is an aggregate's integer id.
PATH_SCHEMAS = {'aggregate_id': {'type': 'string', 'pattern': '^-?[0-9]+$'}}
for _handler in (show, update, delete, action):
    _handler.path_schemas = PATH_SCHEMAS
