# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""quota show / quota set / limits: a project's quotas and what it uses.

The project is the one named, or the token's own (``user:project`` of
the lab auth).
"""
from cliff import lister
from cliff import show

from nova_lite.cli import client as api_client


def own_project(token):
    """The project of a lab-auth token (``user:project[:roles]``)."""
    user, _sep, rest = token.partition(':')
    return rest.partition(':')[0] or user


def _project(app, args):
    return args.project or own_project(app.options.os_token)


class ShowQuota(lister.Lister):
    """Show a project's quotas, with what it uses of each."""

    def get_parser(self, prog_name):
        parser = super().get_parser(prog_name)
        parser.add_argument('project', nargs='?',
                            help="Project id (default: the token's)")
        parser.add_argument('--user', help='A user of the project')
        return parser

    def take_action(self, args):
        path = '/os-quota-sets/%s/detail' % _project(self.app, args)
        if args.user:
            path += '?user_id=%s' % args.user
        quota_set = self.app.client.get(path)['quota_set']
        return ('Resource', 'Limit', 'In Use'), [
            (name, value['limit'], value['in_use'])
            for name, value in sorted(quota_set.items()) if name != 'id']


_SETTABLE = ('instances', 'cores', 'ram', 'metadata_items', 'key_pairs',
             'server_groups', 'server_group_members')


class SetQuota(show.ShowOne):
    """Set a project's (or one of its users') quotas (admin); -1 for no
    limit."""

    def get_parser(self, prog_name):
        parser = super().get_parser(prog_name)
        parser.add_argument('project', help='Project id')
        parser.add_argument('--user', help='A user of the project')
        parser.add_argument('--force', action='store_true',
                            help='Even below what is in use')
        for name in _SETTABLE:
            parser.add_argument('--' + name.replace('_', '-'), type=int,
                                dest=name, metavar='N')
        return parser

    def take_action(self, args):
        values = {name: getattr(args, name) for name in _SETTABLE
                  if getattr(args, name) is not None}
        if not values:
            raise api_client.APIError(None, 'nothing to set: give one of '
                                            '--instances, --cores, ...')
        if args.force:
            values['force'] = True
        path = '/os-quota-sets/%s' % args.project
        if args.user:
            path += '?user_id=%s' % args.user
        quota_set = self.app.client.put(path, {'quota_set': values})[
            'quota_set']
        return tuple(zip(*sorted(quota_set.items())))


class ShowLimits(lister.Lister):
    """Show the absolute limits of the token's project (or, for admins,
    another's), and the totals it uses."""

    def get_parser(self, prog_name):
        parser = super().get_parser(prog_name)
        parser.add_argument('--project', help='Another project (admin)')
        return parser

    def take_action(self, args):
        path = '/limits'
        if args.project:
            path += '?tenant_id=%s' % args.project
        absolute = self.app.client.get(path)['limits']['absolute']
        return ('Name', 'Value'), sorted(absolute.items())
