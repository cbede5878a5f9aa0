"""Servers. A member sees and changes only its project's servers: another
project's server is not found (404), whatever the rule says."""
from nova_lite.api.policies import base

RULES = [
    base.rule('servers:index', base.PROJECT_READER, 'GET', '/servers',
              "List the project's servers."),
    base.rule('servers:detail', base.PROJECT_READER, 'GET',
              '/servers/detail', "List the project's servers with "
                                 'details.'),
    base.rule('servers:index:get_all_tenants', base.ADMIN, 'GET',
              '/servers', 'List the servers of every project '
                          '(all_tenants=1).'),
    base.rule('servers:show', base.PROJECT_READER, 'GET',
              '/servers/{server_id}', 'Show a server.'),
    base.rule('servers:create', base.PROJECT_MEMBER, 'POST',
              '/servers', 'Create a server.'),
    base.rule('servers:delete', base.PROJECT_MEMBER, 'DELETE',
              '/servers/{server_id}', 'Delete a server.'),
    base.rule('os-extended-server-attributes', base.ADMIN, 'GET',
              '/servers/{server_id}',
              'See the OS-EXT-SRV-ATTR:* fields (host, hypervisor) and '
              'fault details of a server.'),
]


def list_rules():
    return RULES
