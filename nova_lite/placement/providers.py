"""Resource providers, as the placement API and the services see them."""
from nova_lite.db.api import resource_providers as db


def create(context, uuid, name, parent_uuid=None):
    return db.create(context, uuid, name, parent_uuid)


def get(context, uuid):
    return db.get(context, uuid)


def get_all(context, name=None, uuid=None, in_tree=None):
    return db.get_all(context, name=name, uuid=uuid, in_tree=in_tree)


def update(context, uuid, name, parent_uuid=None):
    return db.update(context, uuid, name, parent_uuid)


def delete(context, uuid):
    db.delete(context, uuid)
