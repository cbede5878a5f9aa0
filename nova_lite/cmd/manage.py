# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""nova-lite-manage: database migrations, service and host listing,
extra-spec documentation, the placement audit, the notifications'
payload schemas."""
import json
import sys

from oslo_config import cfg

from nova_lite.api.validation import extra_specs
from nova_lite.api.validation.extra_specs import docs as extra_spec_docs
from nova_lite.cmd import placement_audit
from nova_lite import config
from nova_lite import context as nl_context
from nova_lite.db import migration
from nova_lite.network import backend as network_backend
from nova_lite.notifications import schemas as notification_schemas
from nova_lite.objects import compute_node as compute_node_obj
from nova_lite.objects import service as service_obj
from nova_lite import resources


def _db_sync(conf):
    migration.upgrade()
    print('database is at the latest schema revision')


def _service_list(conf):
    context = nl_context.get_admin_context()
    row = '%-4s %-22s %-24s %-9s %-5s %s'
    print(row % ('Id', 'Binary', 'Host', 'Status', 'State', 'Updated At'))
    for svc in service_obj.ServiceList.get_all(context):
        print(row % (svc.id, svc.binary, svc.host,
                     'disabled' if svc.disabled else 'enabled',
                     'up' if svc.is_up(conf.service_down_time) else 'down',
                     svc.last_seen_up))


def _host_list(conf):
    context = nl_context.get_admin_context()
    row = '%-24s %-11s %-15s %-13s %s'
    print(row % ('Host', 'vCPUs used', 'RAM used (MB)', 'Disk used (GB)',
                 'Servers'))
    for node in compute_node_obj.ComputeNodeList.get_all(context):
        print(row % (node.host, '%d/%d' % (node.vcpus_used, node.vcpus),
                     '%d/%d' % (node.memory_mb_used, node.memory_mb),
                     '%d/%d' % (node.local_gb_used, node.local_gb),
                     node.running_vms))


def _placement_audit(conf):
    placement_audit.audit(nl_context.get_admin_context(),
                          conf.category.heal, print, resources.load(conf),
                          network_backend.load(conf))


def _extra_specs_docs(conf):
    print(extra_spec_docs.render_rst(extra_specs.get_registry()))


def _notification_schemas(conf):
    print(json.dumps(notification_schemas.all_payloads(), indent=2,
                     sort_keys=True))


COMMANDS = {('db', 'sync'): _db_sync, ('service', 'list'): _service_list,
            ('host', 'list'): _host_list,
            ('extra-specs', 'docs'): _extra_specs_docs,
            ('notification', 'schemas'): _notification_schemas,
            ('placement', 'audit'): _placement_audit}
NEEDS_DB = {'db', 'service', 'host', 'placement'}


def _add_commands(subparsers):
    for category in sorted({c for c, _ in COMMANDS}):
        parser = subparsers.add_parser(category)
        actions = parser.add_subparsers(dest='action')
        actions.required = True
        for cat, action in COMMANDS:
            if cat == category:
                parser = actions.add_parser(action)
                if (cat, action) == ('placement', 'audit'):
                    parser.add_argument(
                        '--heal', action='store_true',
                        help='Write missing allocations, remove orphans.')


def main():
    command_opt = cfg.SubCommandOpt('category', title='Commands',
                                    handler=_add_commands)
    config.CONF.register_cli_opt(command_opt)
    try:
        conf = config.parse_args(sys.argv[1:], 'nova-lite-manage')
    except cfg.Error as e:
        sys.stderr.write('nova-lite-manage: %s\n' % e)
        return 2
    if conf.category.name in NEEDS_DB:
        config.setup_database(conf)
    handler = COMMANDS[(conf.category.name, conf.category.action)]
    try:
        handler(conf)
    except Exception as e:
        sys.stderr.write('nova-lite-manage: %s\n' % e)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
