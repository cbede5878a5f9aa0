# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The host's bandwidth, told to its network service chassis.

With the network service (ML2/OVN), guaranteed bandwidth lives in
placement on the service's providers, one per bridge of a physical
network under the host's provider; the service reads what each bridge
has from the chassis's ``ovn-cms-options`` (``resource_provider_
bandwidths=<bridge>:<egress>:<ingress>`` and ``resource_provider_
hypervisors=<bridge>:<host's provider name>``). The host's NICs stay
declared in one place, nova_lite's config: their rates per physical
network are written there, on the bridge ``ovn-bridge-mappings`` gives
that network, the chassis's other options kept.

The service reads them when they change, and only then: a host whose
provider was made anew (a placement database started afresh, a compute
node removed and back) would never get the service's providers again
under the same options. So each announcement changes them: the
inventory defaults are said (``allocation_ratio:1.0``, the service's own
default) or left out, in turn, which is the same inventory to the
service and a change it acts on.
"""
from oslo_log import log as logging

from nova_lite.virt.libvirt import ovs_db

LOG = logging.getLogger(__name__)

_BANDWIDTHS = 'resource_provider_bandwidths'
_HYPERVISORS = 'resource_provider_hypervisors'
_DEFAULTS = 'resource_provider_inventory_defaults'
_OURS = (_BANDWIDTHS, _HYPERVISORS, _DEFAULTS)
_SAID_DEFAULTS = _DEFAULTS + '=allocation_ratio:1.0'


def announce(ovsdb, hypervisor, bandwidths):
    """Write ``bandwidths`` ({physical network: (egress, ingress)} in
    kbit/s) for the host's provider ``hypervisor``; a network with no
    bridge is logged and left out."""
    bridges = _bridge_mappings(_external_id(ovsdb, 'ovn-bridge-mappings'))
    devices = {}
    for physnet, rates in sorted(bandwidths.items()):
        if physnet not in bridges:
            LOG.warning('%s has bandwidth on %s but its chassis has no '
                        'bridge for it (ovn-bridge-mappings): not reported',
                        hypervisor, physnet)
            continue
        devices[bridges[physnet]] = rates
    current = _external_id(ovsdb, 'ovn-cms-options')
    ovs_db.vsctl(ovsdb, 'set', 'Open_vSwitch', '.',
                 'external_ids:ovn-cms-options="%s"' % options(
                     current, hypervisor, devices))


def options(current, hypervisor, devices):
    """``current`` options with the bandwidth ones made ``devices``'
    ({bridge: (egress, ingress)}), the inventory defaults said if they
    were not, or left out if they were."""
    said = current.split(',')
    kept = [option for option in said if option and
            option.split('=')[0] not in _OURS]
    if devices and _SAID_DEFAULTS not in said:
        kept.append(_SAID_DEFAULTS)
    if devices:
        kept.append('%s=%s' % (_BANDWIDTHS, ';'.join(
            '%s:%d:%d' % (bridge, egress, ingress)
            for bridge, (egress, ingress) in sorted(devices.items()))))
        kept.append('%s=%s' % (_HYPERVISORS, ';'.join(
            '%s:%s' % (bridge, hypervisor) for bridge in sorted(devices))))
    return ','.join(kept)


def _bridge_mappings(text):
    return dict(pair.split(':', 1) for pair in text.split(',')
                if ':' in pair)


def _external_id(ovsdb, key):
    return ovs_db.vsctl(ovsdb, '--if-exists', 'get', 'Open_vSwitch', '.',
                        'external_ids:' + key).strip().strip('"')
