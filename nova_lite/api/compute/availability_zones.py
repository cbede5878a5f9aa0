# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Availability zones: /os-availability-zone and, for admins, its
/detail with each zone's hosts and their services.

A compute's zone is the ``availability_zone`` of an aggregate it is in,
else ``default_availability_zone``. The list shows every zone with a
compute (available while one of its computes is enabled); the detail
adds ``internal_service_availability_zone``, where the services that
are not computes are listed.
"""
from nova_lite.api.compute import times
from nova_lite.api import validation
from nova_lite import binaries
from nova_lite.objects import aggregates
from nova_lite.objects import service as service_obj

_ZONE_INFO = {
    'type': 'object', 'required': ['availabilityZoneInfo'],
    'properties': {'availabilityZoneInfo': {'type': 'array', 'items': {
        'type': 'object', 'required': ['zoneName', 'zoneState', 'hosts'],
        'properties': {'zoneName': {'type': 'string'},
                       'zoneState': {'type': 'object'},
                       'hosts': {'type': ['object', 'null']}},
        'additionalProperties': False}}},
    'additionalProperties': False}


def _services(req):
    return service_obj.ServiceList.get_all(req.context).objects


def _zone_of(req, zones, service):
    if service.binary != service_obj.COMPUTE_BINARY:
        return req.conf.internal_service_availability_zone
    return zones[service.host]


def _by_zone(req):
    """{zone: [service]} of every service."""
    services = _services(req)
    zones = aggregates.zones_of_hosts(req.conf, req.context,
                                      {s.host for s in services})
    found = {}
    for service in services:
        found.setdefault(_zone_of(req, zones, service), []).append(service)
    return found


def _available(services):
    return any(not s.disabled for s in services)


@validation.responds(200, _ZONE_INFO)
def index(req):
    internal = req.conf.internal_service_availability_zone
    return 200, {'availabilityZoneInfo': [
        {'zoneName': zone, 'zoneState': {'available': _available(found)},
         'hosts': None}
        for zone, found in sorted(_by_zone(req).items())
        if zone != internal]}


def _hosts(req, services):
    hosts = {}
    for service in sorted(services, key=lambda s: (s.host, s.binary)):
        hosts.setdefault(service.host, {})[
            binaries.shown(service.binary)] = {
            'available': service.is_up(req.conf.service_down_time),
            'active': not service.disabled,
            'updated_at': times.with_microseconds(
                service.last_seen_up or service.updated_at)}
    return hosts


@validation.responds(200, _ZONE_INFO)
def detail(req):
    return 200, {'availabilityZoneInfo': [
        {'zoneName': zone, 'zoneState': {'available': _available(found)},
         'hosts': _hosts(req, found)}
        for zone, found in sorted(_by_zone(req).items())]}
