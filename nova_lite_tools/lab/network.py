# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The lab's network: a bridge holding the controller's address and, per
compute, a network namespace joined to the bridge by a veth pair.

Everything is done with iproute2's ``ip``; ``remove`` tolerates what is
already gone so that ``down`` can clean up after a half-built lab.
"""
import subprocess


class NetworkError(Exception):
    pass


def _ip(*args, check=True):
    result = subprocess.run(('ip',) + args, capture_output=True, text=True)
    if check and result.returncode:
        raise NetworkError('ip %s: %s' % (' '.join(args),
                                          result.stderr.strip()))
    return result.returncode == 0


def create(layout):
    prefix = layout.network.prefixlen
    _ip('link', 'add', layout.bridge, 'type', 'bridge')
    _ip('addr', 'add', '%s/%d' % (layout.controller_ip, prefix),
        'dev', layout.bridge)
    _ip('link', 'set', layout.bridge, 'up')
    for index in range(1, layout.computes + 1):
        _add_compute(layout, index, prefix)


def _add_compute(layout, index, prefix):
    namespace = layout.namespace(index)
    _ip('netns', 'add', namespace)
    _ip('link', 'add', layout.veth(index), 'type', 'veth',
        'peer', 'name', 'eth0', 'netns', namespace)
    _ip('link', 'set', layout.veth(index), 'master', layout.bridge, 'up')
    _ip('-n', namespace, 'addr', 'add',
        '%s/%d' % (layout.compute_ip(index), prefix), 'dev', 'eth0')
    _ip('-n', namespace, 'link', 'set', 'eth0', 'up')
    _ip('-n', namespace, 'link', 'set', 'lo', 'up')
    _ip('-n', namespace, 'route', 'add', 'default', 'via',
        layout.controller_ip)


def remove(layout):
    """Delete the namespaces (their veth ends go with them) and the
    bridge; return the names that were there to delete."""
    removed = []
    for index in range(1, layout.computes + 1):
        if _ip('netns', 'delete', layout.namespace(index), check=False):
            removed.append(layout.namespace(index))
        _ip('link', 'delete', layout.veth(index), check=False)
    if _ip('link', 'delete', layout.bridge, check=False):
        removed.append(layout.bridge)
    return removed
