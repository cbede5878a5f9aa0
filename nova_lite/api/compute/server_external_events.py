# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""POST /os-server-external-events: another service (the network
service) tells of its servers' ports.

Each event goes to the compute of its server's host. The answer lists the
events as sent, each with a ``code``: 200 (handed on; its status then
reads ``completed``), 404 (no such server), 422 (the server is on no host,
so nothing could take it) or 400 (a ``volume-extended`` without a tag);
the whole answer is 200 when every event was handed on, 207 when some
were not, and 404 when none was.
"""
from nova_lite.api.schemas import responses
from nova_lite.api.schemas import server_external_events as schema
from nova_lite.api import validation
from nova_lite import exception
from nova_lite.objects import external_event
from nova_lite.objects import instance as instance_obj

_NEEDS_TAG = ('volume-extended',)


@validation.per_version(validation.schema, *schema.by_version())
@validation.responds(200, responses.external_events)
@validation.responds(207, responses.external_events)
def create(req):
    sent = req.body_json()['events']
    instances = _instances(req.context, {e['server_uuid'] for e in sent})
    answered, accepted = [], []
    for event in sent:
        answer = dict(event)
        code = _code(event, instances.get(event['server_uuid']))
        answer['code'] = code
        answer['status'] = (external_event.COMPLETED if code == 200
                            else external_event.FAILED)
        if code == 200:
            accepted.append(external_event.InstanceExternalEvent(
                instance_uuid=event['server_uuid'], name=event['name'],
                status=event.get('status', external_event.COMPLETED),
                tag=event.get('tag')))
        answered.append(answer)
    if not accepted:
        raise exception.NotFound(message='No instances found for any event')
    req.compute_api.external_instance_events(
        req.context, [instances[e.instance_uuid] for e in accepted],
        accepted)
    status = 200 if len(accepted) == len(sent) else 207
    return status, {'events': answered}


def _instances(context, uuids):
    found = instance_obj.InstanceList.get_by_filters(
        context, {'uuid': sorted(uuids)}, expected_attrs=['migration_context'])
    return {instance.uuid: instance for instance in found}


def _code(event, instance):
    if instance is None:
        return 404
    if event['name'] in _NEEDS_TAG and event.get('tag') is None:
        return 400
    if not instance.host:
        return 422
    return 200
