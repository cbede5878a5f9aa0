"""The placement API's route table: method, path, handler, policy rule.

Each path's methods are in Placement's order: a 405's ``Allow`` lists
them so."""
from nova_lite.api.placement import aggregates
from nova_lite.api.placement import allocation_candidates
from nova_lite.api.placement import allocations
from nova_lite.api.placement import inventories
from nova_lite.api.placement import resource_classes
from nova_lite.api.placement import reshaper
from nova_lite.api.placement import resource_providers
from nova_lite.api.placement import root
from nova_lite.api.placement import traits
from nova_lite.api.placement import usages

_RP = '/resource_providers/{uuid}'
_INV = _RP + '/inventories'
_P = 'placement:'

ROUTES = [
    ('GET', '/', root.versions, None),
    ('GET', '/resource_providers', resource_providers.index,
     _P + 'resource_providers'),
    ('POST', '/resource_providers', resource_providers.create,
     _P + 'resource_providers'),
    ('GET', _RP, resource_providers.show, _P + 'resource_providers'),
    ('DELETE', _RP, resource_providers.delete, _P + 'resource_providers'),
    ('PUT', _RP, resource_providers.update, _P + 'resource_providers'),
    ('GET', _INV, inventories.index, _P + 'inventories'),
    ('POST', _INV, inventories.create, _P + 'inventories'),
    ('PUT', _INV, inventories.update_all, _P + 'inventories'),
    ('DELETE', _INV, inventories.delete_all, _P + 'inventories'),
    ('GET', _INV + '/{resource_class}', inventories.show,
     _P + 'inventories'),
    ('PUT', _INV + '/{resource_class}', inventories.update,
     _P + 'inventories'),
    ('DELETE', _INV + '/{resource_class}', inventories.delete,
     _P + 'inventories'),
    ('GET', _RP + '/usages', usages.for_provider, _P + 'usages'),
    ('GET', '/usages', usages.for_project, _P + 'usages'),
    ('GET', _RP + '/allocations', allocations.for_provider,
     _P + 'allocations'),
    ('GET', _RP + '/traits', traits.for_provider, _P + 'traits'),
    ('PUT', _RP + '/traits', traits.set_for_provider, _P + 'traits'),
    ('DELETE', _RP + '/traits', traits.delete_for_provider, _P + 'traits'),
    ('GET', _RP + '/aggregates', aggregates.index, _P + 'aggregates'),
    ('PUT', _RP + '/aggregates', aggregates.update, _P + 'aggregates'),
    ('GET', '/resource_classes', resource_classes.index,
     _P + 'resource_classes'),
    ('POST', '/resource_classes', resource_classes.create,
     _P + 'resource_classes'),
    ('GET', '/resource_classes/{name}', resource_classes.show,
     _P + 'resource_classes'),
    ('PUT', '/resource_classes/{name}', resource_classes.ensure,
     _P + 'resource_classes'),
    ('DELETE', '/resource_classes/{name}', resource_classes.delete,
     _P + 'resource_classes'),
    ('GET', '/traits', traits.index, _P + 'traits'),
    ('GET', '/traits/{name}', traits.show, _P + 'traits'),
    ('PUT', '/traits/{name}', traits.ensure, _P + 'traits'),
    ('DELETE', '/traits/{name}', traits.delete, _P + 'traits'),
    ('GET', '/allocation_candidates', allocation_candidates.index,
     _P + 'allocation_candidates'),
    ('POST', '/allocations', allocations.post, _P + 'allocations'),
    ('POST', '/reshaper', reshaper.reshape, _P + 'reshaper'),
    ('GET', '/allocations/{consumer_uuid}', allocations.show,
     _P + 'allocations'),
    ('PUT', '/allocations/{consumer_uuid}', allocations.update,
     _P + 'allocations'),
    ('DELETE', '/allocations/{consumer_uuid}', allocations.delete,
     _P + 'allocations'),
]
