from nova_lite.api.policies import base

RULES = [
    base.rule('os-services:list', base.ADMIN, 'GET', '/os-services',
              'List services with their state (up or down).'),
    base.rule('os-services:update', base.ADMIN, 'PUT',
              '/os-services/{enable,disable,disable-log-reason}',
              'Enable or disable a service.'),
]


def list_rules():
    return RULES
