# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""aggregate create / list / show / set / add host / remove host /
delete, and availability-zone list (admin, but for the zone list)."""
from cliff import command
from cliff import lister
from cliff import show

from nova_lite.cli import client as api_client
from nova_lite.cli import flavors

COLUMNS = ('ID', 'Name', 'Availability Zone', 'Hosts', 'Properties')


def _row(aggregate):
    properties = {k: v for k, v in aggregate['metadata'].items()
                  if k != 'availability_zone'}
    return (aggregate['id'], aggregate['name'],
            aggregate['availability_zone'] or '',
            ', '.join(aggregate['hosts']),
            ', '.join('%s=%s' % kv for kv in sorted(properties.items())))


def find(client, name_or_id):
    for aggregate in client.get('/os-aggregates')['aggregates']:
        if name_or_id in (str(aggregate['id']), aggregate['name']):
            return aggregate
    raise api_client.APIError(404, 'no aggregate named %s' % name_or_id)


def _shown(aggregate):
    return COLUMNS, _row(aggregate)


class _One(show.ShowOne):

    def get_parser(self, prog_name):
        parser = super().get_parser(prog_name)
        parser.add_argument('aggregate', help='Aggregate name or id')
        return parser

    def _action(self, args, body):
        aggregate = find(self.app.client, args.aggregate)
        return _shown(self.app.client.post(
            '/os-aggregates/%d/action' % aggregate['id'], body)['aggregate'])


class CreateAggregate(show.ShowOne):
    """Create an aggregate, optionally making its hosts a zone."""

    def get_parser(self, prog_name):
        parser = super().get_parser(prog_name)
        parser.add_argument('name')
        parser.add_argument('--zone', help='Availability zone it makes')
        return parser

    def take_action(self, args):
        made = self.app.client.post('/os-aggregates', {'aggregate': {
            'name': args.name, 'availability_zone': args.zone}})
        return _shown(dict(made['aggregate'], hosts=[], metadata={}))


class ListAggregate(lister.Lister):
    """List the aggregates."""

    def take_action(self, args):
        return COLUMNS, [_row(a) for a in self.app.client.get(
            '/os-aggregates')['aggregates']]


class ShowAggregate(_One):
    """Show an aggregate."""

    def take_action(self, args):
        return _shown(find(self.app.client, args.aggregate))


class SetAggregate(_One):
    """Rename an aggregate, change its zone or set its properties."""

    def get_parser(self, prog_name):
        parser = super().get_parser(prog_name)
        parser.add_argument('--name')
        parser.add_argument('--zone')
        parser.add_argument('--property', action='append',
                            metavar='KEY=VALUE')
        return parser

    def take_action(self, args):
        client = self.app.client
        aggregate = find(client, args.aggregate)
        changes = {k: v for k, v in (('name', args.name),
                                     ('availability_zone', args.zone)) if v}
        if changes:
            aggregate = client.put('/os-aggregates/%d' % aggregate['id'], {
                'aggregate': changes})['aggregate']
        properties = flavors.properties_of(args.property)
        if properties:
            aggregate = client.post(
                '/os-aggregates/%d/action' % aggregate['id'],
                {'set_metadata': {'metadata': properties}})['aggregate']
        return _shown(aggregate)


class AddAggregateHost(_One):
    """Add a compute host to an aggregate."""

    def get_parser(self, prog_name):
        parser = super().get_parser(prog_name)
        parser.add_argument('host')
        return parser

    def take_action(self, args):
        return self._action(args, {'add_host': {'host': args.host}})


class RemoveAggregateHost(AddAggregateHost):
    """Remove a compute host from an aggregate."""

    def take_action(self, args):
        return self._action(args, {'remove_host': {'host': args.host}})


class DeleteAggregate(command.Command):
    """Delete an aggregate (it must hold no host)."""

    def get_parser(self, prog_name):
        parser = super().get_parser(prog_name)
        parser.add_argument('aggregate', help='Aggregate name or id')
        return parser

    def take_action(self, args):
        aggregate = find(self.app.client, args.aggregate)
        self.app.client.delete('/os-aggregates/%d' % aggregate['id'])


class ListZone(lister.Lister):
    """List the availability zones (with --long, their hosts: admin)."""

    def get_parser(self, prog_name):
        parser = super().get_parser(prog_name)
        parser.add_argument('--long', action='store_true')
        return parser

    def take_action(self, args):
        path = '/os-availability-zone' + ('/detail' if args.long else '')
        zones = self.app.client.get(path)['availabilityZoneInfo']
        if not args.long:
            return ('Zone', 'Available'), [
                (z['zoneName'], z['zoneState']['available']) for z in zones]
        return ('Zone', 'Available', 'Host', 'Service', 'Up', 'Enabled'), [
            (z['zoneName'], z['zoneState']['available'], host, binary,
             state['available'], state['active'])
            for z in zones for host, services in sorted(z['hosts'].items())
            for binary, state in sorted(services.items())]
