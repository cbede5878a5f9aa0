# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Custom resource classes and traits (CUSTOM_*): one table each.

Standard ones are not rows: they come from os-resource-classes and
os-traits. A custom one in use may not be deleted.
"""
from oslo_db import exception as db_exc
import sqlalchemy as sa

from nova_lite.db import engine
from nova_lite.db import models
from nova_lite import exception


@engine.reader
def custom_classes(context):
    return list(context.session.scalars(
        sa.select(models.ResourceClass.name).order_by(
            models.ResourceClass.name)))


@engine.writer
def create_class(context, name):
    context.session.add(models.ResourceClass(name=name))
    try:
        context.session.flush()
    except db_exc.DBDuplicateEntry:
        raise exception.ResourceClassExists(name=name)


@engine.writer
def delete_class(context, name):
    session = context.session
    for model in (models.Inventory, models.Allocation):
        if session.scalar(sa.select(sa.func.count()).select_from(model)
                          .where(model.resource_class == name)):
            raise exception.ResourceClassInUse(name=name)
    deleted = session.execute(sa.delete(models.ResourceClass).where(
        models.ResourceClass.name == name))
    if not deleted.rowcount:
        raise exception.ResourceClassNotFound(name=name)


@engine.writer
def rename_class(context, name, new_name):
    """A custom class under a new name, with the inventories and
    allocations of it (they hold the name)."""
    session = context.session
    if session.scalar(sa.select(models.ResourceClass.name).where(
            models.ResourceClass.name == new_name)):
        raise exception.ResourceClassExists(name=new_name)
    renamed = session.execute(sa.update(models.ResourceClass).where(
        models.ResourceClass.name == name).values(name=new_name))
    if not renamed.rowcount:
        raise exception.ResourceClassNotFound(name=name)
    for model in (models.Inventory, models.Allocation):
        session.execute(sa.update(model).where(model.resource_class == name)
                        .values(resource_class=new_name))


@engine.reader
def custom_traits(context):
    return list(context.session.scalars(
        sa.select(models.Trait.name).order_by(models.Trait.name)))


@engine.reader
def associated_traits(context):
    """Names of the traits some provider has."""
    return set(context.session.scalars(
        sa.select(models.ProviderTrait.trait).distinct()))


@engine.writer
def create_trait(context, name):
    """Raises TraitExists (so that the transaction, whose failed flush
    left it unusable, is rolled back rather than committed)."""
    context.session.add(models.Trait(name=name))
    try:
        context.session.flush()
    except db_exc.DBDuplicateEntry:
        raise exception.TraitExists(name=name)


@engine.writer
def delete_trait(context, name):
    session = context.session
    if session.scalar(sa.select(sa.func.count()).select_from(
            models.ProviderTrait).where(models.ProviderTrait.trait == name)):
        raise exception.TraitInUse(name=name)
    deleted = session.execute(sa.delete(models.Trait).where(
        models.Trait.name == name))
    if not deleted.rowcount:
        raise exception.TraitNotFound(names=name)
