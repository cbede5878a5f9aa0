# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The placement API's route table: method, path, handler, policy rule.

Each path's methods are in Placement's order: a 405's ``Allow`` lists
them so."""
from nova_lite.api.placement import aggregates
from nova_lite.api.placement import allocation_candidates
from nova_lite.api.placement import allocations
from nova_lite.api.placement import inventories
from nova_lite.api.placement import reshaper
from nova_lite.api.placement import resource_classes
from nova_lite.api.placement import resource_providers
from nova_lite.api.placement import root
from nova_lite.api.placement import traits
from nova_lite.api.placement import usages

_RP = '/resource_providers/{uuid}'
_INV = _RP + '/inventories'
_P = 'placement:'
_RPS = _P + 'resource_providers:'

ROUTES = [
    ('GET', '/', root.versions, None),
    ('GET', '/resource_providers', resource_providers.index,
     _RPS + 'list'),
    ('POST', '/resource_providers', resource_providers.create,
     _RPS + 'create'),
    ('GET', _RP, resource_providers.show, _RPS + 'show'),
    ('DELETE', _RP, resource_providers.delete, _RPS + 'delete'),
    ('PUT', _RP, resource_providers.update, _RPS + 'update'),
    ('GET', _INV, inventories.index, _RPS + 'inventories:list'),
    ('POST', _INV, inventories.create, _RPS + 'inventories:create'),
    ('PUT', _INV, inventories.update_all, _RPS + 'inventories:update'),
    ('DELETE', _INV, inventories.delete_all, _RPS + 'inventories:delete'),
    ('GET', _INV + '/{resource_class}', inventories.show,
     _RPS + 'inventories:show'),
    ('PUT', _INV + '/{resource_class}', inventories.update,
     _RPS + 'inventories:update'),
    ('DELETE', _INV + '/{resource_class}', inventories.delete,
     _RPS + 'inventories:delete'),
    ('GET', _RP + '/usages', usages.for_provider, _RPS + 'usages'),
    ('GET', '/usages', usages.for_project, _P + 'usages'),
    ('GET', _RP + '/allocations', allocations.for_provider,
     _RPS + 'allocations:list'),
    ('GET', _RP + '/traits', traits.for_provider, _RPS + 'traits:list'),
    ('PUT', _RP + '/traits', traits.set_for_provider,
     _RPS + 'traits:update'),
    ('DELETE', _RP + '/traits', traits.delete_for_provider,
     _RPS + 'traits:delete'),
    ('GET', _RP + '/aggregates', aggregates.index,
     _RPS + 'aggregates:list'),
    ('PUT', _RP + '/aggregates', aggregates.update,
     _RPS + 'aggregates:update'),
    ('GET', '/resource_classes', resource_classes.index,
     _P + 'resource_classes:list'),
    ('POST', '/resource_classes', resource_classes.create,
     _P + 'resource_classes:create'),
    ('GET', '/resource_classes/{name}', resource_classes.show,
     _P + 'resource_classes:show'),
    ('PUT', '/resource_classes/{name}', resource_classes.ensure,
     _P + 'resource_classes:update'),
    ('DELETE', '/resource_classes/{name}', resource_classes.delete,
     _P + 'resource_classes:delete'),
    ('GET', '/traits', traits.index, _P + 'traits:list'),
    ('GET', '/traits/{name}', traits.show, _P + 'traits:show'),
    ('PUT', '/traits/{name}', traits.ensure, _P + 'traits:update'),
    ('DELETE', '/traits/{name}', traits.delete, _P + 'traits:delete'),
    ('GET', '/allocation_candidates', allocation_candidates.index,
     _P + 'allocation_candidates:list'),
    ('POST', '/allocations', allocations.post, _P + 'allocations:manage'),
    ('POST', '/reshaper', reshaper.reshape, _P + 'reshaper:reshape'),
    ('GET', '/allocations/{consumer_uuid}', allocations.show,
     _P + 'allocations:list'),
    ('PUT', '/allocations/{consumer_uuid}', allocations.update,
     _P + 'allocations:update'),
    ('DELETE', '/allocations/{consumer_uuid}', allocations.delete,
     _P + 'allocations:delete'),
]
