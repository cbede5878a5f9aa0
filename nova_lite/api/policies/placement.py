"""Placement: administrators (and the services, which call it with an
admin context) manage providers, inventories, traits and allocations."""
from oslo_policy import policy

from nova_lite.api.policies import base

PREFIX = 'placement:'


def _rule(name, path, method, description):
    return policy.DocumentedRuleDefault(
        name=PREFIX + name, check_str=base.ADMIN, description=description,
        operations=[{'method': method, 'path': path}])


RULES = [
    _rule('resource_providers', '/resource_providers[/{uuid}]', 'ANY',
          'List, create, show, update and delete resource providers.'),
    _rule('inventories', '/resource_providers/{uuid}/inventories', 'ANY',
          "Read and write a provider's inventories."),
    _rule('usages', '/resource_providers/{uuid}/usages, /usages', 'GET',
          'Read usages of a provider or a project.'),
    _rule('traits', '/traits, /resource_providers/{uuid}/traits', 'ANY',
          'Read and write traits and the traits of providers.'),
    _rule('aggregates', '/resource_providers/{uuid}/aggregates', 'ANY',
          "Read and write a provider's aggregates."),
    _rule('resource_classes', '/resource_classes[/{name}]', 'ANY',
          'Read and write resource classes.'),
    _rule('allocations', '/allocations[/{consumer_uuid}]', 'ANY',
          'Read and write allocations.'),
    _rule('allocation_candidates', '/allocation_candidates', 'GET',
          'Ask where a request would fit.'),
    _rule('reshaper', '/reshaper', 'POST',
          'Move inventories and allocations between providers at once.'),
]


def list_rules():
    return RULES
