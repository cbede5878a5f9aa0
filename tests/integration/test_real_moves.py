# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Moves of real guests between two hosts on this machine.

A lab brought up with ``nova-lite-lab up --real``: two computes, each in
its own network and mount namespaces with its own libvirtd, instances
directory and address, as two machines would be. The demo guest counts
its boots on its own disk and prints a tick every second; driven with
the openstack client:

* a live migration moves it while it runs: on the destination the
  ticks go on from where they were, with no new boot;
* a resize and a cold migration carry its disk (it boots again and
  counts one more boot, at the new flavor's disk size), a confirm
  removes what the source kept, a revert brings the old disk back;

and nothing is left on a host the guest left: no domain, no file, no
allocation (the placement audit finds nothing).
"""
import json
import os
import subprocess
import time

import libvirt
import pytest

from nova_lite.virt.libvirt import domain_xml
from nova_lite_tools import demo_image
from tests.conftest import Api
from tests.functional import compute_calls
from tests.integration import labs

pytestmark = pytest.mark.integration


class RealLab:
    def __init__(self, layout, env):
        self.layout = layout
        self.env = env
        self.api = Api(layout['api_port'])
        self.hosts = ['%s-compute-%d' % (layout['name'], i) for i in (1, 2)]

    def osc(self, *args):
        return compute_calls.osc(self.env, *args)

    def other(self, host):
        return [h for h in self.hosts if h != host][0]

    def address(self, host):
        index = self.hosts.index(host) + 1
        prefix = self.layout['subnet'].rsplit('.', 1)[0]
        return '%s.%d' % (prefix, 10 + index)

    def instances(self, host):
        return os.path.join(self.layout['state_dir'], 'real', host,
                            'instances')

    def domains(self, host):
        """{uuid: (running, the compute its metadata names)} of the
        host's own libvirtd, reached as another host reaches it."""
        conn = libvirt.open('qemu+tcp://%s/system' % self.address(host))
        try:
            return {dom.UUIDString(): (bool(dom.isActive()), _meta_host(dom))
                    for dom in conn.listAllDomains()}
        finally:
            conn.close()

    def server(self, sid):
        return self.api.get('/servers/%s' % sid)[1]['server']

    def console(self, sid):
        status, body = self.api.post('/servers/%s/action' % sid,
                                     {'os-getConsoleOutput': {}})
        assert status == 200, body
        return body['output']

    def wait_console(self, sid, text, timeout=120):
        deadline = time.monotonic() + timeout
        while text not in self.console(sid):
            assert time.monotonic() < deadline, self.console(sid)[-500:]
            time.sleep(0.5)
        return self.console(sid)

    def wait_ticks(self, sid, count, timeout=60):
        deadline = time.monotonic() + timeout
        while len(demo_image.ticks(self.console(sid))) < count:
            assert time.monotonic() < deadline, self.console(sid)[-500:]
            time.sleep(0.5)
        return demo_image.ticks(self.console(sid))

    def links(self, host):
        """The names of the network devices in the host's namespace."""
        index = self.hosts.index(host) + 1
        listing = subprocess.run(
            ['ip', '-n', 'nl-%s-compute-%d' % (self.layout['name'], index),
             '-br', 'link'], capture_output=True, text=True, check=True)
        return {line.split()[0].split('@')[0]
                for line in listing.stdout.splitlines()}

    def boot(self, name, flavor='demo', nic='none'):
        server = self.osc('server', 'create', '--image', demo_image.NAME,
                          '--flavor', flavor, '--nic', nic, '--wait',
                          '-f', 'json', name)
        assert server['status'] == 'ACTIVE', server
        self.wait_console(server['id'], demo_image.GUEST_UP)
        return server['id'], server['OS-EXT-SRV-ATTR:host']

    def allocation_hosts(self, sid):
        """The hosts a consumer has allocations on (a VietStack NIC's
        provider is named ``<host>:<nic>``)."""
        placement = Api(self.layout['placement_port'])
        allocations = placement.call('GET', '/allocations/%s' % sid)[1][
            'allocations']
        return sorted({placement.call('GET', '/resource_providers/%s' % rp)[
            1]['name'].split(':')[0] for rp in allocations})

    def audit(self):
        return [labs.audit(os.path.join(self.layout['state_dir'],
                                        'controller.conf'))]


# One VietStack vNIC on physnet1, shaped to 1 Mbit/s each way.
VNIC = {'vietstack:vnics': '1',
        'vietstack:vnic0:physical_network': 'physnet1',
        'vietstack:vnic0:outbound:rate': '1000',
        'vietstack:vnic0:inbound:rate': '1000'}


def _meta_host(dom):
    """The compute the domain's nova_lite metadata names, in its running
    and its kept definition alike (both, if they differ)."""
    hosts = {domain_xml.host_of(dom.metadata(
        libvirt.VIR_DOMAIN_METADATA_ELEMENT, domain_xml.NAMESPACE, flags))
        for flags in (libvirt.VIR_DOMAIN_AFFECT_CURRENT,
                      libvirt.VIR_DOMAIN_AFFECT_CONFIG)}
    return hosts.pop() if len(hosts) == 1 else tuple(sorted(hosts))


@pytest.fixture(scope='module')
def lab(tmp_path_factory, demo_files):
    state = tmp_path_factory.mktemp('real-lab')
    with labs.running(str(state / 'lab'), '--real') as layout:
        demo_image.upload(demo_files, 'http://127.0.0.1:%d' %
                          layout['image_port'], 'admin:admin')
        real = RealLab(layout, compute_calls.cloud_env_at(
            state, layout['api_port'],
            'http://127.0.0.1:%d' % layout['image_port']))
        for name, disk in (('demo', 1), ('demo2', 2)):
            real.api.create_flavor(name, ram=256, vcpus=1, disk=disk,
                                   flavor_id=name)
        real.api.create_flavor('vnic', ram=256, vcpus=1, disk=1,
                               flavor_id='vnic', extra_specs=VNIC)
        yield real


def _eventually(check, timeout=30):
    """``check()`` true within ``timeout`` (a step the API has already
    answered for may still run on a compute)."""
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline
        time.sleep(0.2)


def _disk_size(directory, sid):
    info = subprocess.run(['qemu-img', 'info', '-U', '--output=json',
                           os.path.join(directory, sid, 'disk')],
                          capture_output=True, text=True, check=True)
    return json.loads(info.stdout)['virtual-size']


def test_a_running_guest_live_migrates_and_keeps_counting(lab):
    """With its vNIC: its tap (and IFB, where the compute shapes it) on
    the destination, none left on the source."""
    sid, source = lab.boot('live', flavor='vnic', nic='auto')
    dest = lab.other(source)
    nic = {d for d in lab.links(source) if d.startswith(('tap', 'ifb'))}
    assert {d[:3] for d in nic} & {'tap'}
    last_on_source = lab.wait_ticks(sid, 2)[-1]

    lab.osc('server', 'migrate', '--live-migration', '--host', dest,
            '--wait', sid)

    server = lab.server(sid)
    assert (server['status'], server['OS-EXT-SRV-ATTR:host']) == (
        'ACTIVE', dest)
    # The destination's console: the same guest counting on, never
    # booted there.
    ticks = lab.wait_ticks(sid, 3)
    console = lab.console(sid)
    assert demo_image.GUEST_UP not in console
    assert demo_image.GUEST_BOOT not in console
    assert ticks[0] > last_on_source
    assert ticks == list(range(ticks[0], ticks[0] + len(ticks)))
    assert lab.domains(dest)[sid] == (True, dest)
    assert sid not in lab.domains(source)
    assert not os.path.exists(os.path.join(lab.instances(source), sid))
    assert nic <= lab.links(dest)
    assert not nic & lab.links(source)
    assert lab.allocation_hosts(sid) == [dest]
    migrations = lab.osc('server', 'migration', 'list', '--server', sid,
                         '-f', 'json')
    assert [(m['Type'], m['Status']) for m in migrations] == [
        ('live-migration', 'completed')]

    lab.osc('server', 'delete', '--wait', sid)
    _eventually(lambda: sid not in lab.domains(dest))
    assert not os.path.exists(os.path.join(lab.instances(dest), sid))
    assert lab.audit() == ['0 findings']


def test_a_real_guest_resizes_and_migrates_with_its_disk(lab):
    sid, first = lab.boot('cold')
    second = lab.other(first)
    assert demo_image.GUEST_BOOT + ' 1' in lab.console(sid)

    # Resize: the disk (with the guest's boot count) goes to the other
    # host, grown to the new flavor's 2 GB; the source keeps its files
    # aside until the resize is confirmed.
    lab.osc('server', 'resize', '--flavor', 'demo2', '--wait', sid)
    server = lab.server(sid)
    assert (server['status'], server['OS-EXT-SRV-ATTR:host']) == (
        'VERIFY_RESIZE', second)
    lab.wait_console(sid, demo_image.GUEST_BOOT + ' 2')
    assert _disk_size(lab.instances(second), sid) == 2 * 1024 ** 3
    assert os.path.isdir(os.path.join(lab.instances(first),
                                      sid + '_resize'))
    assert lab.domains(first)[sid] == (False, first)
    # Both hosts held until the confirm: the source by the migration.
    migration = lab.osc('server', 'migration', 'list', '--server', sid,
                        '-f', 'json')[0]
    assert lab.allocation_hosts(sid) == [second]
    assert lab.allocation_hosts(migration['UUID']) == [first]

    lab.osc('server', 'resize', 'confirm', sid)
    lab.api.wait_server(sid, ('ACTIVE',), timeout=60, settled=True)
    _eventually(lambda: not os.path.exists(
        os.path.join(lab.instances(first), sid + '_resize')))
    assert sid not in lab.domains(first)
    _eventually(lambda: lab.allocation_hosts(migration['UUID']) == [])
    assert lab.allocation_hosts(sid) == [second]

    # A cold migration back, reverted: the guest returns to its disk as
    # it was set aside (two boots on it), and boots a third time.
    lab.osc('server', 'migrate', '--wait', sid)
    assert lab.server(sid)['OS-EXT-SRV-ATTR:host'] == first
    lab.wait_console(sid, demo_image.GUEST_BOOT + ' 3')
    lab.osc('server', 'resize', 'revert', sid)
    server = lab.api.wait_server(sid, ('ACTIVE',), timeout=60, settled=True)
    assert server['OS-EXT-SRV-ATTR:host'] == second
    lab.wait_console(sid, demo_image.GUEST_BOOT + ' 3')
    assert demo_image.GUEST_BOOT + ' 4' not in lab.console(sid)
    assert sid not in lab.domains(first)
    assert not os.path.exists(os.path.join(lab.instances(first), sid))
    assert not os.path.exists(os.path.join(lab.instances(second),
                                           sid + '_resize'))
    assert lab.domains(second)[sid] == (True, second)
    assert lab.allocation_hosts(sid) == [second]
    assert lab.audit() == ['0 findings']
    lab.osc('server', 'delete', '--wait', sid)


def _migration(lab, sid, status, timeout=60):
    """The server's newest migration once in ``status``."""
    deadline = time.monotonic() + timeout
    while True:
        newest = lab.osc('server', 'migration', 'list', '--server', sid,
                         '-f', 'json')[0]
        if newest['Status'] == status:
            return newest
        assert time.monotonic() < deadline, newest
        time.sleep(0.3)


def _source_domain(lab, host, sid):
    conn = libvirt.open('qemu+tcp://%s/system' % lab.address(host))
    return conn, conn.lookupByUUIDString(sid)


def test_a_slow_live_migration_is_aborted(lab):
    """libvirt's migration held to 1 MiB/s (256 MB of memory to copy):
    an abort cancels it, the guest counting on where it was, nothing of
    it left on the destination."""
    sid, source = lab.boot('slow')
    dest = lab.other(source)
    conn, dom = _source_domain(lab, source, sid)
    try:
        dom.migrateSetMaxSpeed(1, 0)
        lab.osc('server', 'migrate', '--live-migration', '--host', dest, sid)
        migration = _migration(lab, sid, 'running')
        lab.osc('server', 'migration', 'abort', sid, str(migration['Id']))
        _migration(lab, sid, 'cancelled')
    finally:
        conn.close()
    server = lab.api.wait_server(sid, ('ACTIVE',), timeout=60, settled=True)
    assert server['OS-EXT-SRV-ATTR:host'] == source
    seen = lab.wait_ticks(sid, 1)[-1]
    assert lab.wait_ticks(sid, seen + 2)[-1] > seen  # still counting
    assert demo_image.GUEST_BOOT + ' 2' not in lab.console(sid)
    _eventually(lambda: sid not in lab.domains(dest))
    assert not os.path.exists(os.path.join(lab.instances(dest), sid))
    assert lab.allocation_hosts(sid) == [source]
    assert lab.allocation_hosts(migration['UUID']) == []
    assert lab.audit() == ['0 findings']
    lab.osc('server', 'delete', '--wait', sid)
