"""Moving inventories and allocations together (Placement's reshaper)."""
from nova_lite.db.api import reshaper as db
from nova_lite.placement import inventories
from nova_lite.placement import resource_classes
from nova_lite.placement import retry


def reshape(context, inventory_sets, requests):
    """``inventory_sets``: {provider uuid: (generation, {class: record})}."""
    names = {rc for _g, records in inventory_sets.values()
             for rc in records}
    names |= {rc for request in requests
              for resources in request['allocations'].values()
              for rc in resources}
    resource_classes.check_known(context, names)
    normalized = {uuid: (generation, {rc: inventories.normalized(rc, r)
                                      for rc, r in records.items()})
                  for uuid, (generation, records) in inventory_sets.items()}
    retry.write(db.reshape, context, normalized, requests)
