from nova_lite.api.policies import base

RULES = [
    base.rule('flavors:index', base.ANY, 'GET', '/flavors', 'List flavors.'),
    base.rule('flavors:detail', base.ANY, 'GET', '/flavors/detail',
          'List flavors with details.'),
    base.rule('flavors:show', base.ANY, 'GET', '/flavors/{flavor_id}',
          'Show a flavor.'),
    base.rule('os-flavor-manage:create', base.ADMIN, 'POST', '/flavors',
          'Create a flavor.'),
    base.rule('os-flavor-manage:delete', base.ADMIN, 'DELETE',
          '/flavors/{flavor_id}', 'Delete a flavor.'),
]


def list_rules():
    return RULES
