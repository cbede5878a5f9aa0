from nova_lite.api.policies import base

RULES = [
    base.rule('os-hypervisors:list', base.ADMIN, 'GET',
              '/os-hypervisors', 'List hypervisors.'),
    base.rule('os-hypervisors:list-detail', base.ADMIN, 'GET',
              '/os-hypervisors/detail', 'List hypervisors with usage.'),
    base.rule('os-hypervisors:show', base.ADMIN, 'GET',
              '/os-hypervisors/{hypervisor_id}', 'Show a hypervisor.'),
]


def list_rules():
    return RULES
