"""Who may call what. Each route in the route table names its rule.

Rules resolve to ``admin`` (the admin role) or ``public`` (any
authenticated caller). Whether a project member may touch a given server is
decided by the lookup itself: another project's server is not found.
"""
from nova_lite import exception

ADMIN = 'admin'
PUBLIC = 'public'

RULES = {
    'os_compute_api:os-flavor-manage:create': ADMIN,
    'os_compute_api:os-flavor-manage:delete': ADMIN,
    'os_compute_api:os-flavor-extra-specs:create': ADMIN,
    'os_compute_api:os-flavor-extra-specs:update': ADMIN,
    'os_compute_api:os-flavor-extra-specs:delete': ADMIN,
    'os_compute_api:os-hypervisors:list': ADMIN,
    'os_compute_api:os-hypervisors:list-detail': ADMIN,
    'os_compute_api:os-hypervisors:show': ADMIN,
}


def enforce(context, rule):
    if rule is None:
        return
    if RULES.get(rule, PUBLIC) == ADMIN and not context.is_admin:
        raise exception.Forbidden(action=rule)
