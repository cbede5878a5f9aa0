"""Service records: which daemon runs where, and when it was last seen."""
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


@engine.writer
def update(context, service_id, values):
    service = context.session.get(models.Service, service_id)
    if service is None:
        raise exception.ServiceNotFound(service_id=service_id)
    for key, value in values.items():
        setattr(service, key, value)
    context.session.flush()
    return service
