"""Servers. A member sees and changes only its project's servers: another
project's server is not found (404), whatever the rule says."""
from oslo_policy import policy

from nova_lite.api.policies import base

_ACTION = '/servers/{server_id}/action'
_META = '/servers/{server_id}/metadata'
_ACTIONS = '/servers/{server_id}/os-instance-actions'

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
    base.rule('servers:create:forced_host', base.ADMIN, 'POST',
              '/servers', 'Boot on a given host with an availability zone '
                          'of the form zone:host[:node].'),
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
    base.rule('os-pause-server:pause', base.PROJECT_MEMBER, 'POST',
              _ACTION + ' (pause)', 'Pause a server.'),
    base.rule('os-pause-server:unpause', base.PROJECT_MEMBER, 'POST',
              _ACTION + ' (unpause)', 'Unpause a server.'),
    base.rule('os-suspend-server:suspend', base.PROJECT_MEMBER, 'POST',
              _ACTION + ' (suspend)', 'Suspend a server.'),
    base.rule('os-suspend-server:resume', base.PROJECT_MEMBER, 'POST',
              _ACTION + ' (resume)', 'Resume a suspended server.'),
    base.rule('servers:trigger_crash_dump', base.PROJECT_MEMBER, 'POST',
              _ACTION + ' (trigger_crash_dump)',
              "Send a server's guest an NMI (2.17)."),
    base.rule('os-admin-actions:reset_state', base.ADMIN, 'POST',
              _ACTION + ' (os-resetState)',
              "Set a server's state (active or error), clearing its task."),
    base.rule('os-admin-password', base.PROJECT_MEMBER, 'POST',
              _ACTION + ' (changePassword)',
              "Change the administrator password of a server's guest."),
    base.rule('servers:create_image', base.PROJECT_MEMBER, 'POST',
              _ACTION + ' (createImage)', "Snapshot a server's disk into "
                                          'a new image.'),
    base.rule('server-metadata:index', base.PROJECT_READER, 'GET',
              _META, "List a server's metadata."),
    base.rule('server-metadata:show', base.PROJECT_READER, 'GET',
              _META + '/{key}', 'Show one metadata item.'),
    base.rule('server-metadata:create', base.PROJECT_MEMBER, 'POST',
              _META, "Add to a server's metadata."),
    base.rule('server-metadata:update_all', base.PROJECT_MEMBER, 'PUT',
              _META, "Replace a server's metadata."),
    base.rule('server-metadata:update', base.PROJECT_MEMBER, 'PUT',
              _META + '/{key}', 'Set one metadata item.'),
    base.rule('server-metadata:delete', base.PROJECT_MEMBER, 'DELETE',
              _META + '/{key}', 'Remove one metadata item.'),
    base.rule('ips:index', base.PROJECT_READER, 'GET',
              '/servers/{server_id}/ips', "List a server's addresses."),
    base.rule('ips:show', base.PROJECT_READER, 'GET',
              '/servers/{server_id}/ips/{network_label}',
              "List a server's addresses on one network."),
    base.rule('os-instance-actions:list', base.PROJECT_READER, 'GET',
              _ACTIONS, "List a server's actions."),
    base.rule('os-instance-actions:show', base.PROJECT_READER, 'GET',
              _ACTIONS + '/{request_id}', 'Show one action of a server.'),
    base.rule('os-instance-actions:events', base.ADMIN, 'GET',
              _ACTIONS + '/{request_id}',
              "See an action's events before 2.51, and their tracebacks "
              '(and hosts from 2.62) at every version.'),
    base.rule('os-instance-actions:events:details', base.PROJECT_READER,
              'GET', _ACTIONS + '/{request_id}',
              "See the details of an action's events (2.84)."),
    base.rule('os-extended-server-attributes', base.ADMIN, 'GET',
              '/servers/{server_id}',
              'See the OS-EXT-SRV-ATTR:* fields (host, hypervisor) and '
              'fault details of a server.'),
]


def list_rules():
    return RULES
