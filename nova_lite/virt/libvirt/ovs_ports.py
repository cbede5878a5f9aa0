# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""A network service's ports on Open vSwitch, for simulated hosts.

On a real host libvirt plugs a guest's port: it adds the guest's tap to
the integration bridge with the port's id (``iface-id``), the MAC and the
server's uuid in the interface's ``external_ids``, which is what the
host's OVN controller looks for to wire the port and report it up. A
simulated host has no tap: it adds an internal interface of the same
name, ids and MAC (a guest's NIC has the port's) to its chassis's bridge
instead (``[neutron] simulated_host_ovsdb``), and removes it with the
guest.
"""
from nova_lite.virt.libvirt import interfaces
from nova_lite.virt.libvirt import ovs_db


def plug(ovsdb, bridge, instance_uuid, vifs):
    for vif in vifs:
        tap = interfaces.tap_name(vif)
        ovs_db.vsctl(
            ovsdb, '--may-exist', 'add-port', bridge, tap, '--', 'set',
            'Interface', tap, 'type=internal', 'mac="%s"' % vif.mac,
            'external_ids:iface-id=%s' % vif.uuid,
            'external_ids:attached-mac="%s"' % vif.mac,
            'external_ids:iface-status=active',
            'external_ids:vm-uuid=%s' % instance_uuid)


def unplug(ovsdb, bridge, vifs):
    for vif in vifs:
        ovs_db.vsctl(ovsdb, '--if-exists', 'del-port', bridge,
                     interfaces.tap_name(vif))
