# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Service records: which daemon runs where, and when it was last seen."""
from oslo_utils import timeutils
import sqlalchemy as sa

from nova_lite.db import engine
from nova_lite.db import models
from nova_lite import exception


@engine.writer
def create(context, values):
    service = models.Service(**values)
    context.session.add(service)
    context.session.flush()
    return service


@engine.reader
def get_by_host_and_binary(context, host, binary):
    service = context.session.scalars(
        sa.select(models.Service).where(models.Service.host == host,
                                        models.Service.binary == binary)
    ).first()
    if service is None:
        raise exception.ServiceNotFound(service_id='%s/%s' % (host, binary))
    return service


@engine.reader
def get_all(context, binary=None):
    query = sa.select(models.Service).order_by(models.Service.id)
    if binary:
        query = query.where(models.Service.binary == binary)
    return list(context.session.scalars(query))


@engine.reader
def liveness(context, binary, hosts=None):
    """[(host, disabled, forced_down, last_seen_up)] of the ``binary``'s
    services (all of them, by id; or those on ``hosts``): whether each
    takes requests, without loading its row."""
    service = models.Service
    query = sa.select(service.host, service.disabled, service.forced_down,
                      service.last_seen_up).where(service.binary == binary)
    if hosts is None:
        query = query.order_by(service.id)
    else:
        query = query.where(service.host.in_(list(hosts)))
    return [tuple(row) for row in context.session.execute(query)]


@engine.reader
def get_by_hosts(context, hosts, binary):
    return list(context.session.scalars(
        sa.select(models.Service).where(models.Service.host.in_(list(hosts)),
                                        models.Service.binary == binary)))


@engine.writer
def update(context, service_id, values):
    service = context.session.get(models.Service, service_id)
    if service is None:
        raise exception.ServiceNotFound(service_id=service_id)
    for key, value in values.items():
        setattr(service, key, value)
    context.session.flush()
    return service


@engine.writer
def heartbeat(context, service_ids):
    """The services were seen up now: one statement for them all."""
    service = models.Service
    context.session.execute(
        sa.update(service).where(service.id.in_(list(service_ids)))
        .values(report_count=service.report_count + 1,
                last_seen_up=timeutils.utcnow())
        .execution_options(synchronize_session=False))


@engine.reader
def get(context, service_id):
    service = context.session.get(models.Service, service_id)
    if service is None:
        raise exception.ServiceNotFound(service_id=service_id)
    return service


@engine.reader
def get_by_uuid(context, uuid):
    service = context.session.scalars(
        sa.select(models.Service).where(models.Service.uuid == uuid)).first()
    if service is None:
        raise exception.ServiceNotFound(service_id=uuid)
    return service


@engine.writer
def destroy(context, service_id):
    """Delete a service; a compute's nodes go with it, its servers may not.

    Refused (409) while the host still has servers: they would be left
    without a compute to delete them.
    """
    service = context.session.get(models.Service, service_id)
    if service is None:
        raise exception.ServiceNotFound(service_id=service_id)
    count = context.session.scalar(
        sa.select(sa.func.count()).select_from(models.Instance).where(
            models.Instance.host == service.host,
            models.Instance.deleted == 0))
    if count and service.binary == 'nova-lite-compute':
        raise exception.ServiceInUse(service_id=service.uuid,
                                     host=service.host, count=count)
    if service.binary == 'nova-lite-compute':
        context.session.execute(sa.delete(models.ComputeNode).where(
            models.ComputeNode.host == service.host))
    context.session.delete(service)
