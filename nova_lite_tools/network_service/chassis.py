# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""One compute host's chassis: its Open vSwitch (database and
ovs-vswitchd, with the integration bridge ``br-int`` on the userspace
datapath) and the ovn-controller that registers the host with OVN under
its hostname and wires the ports bound to it.

Neutron binds a port only to a host whose chassis is alive, and a port
goes ACTIVE when its host's ovn-controller claims it, which it does once
an interface on ``br-int`` carries the port's id (``iface-id``): what
the hypervisor's plugging does. The daemons run in the host's network
namespace (the userspace datapath makes kernel devices named after its
bridges, which two chassis in one namespace would share). Each physical
network it reaches has a bridge of its own, ``br-<network>``, in its
``ovn-bridge-mappings``: where the host's compute says what bandwidth it
has, and Neutron reports it to placement. Its tunnel address is on the
stack's underlay (see ``underlay``), which every chassis joins.
"""
import os
import subprocess

from nova_lite_tools.network_service import daemons
from nova_lite_tools.network_service import underlay

_SCHEMA = '/usr/share/openvswitch/vswitch.ovsschema'
BRIDGE = 'br-int'


def bridge_of(physical_network):
    """The bridge a chassis reaches a physical network by."""
    return 'br-' + physical_network


class Chassis:

    def __init__(self, directory, hostname, sb_remote, namespace,
                 tunnel, own_namespace=True, physnets=()):
        """``tunnel``: (underlay bridge, this chassis's veth end on it,
        its tunnel address). ``own_namespace``: the namespace is made and
        removed here (a simulated host's), not the host's own (a lab
        compute's)."""
        self.directory = directory
        self.hostname = hostname
        self.sb_remote = sb_remote
        self.namespace = namespace
        self.own_namespace = own_namespace
        self.underlay_bridge, self.outer_end, self.encap_ip = tunnel
        self.physnets = physnets

    @property
    def db_socket(self):
        return os.path.join(self.directory, 'db.sock')

    @property
    def ovsdb(self):
        """Its Open vSwitch database's OVSDB remote."""
        return 'unix:' + self.db_socket

    def vsctl(self, *args):
        return daemons.run(self.directory, ['ovs-vsctl', '--timeout=10',
                                            '--db=' + self.ovsdb] + list(args))

    def start(self):
        os.makedirs(self.directory, exist_ok=True)
        if self.own_namespace:
            subprocess.run(['ip', 'netns', 'add', self.namespace],
                           check=False, capture_output=True)
            subprocess.run(['ip', '-n', self.namespace, 'link', 'set', 'lo',
                            'up'], check=True)
        path = os.path.join(self.directory, 'conf.db')
        if not os.path.exists(path):
            daemons.run(self.directory, ['ovsdb-tool', 'create', path,
                                         _SCHEMA])
        daemons.start(self.directory, 'ovsdb-server', [
            'ovsdb-server', '--remote=p' + self.ovsdb,
            '--unixctl=' + os.path.join(self.directory, 'db.ctl'), path],
            self.namespace)
        daemons.wait_for(lambda: os.path.exists(self.db_socket), 10,
                         'Open vSwitch database of %s' % self.hostname)
        self.vsctl('--no-wait', 'init')
        daemons.start(self.directory, 'ovs-vswitchd', [
            'ovs-vswitchd', self.ovsdb,
            '--unixctl=' + os.path.join(self.directory, 'vswitchd.ctl')],
            self.namespace)
        self._configure()
        self._join_underlay()
        daemons.start(self.directory, 'ovn-controller', [
            'ovn-controller', self.ovsdb], self.namespace)

    def _configure(self):
        self.vsctl('--may-exist', 'add-br', BRIDGE, '--', 'set', 'Bridge',
                   BRIDGE, 'datapath_type=netdev', 'fail-mode=secure',
                   'other-config:disable-in-band=true')
        for physnet in self.physnets:
            self.vsctl('--may-exist', 'add-br', bridge_of(physnet), '--',
                       'set', 'Bridge', bridge_of(physnet),
                       'datapath_type=netdev')
        mappings = ','.join('%s:%s' % (physnet, bridge_of(physnet))
                            for physnet in self.physnets)
        ids = {'system-id': self.hostname, 'hostname': self.hostname,
               'ovn-remote': self.sb_remote, 'ovn-encap-type': 'geneve',
               'ovn-encap-ip': self.encap_ip,
               'ovn-bridge-datapath-type': 'netdev',
               'ovn-bridge-mappings': mappings}
        self.vsctl('set', 'Open_vSwitch', '.', *[
            'external_ids:%s="%s"' % item for item in sorted(ids.items())])
        # What the host's compute tells it of its bandwidth is told again
        # once the compute starts: a change Neutron sees and reports.
        self.vsctl('remove', 'Open_vSwitch', '.', 'external_ids',
                   'ovn-cms-options')

    def _join_underlay(self):
        underlay.join(self.underlay_bridge, self.namespace, self.outer_end)
        self.vsctl('--may-exist', 'add-br', underlay.BRIDGE, '--', 'set',
                   'Bridge', underlay.BRIDGE, 'datapath_type=netdev')
        self.vsctl('--may-exist', 'add-port', underlay.BRIDGE,
                   underlay.UPLINK)
        underlay.hold_address(self.namespace, self.encap_ip)

    def stop(self):
        for name in ('ovn-controller', 'ovs-vswitchd', 'ovsdb-server'):
            daemons.stop(self.directory, name)
        underlay.leave(self.outer_end)
        if self.own_namespace:
            subprocess.run(['ip', 'netns', 'delete', self.namespace],
                           check=False, capture_output=True)
