# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""server create / list / show / delete."""
import time

from cliff import command
from cliff import lister
from cliff import show

from nova_lite.cli import client as api_client

FINAL = ('ACTIVE', 'ERROR')


def networks(server):
    """'private=10.0.0.2; backend=10.0.1.3', as the openstack client
    shows a server's addresses."""
    return '; '.join('%s=%s' % (name, ', '.join(a['addr'] for a in found))
                     for name, found in sorted(server['addresses'].items()))


def _show(server):
    data = {
        'ID': server['id'], 'Name': server['name'],
        'Status': server['status'],
        'Flavor': server['flavor']['original_name'],
        'Host': server.get('OS-EXT-SRV-ATTR:host') or '',
        'Project': server['tenant_id'], 'User': server['user_id'],
        'Created': server['created'],
        'Launched At': server.get('OS-SRV-USG:launched_at') or '',
        'Task State': server.get('OS-EXT-STS:task_state') or '',
        'Networks': networks(server),
    }
    if server.get('fault'):
        data['Fault'] = server['fault']['message']
    return tuple(zip(*sorted(data.items())))


def wait_for(client, server_id, out, interval=0.5, timeout=600):
    """Poll until the server is ACTIVE or ERROR, showing progress."""
    deadline = time.monotonic() + timeout
    last = None
    while time.monotonic() < deadline:
        server = client.get('/servers/%s' % server_id)['server']
        state = (server['status'], server.get('OS-EXT-STS:task_state'))
        if state != last:
            out.write('%s: %s%s\n' % (server['name'], state[0],
                                      ' (%s)' % state[1] if state[1] else ''))
            last = state
        if server['status'] in FINAL:
            return server
        time.sleep(interval)
    raise api_client.APIError(None, 'server %s did not become ACTIVE or ERROR '
                              'in %d s' % (server_id, timeout))


class CreateServer(show.ShowOne):
    """Boot a server."""

    def get_parser(self, prog_name):
        parser = super().get_parser(prog_name)
        parser.add_argument('name')
        parser.add_argument('--flavor', required=True, help='Name or id')
        parser.add_argument('--image', help='Name or id of the image to '
                                            'boot from (none: boot without '
                                            'one, on test-driver hosts)')
        parser.add_argument('--nic', choices=('auto', 'none'),
                            default='auto',
                            help='auto (default): an address on the '
                                 'default network, unless the flavor '
                                 'gives vNICs of its own; none: no vNIC')
        parser.add_argument('--wait', action='store_true',
                            help='Show progress until ACTIVE or ERROR')
        return parser

    def take_action(self, args):
        client = self.app.client
        flavor = client.find('flavors', args.flavor)['flavor']
        body = {'name': args.name, 'flavorRef': flavor['id'],
                'networks': args.nic}
        if args.image:
            body['imageRef'] = api_client.find_image(
                self.app.options.os_image_url, self.app.options.os_token,
                args.image)
        created = client.post('/servers', {'server': body})['server']
        if args.wait:
            server = wait_for(client, created['id'], self.app.stderr)
            if server['status'] == 'ERROR':
                raise api_client.APIError(
                    None, 'server %s went to ERROR: %s' % (
                        server['name'],
                        server.get('fault', {}).get('message', 'no fault')))
        return _show(client.get('/servers/%s' % created['id'])['server'])


class ListServer(lister.Lister):
    """List servers."""

    def get_parser(self, prog_name):
        parser = super().get_parser(prog_name)
        parser.add_argument('--all-projects', action='store_true')
        return parser

    def take_action(self, args):
        path = '/servers/detail' + ('?all_tenants=1' if args.all_projects
                                    else '')
        servers = self.app.client.get(path)['servers']
        return (('ID', 'Name', 'Status', 'Networks', 'Flavor', 'Host'),
                [(s['id'], s['name'], s['status'], networks(s),
                  s['flavor']['original_name'],
                  s.get('OS-EXT-SRV-ATTR:host') or '') for s in servers])


class ShowServer(show.ShowOne):
    """Show a server; an ERROR server shows its fault."""

    def get_parser(self, prog_name):
        parser = super().get_parser(prog_name)
        parser.add_argument('server', help='Name or id')
        return parser

    def take_action(self, args):
        return _show(self.app.client.find('servers', args.server)['server'])


class DeleteServer(command.Command):
    """Delete servers."""

    def get_parser(self, prog_name):
        parser = super().get_parser(prog_name)
        parser.add_argument('server', nargs='+', help='Name or id')
        parser.add_argument('--wait', action='store_true',
                            help='Return once the servers are gone')
        return parser

    def take_action(self, args):
        client = self.app.client
        ids = []
        for ref in args.server:
            server = client.find('servers', ref)['server']
            client.delete('/servers/%s' % server['id'])
            ids.append(server['id'])
        while args.wait and ids:
            time.sleep(0.3)
            ids = [i for i in ids if _exists(client, i)]


def _exists(client, server_id):
    try:
        client.get('/servers/%s' % server_id)
        return True
    except api_client.APIError as e:
        if e.status == 404:
            return False
        raise
