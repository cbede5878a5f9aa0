# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The fixed networks of ``[networks]``, read and checked.

Each is a subnet on one physical network with the range of addresses
servers get from it. A line that does not parse, a range outside its
subnet, two networks that overlap or share a physical network, or a
default that names no network: ConfigInvalid naming the option, which
stops the service that reads them (API, compute) at its start.
"""
import dataclasses
import ipaddress
import uuid

from nova_lite import exception
from nova_lite.text import key_value_lines

_KEYS = {'name', 'physical_network', 'cidr', 'gateway', 'allocation_range'}


@dataclasses.dataclass(frozen=True)
class Network:
    name: str
    physical_network: str
    cidr: object  # ipaddress.IPv4Network or IPv6Network
    gateway: object
    first: object
    last: object
    line: str = dataclasses.field(default='', compare=False)

    @property
    def version(self):
        return self.cidr.version

    @property
    def id(self):
        """A stable uuid for the network, made from its name."""
        return str(uuid.uuid5(uuid.NAMESPACE_URL,
                              'nova-lite:network:' + self.name))

    @property
    def first_for_servers(self):
        """The first address a server may get (the range's first, unless
        that is the gateway)."""
        return self.first + 1 if self.first == self.gateway else self.first

    def pool(self):
        """[first, last, gateway] as text: what the allocator needs."""
        return [str(self.first), str(self.last), str(self.gateway)]


@dataclasses.dataclass(frozen=True)
class Networks:
    networks: tuple
    default: object  # Network, or None when none is declared
    # Whether servers' vNICs are allocated on them (``[networks] backend
    # = fixed``) rather than being a network service's ports.
    managed: bool = True

    def by_name(self, name):
        return next((n for n in self.networks if n.name == name), None)

    def on_physical_network(self, physical_network):
        return next((n for n in self.networks
                     if n.physical_network == physical_network), None)

    def pools(self):
        return {n.name: n.pool() for n in self.networks}


def networks_of(conf):
    """The declared networks, or ConfigInvalid naming what is wrong."""
    networks = tuple(_network(line) for line in conf.networks.network)
    _check_together(networks)
    return Networks(networks, _default(conf, networks),
                    conf.networks.backend == 'fixed')


def _network(line):
    values = key_value_lines.pairs(line, _KEYS, _invalid)
    key_value_lines.required(line, values,
                             ('name', 'physical_network', 'cidr'), _invalid)
    try:
        cidr = ipaddress.ip_network(values['cidr'])
    except ValueError as e:
        raise _invalid(line, "'cidr': %s" % e)
    hosts = _host_range(cidr)
    if hosts is None:
        raise _invalid(line, "'cidr': %s has no room for a gateway and a "
                       "server" % cidr)
    gateway = _address(line, cidr, 'gateway',
                       values.get('gateway', str(hosts[0])))
    first, last = _range(line, cidr, values.get('allocation_range'), hosts)
    if first == last == gateway:
        raise _invalid(line, "'allocation_range' holds only the gateway")
    return Network(values['name'], values['physical_network'], cidr,
                   gateway, first, last, line)


def _host_range(cidr):
    """(first, last) host address of the subnet, or None if it has fewer
    than two (no network or broadcast address in IPv4)."""
    size = cidr.num_addresses
    if cidr.version == 4 and size >= 4:
        return cidr[1], cidr[-2]
    if cidr.version == 6 and size >= 2:
        return cidr[1], cidr[-1]
    return None


def _address(line, cidr, key, text):
    try:
        address = ipaddress.ip_address(text)
    except ValueError as e:
        raise _invalid(line, "'%s': %s" % (key, e))
    if address not in cidr:
        raise _invalid(line, "'%s': %s is not in %s" % (key, address, cidr))
    return address


def _range(line, cidr, text, hosts):
    if text is None:
        return hosts
    first, sep, last = text.partition('-')
    if not sep:
        raise _invalid(line, "'allocation_range': expected first-last, got "
                       "'%s'" % text)
    first = _address(line, cidr, 'allocation_range', first.strip())
    last = _address(line, cidr, 'allocation_range', last.strip())
    if first > last:
        raise _invalid(line, "'allocation_range': %s comes after %s"
                       % (first, last))
    if first < hosts[0] or last > hosts[1]:
        raise _invalid(line, "'allocation_range': %s-%s goes beyond the "
                       "host addresses of %s (%s-%s)"
                       % (first, last, cidr, hosts[0], hosts[1]))
    return first, last


def _check_together(networks):
    seen = {}
    for network in networks:
        for other in seen.values():
            if network.name == other.name:
                raise _invalid(network.line, 'network %s declared twice'
                               % network.name)
            if network.physical_network == other.physical_network:
                raise _invalid(network.line, "network %s is on physical "
                               "network %s too" % (other.name,
                                                   network.physical_network))
            if (network.version == other.version and
                    network.cidr.overlaps(other.cidr)):
                raise _invalid(network.line, "%s overlaps network %s (%s)"
                               % (network.cidr, other.name, other.cidr))
        seen[network.name] = network


def _default(conf, networks):
    name = conf.networks.default_network
    if name is None:
        return networks[0] if networks else None
    found = next((n for n in networks if n.name == name), None)
    if found is None:
        raise exception.ConfigInvalid(
            reason="[networks] default_network = %s: no network of that "
                   "name is declared (declared: %s)" % (
                       name, ', '.join(n.name for n in networks) or 'none'))
    return found


def _invalid(line, reason):
    return exception.ConfigInvalid(
        reason='[networks] network = %s: %s' % (line, reason))
