# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The whole network service, up and down: OVN's central part, a chassis
per compute host, and Neutron's API on a database of its own.

``up`` installs what is missing, starts everything under ``directory``
and returns once Neutron lists every host's chassis alive; it records
what it started in ``stack.json`` so that ``down`` (later, maybe from
another process) stops all of it and drops the database.
"""
import dataclasses
import hashlib
import json
import os

import sqlalchemy as sa

from nova_lite_tools.network_service import chassis as chassis_mod
from nova_lite_tools.network_service import install
from nova_lite_tools.network_service import neutron_api
from nova_lite_tools.network_service import ovn_central
from nova_lite_tools.network_service import underlay

DEFAULT_PORT = 9696
DEFAULT_PHYSNETS = ('physnet1', 'physnet2')
MARIADB = 'mysql+pymysql://root@127.0.0.1:3306'


@dataclasses.dataclass
class Stack:
    directory: str
    hosts: list
    port: int = DEFAULT_PORT
    compute_url: str = 'http://127.0.0.1:8774/v2.1'
    placement_url: str = 'http://127.0.0.1:8778'
    server: str = MARIADB
    # {hostname: network namespace} for hosts whose compute runs in a
    # namespace of its own (the lab's); other hosts get one made here.
    namespaces: dict = dataclasses.field(default_factory=dict)
    # The physical networks each chassis bridges (``br-<name>``): those
    # of the all-in-one's simulated NICs, unless told otherwise.
    physnets: list = dataclasses.field(
        default_factory=lambda: list(DEFAULT_PHYSNETS))
    # Where Neutron's API listens: loopback, unless computes in network
    # namespaces of their own (the lab's) reach it over their bridge.
    listen: str = '127.0.0.1'

    @property
    def url(self):
        return 'http://127.0.0.1:%d' % self.port

    @property
    def _digest(self):
        return hashlib.sha1(
            os.path.abspath(self.directory).encode()).hexdigest()

    @property
    def database_name(self):
        return 'neutron_' + self._digest[:12]

    @property
    def central(self):
        return ovn_central.Central(os.path.join(self.directory, 'ovn'))

    @property
    def underlay_bridge(self):
        """The bridge the chassis tunnel over (15 characters at most,
        as every interface name)."""
        return 'nlu-%s' % self._digest[:8]

    def chassis(self, hostname):
        index = self.hosts.index(hostname)
        namespace = self.namespaces.get(hostname)
        tunnel = (self.underlay_bridge,
                  'nlu-%s-%d' % (self._digest[:6], index),
                  underlay.address(index))
        return chassis_mod.Chassis(
            os.path.join(self.directory, 'chassis', hostname), hostname,
            self.central.remote('sb'),
            namespace or 'nl-%s-%s' % (self._digest[:6], hostname),
            tunnel, own_namespace=namespace is None,
            physnets=self.physnets)

    def api(self, venv=None):
        return neutron_api.NeutronAPI(
            os.path.join(self.directory, 'neutron'), venv, self.port,
            '%s/%s' % (self.server, self.database_name), self.central,
            self.compute_url, self.placement_url, self.physnets,
            self.listen)

    def ovsdb_of(self, hostname):
        """The Open vSwitch database of the host's chassis."""
        return self.chassis(hostname).ovsdb

    def save(self):
        with open(os.path.join(self.directory, 'stack.json'), 'w') as out:
            json.dump(dataclasses.asdict(self), out, indent=1)

    @classmethod
    def load(cls, directory):
        with open(os.path.join(directory, 'stack.json')) as source:
            return cls(**json.load(source))


def up(stack, timeout=120):
    """Start the stack (stopping whatever is left of it on failure)."""
    venv = install.ensure_all()
    os.makedirs(os.path.join(stack.directory, 'neutron'), exist_ok=True)
    stack.save()
    try:
        _create_database(stack)
        stack.central.start()
        underlay.create(stack.underlay_bridge)
        for hostname in stack.hosts:
            stack.chassis(hostname).start()
        api = stack.api(venv)
        api.migrate()
        api.start()
        api.wait_ready(stack.hosts, timeout)
    except BaseException:
        down(stack)
        raise
    return stack


def down(stack):
    stack.api().stop()
    for hostname in stack.hosts:
        stack.chassis(hostname).stop()
    underlay.remove(stack.underlay_bridge)
    stack.central.stop()
    _drop_database(stack)


def _server(stack):
    return sa.create_engine(stack.server + '/', isolation_level='AUTOCOMMIT')


def _create_database(stack):
    engine = _server(stack)
    with engine.connect() as connection:
        connection.execute(sa.text('DROP DATABASE IF EXISTS %s'
                                   % stack.database_name))
        connection.execute(sa.text('CREATE DATABASE %s CHARACTER SET utf8mb4'
                                   % stack.database_name))
    engine.dispose()


def _drop_database(stack):
    engine = _server(stack)
    with engine.connect() as connection:
        connection.execute(sa.text('DROP DATABASE IF EXISTS %s'
                                   % stack.database_name))
    engine.dispose()
