"""Servers. A member sees and changes only its project's servers: another
project's server is not found (404), whatever the rule says."""
from oslo_policy import policy

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
    policy.DocumentedRuleDefault(
        name='compute:servers:create:requested_destination',
        check_str=base.ADMIN,
        description='Boot on a given host or hypervisor (2.74).',
        operations=[{'method': 'POST', 'path': '/servers'}]),
    base.rule('servers:update', base.PROJECT_MEMBER, 'PUT',
              '/servers/{server_id}',
              "Change a server's name or description."),
    base.rule('servers:delete', base.PROJECT_MEMBER, 'DELETE',
              '/servers/{server_id}', 'Delete a server.'),
    base.rule('servers:allow_all_filters', base.ADMIN, 'GET',
              '/servers', 'Filter server lists on every attribute, not '
                          'only those open to project users.'),
    base.rule('servers:show:host_status', base.ADMIN, 'GET',
              '/servers/{server_id}',
              "See host_status, the state of the server's compute host "
              '(2.16).'),
    base.rule('servers:stop', base.PROJECT_MEMBER, 'POST',
              '/servers/{server_id}/action (os-stop)', 'Stop a server.'),
    base.rule('servers:start', base.PROJECT_MEMBER, 'POST',
              '/servers/{server_id}/action (os-start)', 'Start a server.'),
    base.rule('servers:reboot', base.PROJECT_MEMBER, 'POST',
              '/servers/{server_id}/action (reboot)', 'Reboot a server.'),
    base.rule('os-console-output', base.PROJECT_MEMBER, 'POST',
              '/servers/{server_id}/action (os-getConsoleOutput)',
              "Read a server's serial console log."),
    base.rule('os-lock-server:lock', base.PROJECT_MEMBER, 'POST',
              '/servers/{server_id}/action (lock)', 'Lock a server.'),
    base.rule('os-lock-server:unlock', base.PROJECT_MEMBER, 'POST',
              '/servers/{server_id}/action (unlock)', 'Unlock a server.'),
    base.rule('os-lock-server:unlock:unlock_override', base.ADMIN, 'POST',
              '/servers/{server_id}/action (unlock)',
              'Unlock a server an administrator locked.'),
    base.rule('os-server-tags:index', base.PROJECT_READER, 'GET',
              '/servers/{server_id}/tags', "List a server's tags."),
    base.rule('os-server-tags:show', base.PROJECT_READER, 'GET',
              '/servers/{server_id}/tags/{tag}', 'Check a tag.'),
    base.rule('os-server-tags:update', base.PROJECT_MEMBER, 'PUT',
              '/servers/{server_id}/tags/{tag}', 'Add a tag.'),
    base.rule('os-server-tags:update_all', base.PROJECT_MEMBER, 'PUT',
              '/servers/{server_id}/tags', "Replace a server's tags."),
    base.rule('os-server-tags:delete', base.PROJECT_MEMBER, 'DELETE',
              '/servers/{server_id}/tags/{tag}', 'Remove a tag.'),
    base.rule('os-server-tags:delete_all', base.PROJECT_MEMBER, 'DELETE',
              '/servers/{server_id}/tags', "Remove all of a server's "
                                           'tags.'),
    base.rule('os-extended-server-attributes', base.ADMIN, 'GET',
              '/servers/{server_id}',
              'See the OS-EXT-SRV-ATTR:* fields (host, hypervisor) and '
              'fault details of a server.'),
]


def list_rules():
    return RULES
