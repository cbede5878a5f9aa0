# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""server stop / start / reboot, console log and console url."""
import time

from cliff import command
from cliff import show

from nova_lite.cli import client as api_client


def act_and_wait(app, ref, action, wanted, wait):
    """POST ``action`` for the server; with ``wait``, return once it is
    ``wanted`` with no task under way."""
    client = app.client
    server = client.find('servers', ref)['server']
    client.post('/servers/%s/action' % server['id'], action)
    deadline = time.monotonic() + 600
    while wait:
        server = client.get('/servers/%s' % server['id'])['server']
        if (server['status'] == wanted and
                not server.get('OS-EXT-STS:task_state')):
            return
        if time.monotonic() > deadline:
            raise api_client.APIError(None, 'server %s did not become %s' % (
                server['name'], wanted))
        time.sleep(0.3)


class _PowerCommand(command.Command):
    action = None
    wanted = None

    def get_parser(self, prog_name):
        parser = super().get_parser(prog_name)
        parser.add_argument('server', help='Name or id')
        parser.add_argument('--wait', action='store_true',
                            help='Return once the server is %s' %
                            self.wanted)
        return parser

    def body(self, args):
        return {self.action: None}

    def take_action(self, args):
        act_and_wait(self.app, args.server, self.body(args), self.wanted,
                     args.wait)


class StopServer(_PowerCommand):
    """Stop a server (clean shutdown, then power off)."""
    action, wanted = 'os-stop', 'SHUTOFF'


class StartServer(_PowerCommand):
    """Start a stopped server."""
    action, wanted = 'os-start', 'ACTIVE'


class RebootServer(_PowerCommand):
    """Reboot a server (soft unless --hard)."""
    action, wanted = 'reboot', 'ACTIVE'

    def get_parser(self, prog_name):
        parser = super().get_parser(prog_name)
        parser.add_argument('--hard', action='store_true',
                            help='Power off and on, no clean shutdown')
        return parser

    def body(self, args):
        return {'reboot': {'type': 'HARD' if args.hard else 'SOFT'}}


class ShowConsoleLog(command.Command):
    """Print a server's serial console log."""

    def get_parser(self, prog_name):
        parser = super().get_parser(prog_name)
        parser.add_argument('server', help='Name or id')
        parser.add_argument('--lines', type=int, help='The last N lines only')
        return parser

    def take_action(self, args):
        client = self.app.client
        server = client.find('servers', args.server)['server']
        length = {} if args.lines is None else {'length': args.lines}
        output = client.post('/servers/%s/action' % server['id'], {
            'os-getConsoleOutput': length})['output']
        self.app.stdout.write(output)


class ShowConsoleUrl(show.ShowOne):
    """Show the URL of a server's console (noVNC unless --serial)."""

    def get_parser(self, prog_name):
        parser = super().get_parser(prog_name)
        parser.add_argument('server', help='Name or id')
        kind = parser.add_mutually_exclusive_group()
        kind.add_argument('--novnc', dest='kind', action='store_const',
                          const=('vnc', 'novnc'),
                          help='The graphical console in noVNC (default)')
        kind.add_argument('--serial', dest='kind', action='store_const',
                          const=('serial', 'serial'),
                          help='A websocket to the serial console')
        return parser

    def take_action(self, args):
        client = self.app.client
        protocol, kind = args.kind or ('vnc', 'novnc')
        server = client.find('servers', args.server)['server']
        console = client.post('/servers/%s/remote-consoles' % server['id'], {
            'remote_console': {'protocol': protocol, 'type': kind}})[
                'remote_console']
        return ('Type', 'Url'), (console['type'], console['url'])
