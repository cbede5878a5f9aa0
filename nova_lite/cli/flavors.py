# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""flavor create / list / show / delete / set / unset."""
from cliff import command
from cliff import lister
from cliff import show

from nova_lite.cli import client as api_client

COLUMNS = ('ID', 'Name', 'RAM', 'Disk', 'Ephemeral', 'VCPUs', 'Is Public')


def _row(flavor):
    return (flavor['id'], flavor['name'], flavor['ram'], flavor['disk'],
            flavor['OS-FLV-EXT-DATA:ephemeral'], flavor['vcpus'],
            flavor['os-flavor-access:is_public'])


def properties_of(values):
    props = {}
    for item in values or []:
        key, sep, value = item.partition('=')
        if not sep or not key:
            raise api_client.APIError(None, 'property %r is not key=value'
                                      % item)
        props[key] = value
    return props


def _show(client, flavor):
    specs = client.get('/flavors/%s/os-extra_specs' % flavor['id'])
    data = dict(zip(COLUMNS, _row(flavor)))
    data.update({'Swap': flavor['swap'] or 0,
                 'RXTX Factor': flavor['rxtx_factor'],
                 'Properties': ', '.join('%s=%s' % kv for kv in sorted(
                     specs['extra_specs'].items()))})
    return tuple(zip(*sorted(data.items())))


class CreateFlavor(show.ShowOne):
    """Create a flavor (admin)."""

    def get_parser(self, prog_name):
        parser = super().get_parser(prog_name)
        parser.add_argument('name')
        parser.add_argument('--id', help='Flavor id (default: a new uuid)')
        parser.add_argument('--ram', type=int, required=True,
                            help='Memory in MB')
        parser.add_argument('--vcpus', type=int, default=1)
        parser.add_argument('--disk', type=int, default=0,
                            help='Root disk in GB')
        parser.add_argument('--ephemeral', type=int, default=0)
        parser.add_argument('--swap', type=int, default=0, help='in MB')
        parser.add_argument('--private', action='store_true')
        parser.add_argument('--property', action='append', metavar='KEY=VALUE',
                            help='Extra spec (repeat for several)')
        return parser

    def take_action(self, args):
        client = self.app.client
        props = properties_of(args.property)
        body = {'name': args.name, 'ram': args.ram, 'vcpus': args.vcpus,
                'disk': args.disk, 'OS-FLV-EXT-DATA:ephemeral': args.ephemeral,
                'swap': args.swap,
                'os-flavor-access:is_public': not args.private}
        if args.id:
            body['id'] = args.id
        flavor = client.post('/flavors', {'flavor': body})['flavor']
        if props:
            client.post('/flavors/%s/os-extra_specs' % flavor['id'],
                        {'extra_specs': props})
        return _show(client, flavor)


class ListFlavor(lister.Lister):
    """List flavors."""

    def take_action(self, args):
        flavors = self.app.client.get('/flavors/detail?is_public=none')[
            'flavors']
        return COLUMNS, [_row(f) for f in flavors]


class ShowFlavor(show.ShowOne):
    """Show a flavor and its properties (extra specs)."""

    def get_parser(self, prog_name):
        parser = super().get_parser(prog_name)
        parser.add_argument('flavor', help='Name or id')
        return parser

    def take_action(self, args):
        client = self.app.client
        return _show(client, client.find('flavors', args.flavor)['flavor'])


class DeleteFlavor(command.Command):
    """Delete flavors (admin)."""

    def get_parser(self, prog_name):
        parser = super().get_parser(prog_name)
        parser.add_argument('flavor', nargs='+', help='Name or id')
        return parser

    def take_action(self, args):
        client = self.app.client
        for ref in args.flavor:
            flavor = client.find('flavors', ref)['flavor']
            client.delete('/flavors/%s' % flavor['id'])


class SetFlavor(command.Command):
    """Add or change flavor properties (extra specs, admin)."""

    def get_parser(self, prog_name):
        parser = super().get_parser(prog_name)
        parser.add_argument('flavor', help='Name or id')
        parser.add_argument('--property', action='append', required=True,
                            metavar='KEY=VALUE')
        return parser

    def take_action(self, args):
        client = self.app.client
        flavor = client.find('flavors', args.flavor)['flavor']
        client.post('/flavors/%s/os-extra_specs' % flavor['id'],
                    {'extra_specs': properties_of(args.property)})


class UnsetFlavor(command.Command):
    """Remove flavor properties (extra specs, admin)."""

    def get_parser(self, prog_name):
        parser = super().get_parser(prog_name)
        parser.add_argument('flavor', help='Name or id')
        parser.add_argument('--property', action='append', required=True,
                            metavar='KEY')
        return parser

    def take_action(self, args):
        client = self.app.client
        flavor = client.find('flavors', args.flavor)['flavor']
        for key in args.property:
            client.delete('/flavors/%s/os-extra_specs/%s'
                          % (flavor['id'], key))
