# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""``nova-lite-status upgrade check``: what an operator runs before an
upgrade (and after one, before starting the services), with
oslo.upgradecheck's table or ``--json`` and its exit codes: 0 all is
well, 1 a warning to read, 2 a failure to fix first, 255 the check
itself broke.

It reads the database with plain SQL rather than through the objects,
since the schema may be the previous release's.
"""
import sys

from oslo_config import cfg
from oslo_log import log as logging
from oslo_upgradecheck import common_checks
from oslo_upgradecheck import upgradecheck

from nova_lite.cmd import status_checks
from nova_lite import config


class UpgradeChecks(upgradecheck.UpgradeCommands):
    """The checks, in the order the table shows them."""

    display_title = 'nova-lite upgrade check'

    def __init__(self, conf):
        self.conf = conf

    def _database(self):
        return status_checks.database_at_head()

    def _old_computes(self):
        return status_checks.computes_in_step()

    def _placement(self):
        return status_checks.placement_in_step(self.conf)

    def _policy_rules(self):
        return status_checks.policy_rules(self.conf)

    _upgrade_checks = (
        ('Database schema', _database),
        ('Older than N-1 computes', _old_computes),
        ('Placement API', _placement),
        ('Policy File JSON to YAML Migration',
         (common_checks.check_policy_json, {'conf': config.CONF})),
        ('Policy rules', _policy_rules),
    )


def main(argv=None):
    checks = UpgradeChecks(config.CONF)
    upgradecheck.register_cli_options(config.CONF, checks)
    # The answer is on stdout (a table, or JSON for a script): the log
    # goes to stderr.
    logging.register_options(config.CONF)
    config.CONF.set_default('use_stderr', True)
    try:
        conf = config.parse_args(
            sys.argv[1:] if argv is None else argv, 'nova-lite-status')
    except cfg.Error as e:
        sys.stderr.write('nova-lite-status: %s\n' % e)
        return 2
    # The library's table reads --json from the options it was given.
    upgradecheck.CONF = conf
    config.setup_database(conf)
    return upgradecheck.run(conf)


if __name__ == '__main__':
    sys.exit(main())
