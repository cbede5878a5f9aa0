# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Placement's rules, under Placement's names: administrators and services
(the ``service`` role; ours call placement in-process with an admin
context) manage providers, inventories, traits and allocations; moving
them at once (the reshaper) is for services alone."""
from oslo_policy import policy

PREFIX = 'placement:'
ADMIN_OR_SERVICE = 'role:admin or role:service'
SERVICE = 'role:service'

# (name, method, path, what it allows), in Placement's order.
_RULES = [
    ('resource_providers:list', 'GET', '/resource_providers',
     'List resource providers.'),
    ('resource_providers:create', 'POST', '/resource_providers',
     'Create a resource provider.'),
    ('resource_providers:show', 'GET', '/resource_providers/{uuid}',
     'Show a resource provider.'),
    ('resource_providers:update', 'PUT', '/resource_providers/{uuid}',
     'Rename or move a resource provider.'),
    ('resource_providers:delete', 'DELETE', '/resource_providers/{uuid}',
     'Delete a resource provider.'),
    ('resource_classes:list', 'GET', '/resource_classes',
     'List resource classes.'),
    ('resource_classes:create', 'POST', '/resource_classes',
     'Create a custom resource class.'),
    ('resource_classes:show', 'GET', '/resource_classes/{name}',
     'Show a resource class.'),
    ('resource_classes:update', 'PUT', '/resource_classes/{name}',
     'Rename (before 1.7) or ensure a custom resource class.'),
    ('resource_classes:delete', 'DELETE', '/resource_classes/{name}',
     'Delete a custom resource class.'),
    ('resource_providers:inventories:list', 'GET',
     '/resource_providers/{uuid}/inventories',
     "List a provider's inventories."),
    ('resource_providers:inventories:create', 'POST',
     '/resource_providers/{uuid}/inventories',
     'Add an inventory of one class to a provider.'),
    ('resource_providers:inventories:show', 'GET',
     '/resource_providers/{uuid}/inventories/{resource_class}',
     "Show a provider's inventory of one class."),
    ('resource_providers:inventories:update', 'PUT',
     '/resource_providers/{uuid}/inventories[/{resource_class}]',
     "Replace a provider's inventories, or one of them."),
    ('resource_providers:inventories:delete', 'DELETE',
     '/resource_providers/{uuid}/inventories[/{resource_class}]',
     "Delete a provider's inventories, or one of them."),
    ('resource_providers:aggregates:list', 'GET',
     '/resource_providers/{uuid}/aggregates',
     "List a provider's aggregates."),
    ('resource_providers:aggregates:update', 'PUT',
     '/resource_providers/{uuid}/aggregates',
     "Replace a provider's aggregates."),
    ('resource_providers:usages', 'GET', '/resource_providers/{uuid}/usages',
     "Show a provider's usages."),
    ('usages', 'GET', '/usages', "Show a project's (and user's) usages."),
    ('traits:list', 'GET', '/traits', 'List traits.'),
    ('traits:show', 'GET', '/traits/{name}', 'Say whether a trait exists.'),
    ('traits:update', 'PUT', '/traits/{name}', 'Create a custom trait.'),
    ('traits:delete', 'DELETE', '/traits/{name}',
     'Delete a custom trait.'),
    ('resource_providers:traits:list', 'GET',
     '/resource_providers/{uuid}/traits', "List a provider's traits."),
    ('resource_providers:traits:update', 'PUT',
     '/resource_providers/{uuid}/traits', "Replace a provider's traits."),
    ('resource_providers:traits:delete', 'DELETE',
     '/resource_providers/{uuid}/traits', "Remove a provider's traits."),
    ('allocations:manage', 'POST', '/allocations',
     "Replace several consumers' allocations at once."),
    ('allocations:list', 'GET', '/allocations/{consumer_uuid}',
     "Show a consumer's allocations."),
    ('allocations:update', 'PUT', '/allocations/{consumer_uuid}',
     "Replace a consumer's allocations."),
    ('allocations:delete', 'DELETE', '/allocations/{consumer_uuid}',
     "Delete a consumer's allocations."),
    ('resource_providers:allocations:list', 'GET',
     '/resource_providers/{uuid}/allocations',
     'List the allocations on a provider.'),
    ('allocation_candidates:list', 'GET', '/allocation_candidates',
     'Ask where a request would fit.'),
    ('reshaper:reshape', 'POST', '/reshaper',
     'Move inventories and allocations between providers at once.'),
]

RULES = [policy.DocumentedRuleDefault(
    name=PREFIX + name,
    check_str=SERVICE if name == 'reshaper:reshape' else ADMIN_OR_SERVICE,
    description=description,
    operations=[{'method': method, 'path': path}])
    for name, method, path, description in _RULES]


def list_rules():
    return RULES
