# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""server resize [confirm | revert] / migrate [--live] / evacuate, and
migration list."""
from cliff import command
from cliff import lister

from nova_lite.cli import server_power


class _MoveCommand(command.Command):
    wanted = 'ACTIVE'

    def get_parser(self, prog_name):
        parser = super().get_parser(prog_name)
        parser.add_argument('server', help='Name or id')
        parser.add_argument('--wait', action='store_true',
                            help='Return once the server is %s' %
                            self.wanted)
        return parser

    def take_action(self, args):
        server_power.act_and_wait(self.app, args.server, self.body(args),
                                  self.wanted, args.wait)


class ResizeServer(_MoveCommand):
    """Resize a server to another flavor (then confirm or revert)."""
    wanted = 'VERIFY_RESIZE'

    def get_parser(self, prog_name):
        parser = super().get_parser(prog_name)
        parser.add_argument('--flavor', required=True, help='Name or id')
        return parser

    def body(self, args):
        flavor = self.app.client.find('flavors', args.flavor)['flavor']
        return {'resize': {'flavorRef': flavor['id']}}


class ConfirmResize(_MoveCommand):
    """Keep a resized or migrated server as it now is."""

    def body(self, args):
        return {'confirmResize': None}


class RevertResize(_MoveCommand):
    """Take a resized or migrated server back to what and where it was."""

    def body(self, args):
        return {'revertResize': None}


class MigrateServer(_MoveCommand):
    """Move a server to another host (admin): cold, or --live."""

    def get_parser(self, prog_name):
        parser = super().get_parser(prog_name)
        parser.add_argument('--host', help='The host to move it to')
        parser.add_argument('--live', action='store_true',
                            help='Move it while it runs')
        return parser

    def body(self, args):
        if args.live:
            self.wanted = 'ACTIVE'
            return {'os-migrateLive': {'host': args.host,
                                       'block_migration': 'auto'}}
        self.wanted = 'VERIFY_RESIZE'
        return {'migrate': {'host': args.host} if args.host else None}


class EvacuateServer(_MoveCommand):
    """Rebuild a server whose host is down on another host (admin)."""

    def get_parser(self, prog_name):
        parser = super().get_parser(prog_name)
        parser.add_argument('--host', help='The host to rebuild it on')
        return parser

    def body(self, args):
        return {'evacuate': {'host': args.host} if args.host else {}}


COLUMNS = ('ID', 'Server', 'Type', 'Status', 'Source', 'Destination',
           'Updated')


class ListMigration(lister.Lister):
    """List the migrations of servers (admin), newest first."""

    def get_parser(self, prog_name):
        parser = super().get_parser(prog_name)
        parser.add_argument('--server', help='Only this server (name or id)')
        parser.add_argument('--status')
        return parser

    def take_action(self, args):
        query = []
        if args.server:
            server = self.app.client.find('servers', args.server)['server']
            query.append('instance_uuid=%s' % server['id'])
        if args.status:
            query.append('status=%s' % args.status)
        found = self.app.client.get('/os-migrations' + (
            '?' + '&'.join(query) if query else ''))['migrations']
        return COLUMNS, [(m['id'], m['instance_uuid'], m['migration_type'],
                          m['status'], m['source_compute'],
                          m['dest_compute'], m['updated_at'])
                         for m in found]
