# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Where an unshelve may send an offloaded server: a zone (2.77; null to
unpin it, 2.91) and a host (2.91), checked before anything changes.

Only an offloaded server can be sent anywhere (409). The zone must exist
(400), the host must be a compute host (400) and in the zone the server
will be pinned to, the one named or the one it has (409).
"""
from nova_lite.api.compute import create_options
from nova_lite.compute import api as compute_api
from nova_lite.compute import move_api
from nova_lite import exception
from nova_lite.objects import aggregates
from nova_lite.objects import fields
from nova_lite.objects import request_spec as request_spec_obj


def of(req, instance, body):
    """(zone, host) for ComputeAPI.unshelve: KEEP_ZONE when the body
    names no zone."""
    zone_given = 'availability_zone' in body
    zone = body.get('availability_zone')
    host = body.get('host')
    if not zone_given and host is None:
        return compute_api.KEEP_ZONE, None
    if instance.vm_state != fields.VMState.SHELVED_OFFLOADED:
        raise exception.UnshelveInstanceInvalidState(
            instance_uuid=instance.uuid, state=instance.vm_state)
    if zone is not None:
        create_options.zone_of(req, {'availability_zone': zone})
    if host is not None:
        pinned = zone if zone_given else _pinned_zone(req, instance)
        _check_host(req, host, pinned)
    return (zone if zone_given else compute_api.KEEP_ZONE), host


def _pinned_zone(req, instance):
    return request_spec_obj.RequestSpec.get_by_instance_uuid(
        req.context, instance.uuid).zone()


def _check_host(req, host, zone):
    move_api.compute_service_named(req.context, host)
    if zone is None:
        return
    if aggregates.zones_of_hosts(req.conf, req.context, [host])[host] != zone:
        raise exception.UnshelveHostNotInAZ(host=host,
                                            availability_zone=zone)
