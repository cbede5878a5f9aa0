# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""server group create / list / show / delete."""
from cliff import command
from cliff import lister
from cliff import show

from nova_lite.cli import client as api_client

COLUMNS = ('ID', 'Name', 'Policy', 'Rules', 'Members')


def _row(group):
    return (group['id'], group['name'], group['policy'],
            ', '.join('%s=%s' % kv for kv in sorted(group['rules'].items())),
            ', '.join(group['members']))


def find(client, name_or_id):
    for group in client.get('/os-server-groups')['server_groups']:
        if name_or_id in (group['id'], group['name']):
            return group
    raise api_client.APIError(404, 'no server group named %s' % name_or_id)


class CreateServerGroup(show.ShowOne):
    """Create a server group."""

    def get_parser(self, prog_name):
        parser = super().get_parser(prog_name)
        parser.add_argument('name')
        parser.add_argument('--policy', required=True, choices=[
            'affinity', 'anti-affinity', 'soft-affinity',
            'soft-anti-affinity'])
        parser.add_argument('--max-per-host', type=int, metavar='N',
                            help='anti-affinity: at most N on one host')
        return parser

    def take_action(self, args):
        body = {'name': args.name, 'policy': args.policy}
        if args.max_per_host:
            body['rules'] = {'max_server_per_host': args.max_per_host}
        group = self.app.client.post('/os-server-groups', {
            'server_group': body})['server_group']
        return COLUMNS, _row(group)


class ListServerGroup(lister.Lister):
    """List the project's server groups."""

    def take_action(self, args):
        return COLUMNS, [_row(g) for g in self.app.client.get(
            '/os-server-groups')['server_groups']]


class ShowServerGroup(show.ShowOne):
    """Show a server group and its members."""

    def get_parser(self, prog_name):
        parser = super().get_parser(prog_name)
        parser.add_argument('group', help='Name or id')
        return parser

    def take_action(self, args):
        return COLUMNS, _row(find(self.app.client, args.group))


class DeleteServerGroup(command.Command):
    """Delete a server group."""

    def get_parser(self, prog_name):
        parser = super().get_parser(prog_name)
        parser.add_argument('group', help='Name or id')
        return parser

    def take_action(self, args):
        group = find(self.app.client, args.group)
        self.app.client.delete('/os-server-groups/%s' % group['id'])
