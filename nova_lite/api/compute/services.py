# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Services: every nova_lite daemon, enabled or not, up or down.

Admins disable a compute service (the scheduler then skips its host and
says so) and enable it again. Up to 2.52 that is PUT /os-services/disable,
/disable-log-reason and /enable with host and binary (and, from 2.11,
/force-down); from 2.53 services are named by uuid and changed with PUT
/os-services/{service_id}. A forced-down service counts as down whatever
its heartbeat says. DELETE removes a service (a compute's only when its
host has no servers left). Binaries go by Nova's names (nova-compute...;
``binaries``).
"""
from nova_lite.api.compute import service_zones
from nova_lite.api.compute import times
from nova_lite.api import microversion
from nova_lite.api.schemas import responses
from nova_lite.api.schemas import services as schema
from nova_lite.api import validation
from nova_lite import binaries
from nova_lite import exception
from nova_lite.notifications import events
from nova_lite.objects import service as service_obj
from nova_lite.objects import service_removal
from nova_lite.text import digits

_UUIDS_FROM = '2.53'


def _view(req, service, zone):
    body = {
        'id': service.uuid if req.api_version.matches(_UUIDS_FROM)
        else service.id,
        'binary': binaries.shown(service.binary), 'host': service.host,
        'zone': zone,
        'status': 'disabled' if service.disabled else 'enabled',
        'state': 'up' if service.is_up(req.conf.service_down_time)
        else 'down',
        'updated_at': times.with_microseconds(
            service.last_seen_up or service.updated_at),
        'disabled_reason': service.disabled_reason,
    }
    if req.api_version.matches('2.11'):
        body['forced_down'] = service.forced_down
    return body


@validation.responds(200, responses.service_list)
def index(req):
    services = service_obj.ServiceList.get_all(
        req.context, binary=binaries.registered(req.GET.get('binary')) or
        None)
    host = req.GET.get('host')
    services = [s for s in services if not host or s.host == host]
    zones = service_zones.of(req, services)
    return 200, {'services': [_view(req, s, zones[s.id])
                              for s in services]}


def _by_host_and_binary(req, body):
    try:
        return service_obj.Service.get_by_host_and_binary(
            req.context, body['host'], binaries.registered(body['binary']))
    except exception.ServiceNotFound:
        raise exception.NotFound(message='Service %s on host %s not found.'
                                 % (body['binary'], body['host']))


def _set_status(req, disabled, reason=None):
    service = _by_host_and_binary(req, req.body_json())
    service.disabled = disabled
    service.disabled_reason = reason
    service.save()
    _notify(req, service, 'update')
    answer = {'host': service.host,
              'binary': binaries.shown(service.binary),
              'status': 'disabled' if disabled else 'enabled'}
    if reason:
        answer['disabled_reason'] = reason
    return 200, {'service': answer}


@microversion.since('2.1', '2.52')
@validation.responds(200, responses.service_status)
@validation.schema(schema.enable)
def enable(req):
    return _set_status(req, False)


@microversion.since('2.1', '2.52')
@validation.responds(200, responses.service_status)
@validation.schema(schema.enable)
def disable(req):
    return _set_status(req, True)


@microversion.since('2.1', '2.52')
@validation.responds(200, responses.service_status)
@validation.schema(schema.disable_log_reason)
def disable_log_reason(req):
    return _set_status(req, True, req.body_json()['disabled_reason'])


@microversion.since('2.11', '2.52')
@validation.responds(200, responses.service_forced_down)
@validation.schema(schema.force_down)
def force_down(req):
    body = req.body_json()
    service = _by_host_and_binary(req, body)
    service.forced_down = body['forced_down']
    service.save()
    _notify(req, service, 'update')
    return 200, {'service': {'host': service.host,
                             'binary': binaries.shown(service.binary),
                             'forced_down': service.forced_down}}


def _get(req, service_id):
    """A service by uuid (2.53) or by integer id (before)."""
    try:
        if req.api_version.matches(_UUIDS_FROM):
            return service_obj.Service.get_by_uuid(req.context, service_id)
        if digits.is_digits(service_id):
            return service_obj.Service.get_by_id(
                req.context, digits.at_most_int32(service_id))
    except exception.ServiceNotFound:
        pass
    raise exception.NotFound(message='Service %s not found.' % service_id)


def _check_update(service, body):
    if 'status' not in body and 'forced_down' not in body:
        raise exception.ValidationError(
            detail="At least one of 'status' or 'forced_down' must be "
                   'given.')
    if body.get('disabled_reason') and body.get('status') != 'disabled':
        raise exception.ValidationError(
            detail="disabled_reason may only be given with status "
                   "'disabled'.")
    if ('forced_down' in body and
            service.binary != service_obj.COMPUTE_BINARY):
        raise exception.ValidationError(
            detail='Only a compute service can be forced down.')


@microversion.since(_UUIDS_FROM)
@validation.schema(schema.update)
@validation.responds(200, responses.service_one)
def update(req, service_id):
    service = _get(req, service_id)
    body = req.body_json()
    _check_update(service, body)
    if 'status' in body:
        service.disabled = body['status'] == 'disabled'
        service.disabled_reason = (body.get('disabled_reason')
                                   if service.disabled else None)
    if 'forced_down' in body:
        service.forced_down = body['forced_down']
    service.save()
    zone = service_zones.of(req, [service])[service.id]
    _notify(req, service, 'update', zone)
    return 200, {'service': _view(req, service, zone)}


@validation.responds(204, None)
def delete(req, service_id):
    """Delete the service; a compute's nodes and their placement
    providers go with it (refused while its host has servers, or while a
    provider still holds allocations), and so do the allocations that
    evacuations of its servers kept there: all of it, or none."""
    service = _get(req, service_id)
    service_removal.remove(req.context, service)
    _notify(req, service, 'delete')
    return 204, None


def _notify(req, service, action, zone=None):
    events.service(req.conf, req.context, service, action, zone)
