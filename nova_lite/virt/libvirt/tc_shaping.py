# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""vNIC rates shaped by the compute itself, where libvirt cannot.

libvirt's ``<bandwidth>`` shapes a tap with tc: into the guest an HTB
class with an SFQ leaf picked by an fw filter, out of it an ingress
policer. A kernel built without sch_sfq, cls_fw or act_police (this
project's CI machine runs one) cannot do that, and libvirt then refuses
to start the guest. There the compute shapes the same rates with what
such kernels have: into the guest an HTB class at the root of the tap
(unclassified traffic goes to it), out of the guest the tap's ingress
redirected to an IFB device whose root is the same kind of HTB class.
Rates are the ones libvirt would use (interfaces.libvirt_average, given
to tc as ``kbps``), so tc enforces the claimed kbit/s either way.

``libvirt_can_shape`` asks the kernel, once, by trying libvirt's own
commands on a throw-away veth pair.
"""
import os
import subprocess

from oslo_log import log as logging

from nova_lite.virt.libvirt import interfaces

LOG = logging.getLogger(__name__)


def _run(*args):
    subprocess.run(args, check=True, capture_output=True, text=True)


def libvirt_can_shape():
    """Whether this kernel has what libvirt's ``<bandwidth>`` uses."""
    probe = 'nlprobe%x' % os.getpid()  # two computes may probe at once
    try:
        _run('ip', 'link', 'add', probe, 'type', 'veth', 'peer', 'name',
             probe + 'p')
    except (OSError, subprocess.CalledProcessError) as e:
        LOG.warning('cannot probe traffic shaping (%s); leaving it to '
                    'libvirt', getattr(e, 'stderr', e))
        return True
    try:
        for args in (
                ('qdisc', 'add', 'dev', probe, 'root', 'handle', '1:',
                 'htb', 'default', '1'),
                ('class', 'add', 'dev', probe, 'parent', '1:', 'classid',
                 '1:1', 'htb', 'rate', '1000kbps'),
                ('qdisc', 'add', 'dev', probe, 'parent', '1:1', 'handle',
                 '2:', 'sfq', 'perturb', '10'),
                ('filter', 'add', 'dev', probe, 'parent', '1:0', 'protocol',
                 'all', 'prio', '1', 'handle', '1', 'fw', 'flowid', '1'),
                ('qdisc', 'add', 'dev', probe, 'ingress'),
                ('filter', 'add', 'dev', probe, 'parent', 'ffff:',
                 'protocol', 'all', 'u32', 'match', 'u32', '0', '0',
                 'police', 'rate', '1000kbps', 'burst', '1kb', 'mtu',
                 '64kb', 'drop', 'flowid', ':1')):
            _run('tc', *args)
        return True
    except subprocess.CalledProcessError as e:
        LOG.warning('libvirt cannot shape vNICs on this kernel (tc %s: '
                    '%s); the compute shapes them itself',
                    ' '.join(e.cmd[1:5]), e.stderr.strip())
        return False
    finally:
        subprocess.run(['ip', 'link', 'del', probe], capture_output=True)


def ifb_name(vif):
    return ifb_of_tap(interfaces.tap_name(vif))


def ifb_of_tap(tap):
    return 'ifb' + tap[3:]


def apply(vifs):
    """Shape each started guest's tap as libvirt would have."""
    for vif in vifs:
        tap = interfaces.tap_name(vif)
        inbound = interfaces.libvirt_average(vif.inbound_rate)
        outbound = interfaces.libvirt_average(vif.outbound_rate)
        if inbound:
            _htb(tap, inbound)
        if outbound:
            ifb = ifb_name(vif)
            remove_ifb(vif)
            _run('ip', 'link', 'add', ifb, 'type', 'ifb')
            _run('ip', 'link', 'set', ifb, 'up')
            _htb(ifb, outbound)
            _run('tc', 'qdisc', 'replace', 'dev', tap, 'handle', 'ffff:',
                 'ingress')
            _run('tc', 'filter', 'add', 'dev', tap, 'parent', 'ffff:',
                 'protocol', 'all', 'u32', 'match', 'u32', '0', '0',
                 'action', 'mirred', 'egress', 'redirect', 'dev', ifb)


def _htb(device, kilobytes_per_second):
    rate = '%dkbps' % kilobytes_per_second
    # replace: a multiqueue tap starts with an mq root of its own.
    _run('tc', 'qdisc', 'replace', 'dev', device, 'root', 'handle', '1:',
         'htb', 'default', '1')
    _run('tc', 'class', 'add', 'dev', device, 'parent', '1:', 'classid',
         '1:1', 'htb', 'rate', rate, 'ceil', rate)


def remove_ifb(vif):
    """The IFB device of a vNIC (the tap goes with its domain)."""
    remove_ifb_of_tap(interfaces.tap_name(vif))


def remove_ifb_of_tap(tap):
    subprocess.run(['ip', 'link', 'del', ifb_of_tap(tap)],
                   capture_output=True)
