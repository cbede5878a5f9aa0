# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""OVN's central part: the northbound database (Neutron writes the
logical network there), the southbound database (the chassis read their
flows from it) and ovn-northd, which turns the one into the other.

Both databases listen on unix sockets in the directory, which every
network namespace of this machine reaches alike.
"""
import os

from nova_lite_tools.network_service import daemons

_SCHEMAS = '/usr/share/ovn'


class Central:

    def __init__(self, directory):
        self.directory = directory

    def socket(self, db):
        return os.path.join(self.directory, db + '.sock')

    def remote(self, db):
        """The database's OVSDB remote (``nb`` or ``sb``)."""
        return 'unix:' + self.socket(db)

    def start(self):
        os.makedirs(self.directory, exist_ok=True)
        for db in ('nb', 'sb'):
            self._start_database(db)
        daemons.start(self.directory, 'ovn-northd', [
            'ovn-northd', '--ovnnb-db=' + self.remote('nb'),
            '--ovnsb-db=' + self.remote('sb'),
            '--unixctl=' + os.path.join(self.directory, 'northd.ctl')])

    def _start_database(self, db):
        path = os.path.join(self.directory, 'ovn%s.db' % db)
        if not os.path.exists(path):
            daemons.run(self.directory, [
                'ovsdb-tool', 'create', path,
                os.path.join(_SCHEMAS, 'ovn-%s.ovsschema' % db)])
        daemons.start(self.directory, 'ovsdb-%s' % db, [
            'ovsdb-server', '--remote=p' + self.remote(db),
            '--unixctl=' + os.path.join(self.directory, db + '.ctl'), path])
        daemons.wait_for(lambda: os.path.exists(self.socket(db)), 10,
                         'OVN %s database listening' % db)

    def chassis(self):
        """The hostnames of the chassis registered in the southbound
        database."""
        out = daemons.run(self.directory, [
            'ovn-sbctl', '--db=' + self.remote('sb'), '--bare',
            '--columns=hostname', 'list', 'Chassis'])
        return sorted(line for line in out.split() if line)

    def stop(self):
        for name in ('ovn-northd', 'ovsdb-sb', 'ovsdb-nb'):
            daemons.stop(self.directory, name)
