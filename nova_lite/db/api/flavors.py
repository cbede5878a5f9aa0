"""Flavors and their extra specs."""
from oslo_db import exception as db_exc
import sqlalchemy as sa

from nova_lite.db import engine
from nova_lite.db import models
from nova_lite import exception


def _query(session):
    return sa.select(models.Flavor)


@engine.writer
def create(context, values, extra_specs):
    flavor = models.Flavor(**values)
    flavor.extra_specs = [models.FlavorExtraSpec(key=k, value=v)
                          for k, v in extra_specs.items()]
    context.session.add(flavor)
    try:
        context.session.flush()
    except db_exc.DBDuplicateEntry as e:
        field = 'name' if 'name' in (e.columns or ['name']) else 'id'
        value = values['name'] if field == 'name' else values['flavorid']
        raise exception.FlavorExists(field=field, value=value)
    return flavor


def _get(session, flavorid):
    flavor = session.scalars(
        _query(session).where(models.Flavor.flavorid == flavorid)).first()
    if flavor is None:
        raise exception.FlavorNotFound(flavor_id=flavorid)
    return flavor


@engine.reader
def get_by_flavorid(context, flavorid):
    return _get(context.session, flavorid)


@engine.reader
def get_by_id(context, db_id):
    flavor = context.session.get(models.Flavor, db_id)
    if flavor is None:
        raise exception.FlavorNotFound(flavor_id=db_id)
    return flavor


@engine.reader
def get_all(context):
    return list(context.session.scalars(
        _query(context.session).order_by(models.Flavor.flavorid)))


@engine.writer
def destroy(context, flavorid):
    context.session.delete(_get(context.session, flavorid))


@engine.writer
def update_extra_specs(context, flavorid, specs):
    """Add or replace the given keys, leaving the others as they are."""
    flavor = _get(context.session, flavorid)
    existing = {spec.key: spec for spec in flavor.extra_specs}
    for key, value in specs.items():
        if key in existing:
            existing[key].value = value
        else:
            flavor.extra_specs.append(
                models.FlavorExtraSpec(key=key, value=value))
    context.session.flush()
    return flavor


@engine.writer
def delete_extra_spec(context, flavorid, key):
    flavor = _get(context.session, flavorid)
    for spec in flavor.extra_specs:
        if spec.key == key:
            flavor.extra_specs.remove(spec)
            return flavor
    raise exception.FlavorExtraSpecNotFound(flavor_id=flavorid, key=key)
