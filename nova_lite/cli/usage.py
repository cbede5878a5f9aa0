# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""usage: what each project's servers used over a period (every project
for admins, with --project one)."""
import datetime

from cliff import lister

FORMAT = '%Y-%m-%dT%H:%M:%S'


class ShowUsage(lister.Lister):
    """Server hours, and vCPU, RAM and disk hours, per project."""

    def get_parser(self, prog_name):
        parser = super().get_parser(prog_name)
        parser.add_argument('--start', help='%s (default: 4 weeks ago)'
                            % FORMAT.replace('%', '%%'))
        parser.add_argument('--end', help='(default: now)')
        parser.add_argument('--project', help='One project only')
        return parser

    def take_action(self, args):
        now = datetime.datetime.now(datetime.timezone.utc)
        start = args.start or (now - datetime.timedelta(weeks=4)).strftime(
            FORMAT)
        end = args.end or now.strftime(FORMAT + '.%f')
        query = '?start=%s&end=%s' % (start, end)
        if args.project:
            found = self.app.client.get('/os-simple-tenant-usage/%s%s' % (
                args.project, query))['tenant_usage']
            usages = [found] if found else []
        else:
            usages = self.app.client.get('/os-simple-tenant-usage' + query)[
                'tenant_usages']
        return ('Project', 'Servers hours', 'vCPU hours', 'RAM MB-hours',
                'Disk GB-hours'), [
            (u['tenant_id'], round(u['total_hours'], 2),
             round(u['total_vcpus_usage'], 2),
             round(u['total_memory_mb_usage'], 2),
             round(u['total_local_gb_usage'], 2)) for u in usages]
