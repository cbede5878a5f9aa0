# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Host aggregates and availability zones as the API and the scheduler
use them.

Each aggregate is mirrored into placement, as Nova mirrors it: a host
added to it puts the aggregate's uuid among the placement aggregates of
the host's compute node providers, and removing the host takes it off.
The scheduler's pre-filters then ask placement for ``member_of`` those
uuids (a zone, a tenant's hosts, a flavor's aggregate extra specs)
instead of testing hosts one by one. Plain functions, as the quotas are:
aggregates never cross RPC.
"""
from oslo_utils import uuidutils

from nova_lite.db.api import aggregates as db
from nova_lite.db.api import compute_nodes as compute_nodes_db
from nova_lite import exception
from nova_lite.objects import quotas
from nova_lite.placement import aggregates as placement_aggregates

ZONE_KEY = db.ZONE_KEY
_MIRROR_ATTEMPTS = 10


def create(context, name, zone=None, uuid=None):
    return db.create(context, uuid or uuidutils.generate_uuid(), name, zone)


def get(context, aggregate_id):
    return db.get(context, aggregate_id)


def get_all(context, host=None):
    return db.get_all(context, host)


def update(context, aggregate_id, changes):
    """``changes``: a new ``name`` and/or ``availability_zone``."""
    quotas.guard_lock(context, db.AGGREGATES_LOCK)
    return db.update(context, aggregate_id, changes.get('name'),
                     changes.get('availability_zone'),
                     'availability_zone' in changes)


def set_metadata(context, aggregate_id, metadata):
    quotas.guard_lock(context, db.AGGREGATES_LOCK)
    return db.set_metadata(context, aggregate_id, metadata)


def destroy(context, aggregate_id):
    db.destroy(context, aggregate_id)


def _providers_of(context, host):
    """The uuids of the host's compute node providers (404 if none)."""
    uuids = [n.uuid for n in compute_nodes_db.get_all(context)
             if n.host == host]
    if not uuids:
        raise exception.ComputeHostNotFound(host=host)
    return uuids


def add_host(context, aggregate_id, host):
    providers = _providers_of(context, host)
    quotas.guard_lock(context, db.AGGREGATES_LOCK)
    aggregate = db.add_host(context, aggregate_id, host)
    _mirror(context, providers, aggregate['uuid'], True)
    return aggregate


def remove_host(context, aggregate_id, host):
    try:
        providers = _providers_of(context, host)
    except exception.ComputeHostNotFound:
        raise exception.AggregateHostNotFound(aggregate_id=aggregate_id,
                                              host=host)
    aggregate = db.remove_host(context, aggregate_id, host)
    _mirror(context, providers, aggregate['uuid'], False)
    return aggregate


def _mirror(context, providers, aggregate_uuid, member):
    """Put the aggregate among the providers' placement aggregates (or
    take it off), under their generations, again if another writer moved
    one meanwhile."""
    for provider in providers:
        for attempt in range(_MIRROR_ATTEMPTS):
            generation, current = placement_aggregates.of_provider(
                context, provider)
            wanted = (set(current) | {aggregate_uuid} if member
                      else set(current) - {aggregate_uuid})
            try:
                placement_aggregates.set_for_provider(
                    context, provider, generation, sorted(wanted))
                break
            except exception.ResourceProviderGenerationConflict:
                if attempt == _MIRROR_ATTEMPTS - 1:
                    raise


def of_providers(context, uuids):
    """{provider uuid: the placement aggregates it is in}."""
    return placement_aggregates.of_providers(context, uuids)


def zones_of_hosts(conf, context, hosts):
    """{host: its availability zone} (the default zone for a host in
    none)."""
    zones = db.zones_of_hosts(context, list(hosts))
    return {host: zones.get(host, conf.default_availability_zone)
            for host in hosts}


def zone_names(conf, context):
    """Every zone a create may name: the aggregates' and the default."""
    return set(db.zones_of_hosts(context).values()) | {
        conf.default_availability_zone} | set(
        a['availability_zone'] for a in db.get_all(context)
        if a['availability_zone'])


def zone_members(context, zone):
    """The uuids of the aggregates that make ``zone``."""
    return db.uuids_with_metadata(context, ZONE_KEY, zone)


def zoned(context):
    """The uuids of every aggregate that makes a zone."""
    return db.uuids_with_metadata(context, ZONE_KEY)


def with_metadata(context, key, value):
    """The uuids of the aggregates whose metadata ``key`` is ``value``
    (or lists it, comma separated)."""
    return db.uuids_with_metadata(context, key, value)


def tenants_of(context, key_prefix):
    """{aggregate uuid: the project ids its ``key_prefix*`` metadata
    lists}, of the aggregates that have such metadata."""
    return db.values_by_key_prefix(context, key_prefix)
