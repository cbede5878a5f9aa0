"""Writing allocations: checked classes, then an all-or-nothing write that
is retried in a fresh transaction when a concurrent writer won."""
from nova_lite.db.api import allocations as db
from nova_lite.placement import resource_classes
from nova_lite.placement import retry


def replace(context, requests):
    """``requests`` as ``db.allocations.replace`` takes them."""
    names = {rc for request in requests
             for resources in request['allocations'].values()
             for rc in resources}
    resource_classes.check_known(context, names, seen=True)
    retry.write(db.replace, context, requests)


def delete(context, consumer_uuid):
    retry.write(db.delete, context, consumer_uuid)


def for_consumer(context, consumer_uuid):
    return db.get_for_consumer(context, consumer_uuid)


def for_provider(context, provider_uuid):
    return db.get_for_provider(context, provider_uuid)


def usages_of_provider(context, provider_uuid):
    return db.usages_of_provider(context, provider_uuid)


def usages_of_project(context, project_id, user_id=None,
                      consumer_type=None):
    return db.usages_of_project(context, project_id, user_id, consumer_type)


def usages_by_consumer_type(context, project_id, user_id=None,
                            consumer_type=None):
    return db.usages_by_consumer_type(context, project_id, user_id,
                                      consumer_type)
