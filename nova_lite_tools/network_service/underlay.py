# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The network the chassis tunnel their guests' traffic over (OVN's
geneve between hosts), as a data centre's hosts share one: a bridge of
the stack's own in the machine's namespace, and, in each chassis's
namespace, the other end of a veth pair as a port of an Open vSwitch
bridge of the chassis (``br-underlay``) that holds its tunnel address.

Why a bridge of Open vSwitch's: on the userspace datapath, Open vSwitch
sends and receives tunnel packets itself. It routes them by its own
table (learned from the kernel's routes in its namespace), and the
route's device must be one of its bridges with the wire beneath it a
port of that bridge; a tunnel address on a plain interface, or on
loopback, reaches no other chassis. The addresses are taken from
198.18.0.0/15, which is set aside for test networks: they never clash
with a real network the machine or the lab uses.
"""
import ipaddress
import subprocess

NETWORK = ipaddress.ip_network('198.18.0.0/16')
BRIDGE = 'br-underlay'
UPLINK = 'nl-underlay'  # the chassis's end of its veth pair


class UnderlayError(Exception):
    pass


def address(index):
    """The tunnel address of the ``index``-th chassis (from 0)."""
    return str(NETWORK[index + 1])


def _ip(*args, check=True):
    result = subprocess.run(('ip',) + args, capture_output=True, text=True)
    if check and result.returncode:
        raise UnderlayError('ip %s: %s' % (' '.join(args),
                                           result.stderr.strip()))


def create(bridge):
    _ip('link', 'add', bridge, 'type', 'bridge', check=False)
    _ip('link', 'set', bridge, 'up')


def remove(bridge):
    _ip('link', 'delete', bridge, check=False)


def join(bridge, namespace, outer_end):
    """A veth pair from ``bridge`` into ``namespace`` (its inner end is
    ``UPLINK``); a pair left by an earlier start is replaced."""
    leave(outer_end)
    _ip('link', 'add', outer_end, 'type', 'veth', 'peer', 'name', UPLINK,
        'netns', namespace)
    _ip('link', 'set', outer_end, 'master', bridge, 'up')
    _ip('-n', namespace, 'link', 'set', UPLINK, 'up')


def hold_address(namespace, tunnel_ip):
    """The chassis's tunnel address on ``BRIDGE``'s own device, which
    Open vSwitch has made by now."""
    _ip('-n', namespace, 'addr', 'replace', '%s/%d' % (
        tunnel_ip, NETWORK.prefixlen), 'dev', BRIDGE)
    _ip('-n', namespace, 'link', 'set', BRIDGE, 'up')


def leave(outer_end):
    """Remove the pair (its inner end goes with it)."""
    _ip('link', 'delete', outer_end, check=False)
