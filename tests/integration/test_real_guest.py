# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""A real guest on a libvirtd of the test's own (QEMU software
emulation).

The libvirtd is a private one (``nova_lite_tools.private_libvirtd``: its
own configuration, state and socket; the machine's libvirtd is neither
started nor changed), the demo image is built and uploaded through the
image API (as ``make demo-image`` does), and the all-in-one runs one
compute on it. The guest must print ``nova-lite guest up`` on its
serial console, which os-getConsoleOutput returns; a delete must leave
no domain and no file. Bad images and a libvirtd that cannot be reached
end the server in ERROR with a fault that says which, leaving nothing.
"""
import io
import json
import os
import re
import signal
import subprocess
import time
import uuid

from xml.etree import ElementTree as ET

import libvirt
import pycdlib
import requests

from nova_lite import conf as nl_conf
from nova_lite.resources.vietstack import conf as vietstack_conf
from nova_lite.virt.libvirt import tc_shaping
from nova_lite_tools import demo_image
from tests.integration import conftest

CONF = nl_conf.CONF

HOST = conftest.REAL_HOST
# The prompt of the shell on the demo guest's serial console.
_PROMPT = '/ # '


def _boot(aio, image_id):
    status, body = aio.client.post('/servers', {'server': {
        'name': 'guest', 'flavorRef': 'demo', 'imageRef': image_id}})
    assert status == 202, body
    return body['server']['id']


def _console(aio, server_id):
    status, body = aio.client.post('/servers/%s/action' % server_id,
                                   {'os-getConsoleOutput': {}})
    assert status == 200, body
    return body['output']


def _wait_for_console(aio, server_id, count=1, timeout=180):
    deadline = time.monotonic() + timeout
    while _console(aio, server_id).count(demo_image.GUEST_UP) < count:
        assert time.monotonic() < deadline, _console(aio, server_id)
        time.sleep(0.5)


def _domain(conn, server_id):
    try:
        return conn.lookupByUUIDString(server_id)
    except libvirt.libvirtError as e:
        assert e.get_error_code() == libvirt.VIR_ERR_NO_DOMAIN
        return None


def _wait_gone(aio, server_id, timeout=60):
    deadline = time.monotonic() + timeout
    while aio.client.get('/servers/%s' % server_id)[0] != 404:
        assert time.monotonic() < deadline
        time.sleep(0.2)


def _instance_dir(aio, server_id):
    return os.path.join(aio.conf.libvirt.instances_path, server_id)


def test_the_demo_guest_boots_reports_up_and_leaves_nothing(
        real_aio, libvirtd, demo_files):
    aio = real_aio()
    image_id = demo_image.upload(demo_files, aio.image_url, 'admin:admin')
    server_id = _boot(aio, image_id)
    server = aio.client.wait_server(server_id, ('ACTIVE',), timeout=120,
                                    settled=True)
    assert server['OS-EXT-SRV-ATTR:host'] == HOST
    _wait_for_console(aio, server_id)

    dom = _domain(libvirtd, server_id)
    assert dom.isActive()
    assert dom.name() == server['OS-EXT-SRV-ATTR:instance_name'] == (
        'nl-test-' + server_id)
    xml = dom.XMLDesc()
    assert 'http://nova-lite.dev/xmlns/libvirt/instance/1.0' in xml
    assert '<nova_lite:flavor name="demo">' in xml
    assert os.path.exists(os.path.join(_instance_dir(aio, server_id),
                                       'console.log'))

    aio.client.post('/servers/%s/action' % server_id, {'os-stop': None})
    aio.client.wait_server(server_id, ('SHUTOFF',), timeout=60, settled=True)
    assert not dom.isActive()
    aio.client.post('/servers/%s/action' % server_id, {'os-start': None})
    aio.client.wait_server(server_id, ('ACTIVE',), timeout=60, settled=True)
    _wait_for_console(aio, server_id, count=2)
    # The same disk booted a second time; the last lines are the guest's
    # count since it came up again.
    console = _console(aio, server_id)
    assert demo_image.GUEST_BOOT + ' 2' in console
    tail = aio.client.post('/servers/%s/action' % server_id, {
        'os-getConsoleOutput': {'length': 1}})[1]['output']
    # One line: the last, after the shell's prompt (and its terminal
    # query) if it is on it.
    assert tail.count('\n') <= 1
    tail = re.sub(r'\x1b\[[0-9;]*[A-Za-z]', '', tail)
    assert tail.rstrip('\n').rpartition(_PROMPT)[2].strip() in (
        '', demo_image.GUEST_UP) + tuple(
        '%s %d' % (demo_image.GUEST_TICK, n) for n in range(1, 60))

    assert aio.client.delete('/servers/%s' % server_id)[0] == 204
    _wait_gone(aio, server_id)
    assert _domain(libvirtd, server_id) is None
    assert not os.path.exists(_instance_dir(aio, server_id))


def test_the_guest_reads_its_config_drive(real_aio, libvirtd, demo_files,
                                          tmp_path):
    """A key pair and a config drive: the demo guest mounts the drive
    and prints its hostname and the key's fingerprint, as ssh-keygen
    computes it, on the console."""
    aio = real_aio()
    image_id = demo_image.upload(demo_files, aio.image_url, 'admin:admin')
    subprocess.run(['ssh-keygen', '-q', '-t', 'ed25519', '-N', '', '-f',
                    str(tmp_path / 'id')], check=True)
    public_key = (tmp_path / 'id.pub').read_text()
    fingerprint = subprocess.run(
        ['ssh-keygen', '-l', '-E', 'md5', '-f', str(tmp_path / 'id.pub')],
        capture_output=True, text=True, check=True).stdout.split()[1][4:]
    assert aio.client.post('/os-keypairs', {'keypair': {
        'name': 'k', 'public_key': public_key}})[0] == 200
    status, body = aio.client.post('/servers', {'server': {
        'name': 'Drive Guest', 'flavorRef': 'demo', 'imageRef': image_id,
        'key_name': 'k', 'config_drive': True,
        'metadata': {'role': 'demo'},
        'user_data': 'IyEvYmluL3NoCg=='}})
    assert status == 202, body
    server_id = body['server']['id']
    aio.client.wait_server(server_id, ('ACTIVE',), timeout=120,
                           settled=True)
    _wait_for_console(aio, server_id)
    assert demo_image.GUEST_KEY % ('drive-guest', fingerprint) in _console(
        aio, server_id)
    drive = pycdlib.PyCdlib()
    drive.open(os.path.join(_instance_dir(aio, server_id), 'disk.config'))
    user_data = io.BytesIO()
    drive.get_file_from_iso_fp(user_data,
                               rr_path='/openstack/latest/user_data')
    drive.close()
    assert user_data.getvalue() == b'#!/bin/sh\n'
    assert aio.client.delete('/servers/%s' % server_id)[0] == 204
    _wait_gone(aio, server_id)
    assert not os.path.exists(_instance_dir(aio, server_id))


def _tc(*args):
    return subprocess.run(['tc'] + list(args), capture_output=True,
                          text=True).stdout


def _domiftune(uri, dom, tap):
    out = subprocess.run(['virsh', '-c', uri, 'domiftune', dom.name(), tap],
                         capture_output=True, text=True, check=True).stdout
    return {key.strip(): int(value) for key, value in
            (line.split(':') for line in out.splitlines() if ':' in line)}


def test_vietstack_vnics_are_shaped_taps_on_the_physnet_bridges(
        real_aio, libvirtd, private_libvirtd, demo_files, overrides):
    """Two VietStack vNICs: each a tap on its physical network's bridge
    with the MAC the API shows, shaped by libvirt to the claimed rates
    (kbit/s / 8 = libvirt's kilobytes per second, which tc enforces as
    the claimed kbit/s), with its size as virtio queues; the guest sets
    the addresses the config drive gives and prints them; the delete
    removes the taps."""
    vietstack_conf.register_opts(CONF)
    overrides('nic', [
        'host=%s, name=eth0, physical_network=physnet1, rate=1000000, '
        'size=16' % HOST,
        'host=%s, name=eth1, physical_network=physnet2, rate=1000000, '
        'size=16' % HOST], group='vietstack')
    aio = real_aio()
    aio.client.create_flavor('shaped', ram=256, disk=1, flavor_id='shaped',
                             extra_specs={
                                 'vietstack:vnics': '2',
                                 'vietstack:vnic0:physical_network':
                                     'physnet1',
                                 'vietstack:vnic0:inbound:rate': '16000',
                                 'vietstack:vnic0:outbound:rate': '8000',
                                 'vietstack:vnic0:inbound:size': '2',
                                 'vietstack:vnic1:physical_network':
                                     'physnet2',
                                 'vietstack:vnic1:outbound:rate': '800'})
    image_id = demo_image.upload(demo_files, aio.image_url, 'admin:admin')
    status, body = aio.client.post('/servers', {'server': {
        'name': 'shaped', 'flavorRef': 'shaped', 'imageRef': image_id,
        'networks': 'auto'}}, headers={'OpenStack-API-Version':
                                       'compute 2.37'})
    assert status == 202, body
    server_id = body['server']['id']
    server = aio.client.wait_server(server_id, ('ACTIVE',), timeout=120,
                                    settled=True)
    (private,) = server['addresses']['private']
    (backend,) = server['addresses']['backend']
    _wait_for_console(aio, server_id)
    console = _console(aio, server_id)
    for address in (private, backend):
        assert demo_image.GUEST_IP % ('shaped', address['addr']) in console

    dom = _domain(libvirtd, server_id)
    interfaces = ET.fromstring(dom.XMLDesc()).findall('./devices/interface')
    taps = [i.find('target').get('dev') for i in interfaces]
    assert [i.find('mac').get('address') for i in interfaces] == [
        private['OS-EXT-IPS-MAC:mac_addr'], backend['OS-EXT-IPS-MAC:mac_addr']]
    assert [os.path.basename(os.readlink('/sys/class/net/%s/master' % tap))
            for tap in taps] == ['nlbr-physnet1', 'nlbr-physnet2']
    for bridge in ('nlbr-physnet1', 'nlbr-physnet2'):
        # No address and no route: the bridge leads nowhere but the guests.
        for family in ('-4', '-6'):
            for what in (('addr',), ('route',)):
                assert subprocess.run(
                    ['ip', family] + list(what) + ['show', 'dev', bridge],
                    capture_output=True, text=True,
                    check=True).stdout == '', (family, what, bridge)
    assert interfaces[0].find('driver').get('queues') == '2'
    # Into the guest 16000 kbit/s (libvirt: 2000 kB/s), out of it 8000.
    assert 'rate 16Mbit' in _tc('class', 'show', 'dev', taps[0])
    driver = aio.services[-1].manager.driver
    first, second = (_domiftune(private_libvirtd.uri, dom, tap)
                     for tap in taps)
    if driver.compute_shapes:
        # This kernel lacks what libvirt's <bandwidth> needs (the probe
        # says so): the compute shaped the taps, the guest's outbound
        # traffic through an IFB device.
        assert not tc_shaping.libvirt_can_shape()
        assert first['inbound.average'] == first['outbound.average'] == 0
        assert 'rate 8Mbit' in _tc('class', 'show', 'dev',
                                   'ifb' + taps[0][3:])
        assert 'rate 800Kbit' in _tc('class', 'show', 'dev',
                                     'ifb' + taps[1][3:])
    else:
        assert (first['inbound.average'], first['outbound.average']) == (
            2000, 1000)
        assert (second['inbound.average'], second['outbound.average']) == (
            0, 100)
        assert 'rate 8Mbit' in _tc('filter', 'show', 'dev', taps[0],
                                   'parent', 'ffff:')

    assert aio.client.delete('/servers/%s' % server_id)[0] == 204
    _wait_gone(aio, server_id)
    assert [device for tap in taps for device in (tap, 'ifb' + tap[3:])
            if os.path.exists('/sys/class/net/%s' % device)] == []


def test_a_qcow2_image_gets_a_copy_on_write_disk_of_the_flavors_size(
        real_aio, libvirtd, tmp_path):
    """No kernel: the guest boots its disk, a qcow2 overlay of the cached
    image (this one holds no system, so the firmware finds nothing to
    boot; the server is ACTIVE all the same)."""
    aio = real_aio()
    image_file = tmp_path / 'blank.qcow2'
    subprocess.run(['qemu-img', 'create', '-q', '-f', 'qcow2',
                    str(image_file), '64M'], check=True)
    image_id = _upload(aio, 'blank', image_file.read_bytes(), 'qcow2')
    server_id = _boot(aio, image_id)
    aio.client.wait_server(server_id, ('ACTIVE',), timeout=120, settled=True)
    disk = os.path.join(_instance_dir(aio, server_id), 'disk')
    info = json.loads(subprocess.run(
        ['qemu-img', 'info', '-U', '--output=json', disk], check=True,
        capture_output=True, text=True).stdout)
    assert info['format'] == 'qcow2'
    assert info['backing-filename'] == os.path.join(
        aio.conf.libvirt.instances_path, '_base', image_id)
    assert info['backing-filename-format'] == 'qcow2'
    assert info['virtual-size'] == 1024 ** 3  # the flavor's 1 GB
    xml = _domain(libvirtd, server_id).XMLDesc()
    assert "<boot dev='hd'/>" in xml and '<kernel>' not in xml
    assert aio.client.delete('/servers/%s' % server_id)[0] == 204
    _wait_gone(aio, server_id)
    assert not os.path.exists(_instance_dir(aio, server_id))


def _upload(aio, name, data, disk_format, **properties):
    uploader = demo_image.Uploader(aio.image_url, 'admin:admin')
    path = os.path.join(aio.conf.state_path, name)
    with open(path, 'wb') as f:
        f.write(data)
    return uploader.upload(name, path, disk_format, **properties)


def _assert_failed_leaving_nothing(aio, conn, server_id, *fragments):
    server = aio.client.wait_server(server_id, ('ERROR',), timeout=120,
                                    settled=True)
    for fragment in fragments:
        assert fragment in server['fault']['message'], server['fault']
    assert _domain(conn, server_id) is None
    assert not os.path.exists(_instance_dir(aio, server_id))
    usage = aio.placement_client.get('/allocations/%s' % server_id)[1]
    assert usage['allocations'] == {}


def test_bad_images_end_in_error_with_a_fault_that_says_which(
        real_aio, libvirtd, demo_files):
    aio = real_aio()
    missing = str(uuid.uuid4())
    no_kernel = _upload(aio, 'no-kernel', b'\0' * 512, 'ami',
                        kernel_id=missing)
    server_id = _boot(aio, no_kernel)
    _assert_failed_leaving_nothing(
        aio, libvirtd, server_id, 'the kernel of image %s (image %s) could '
        'not be found' % (no_kernel, missing))

    # QEMU cannot load an empty kernel: the guest fails to start.
    empty = _upload(aio, 'empty-kernel', b'', 'aki')
    bad_kernel = _upload(aio, 'bad-kernel', b'\0' * 512, 'ami',
                         kernel_id=empty)
    server_id = _boot(aio, bad_kernel)
    _assert_failed_leaving_nothing(aio, libvirtd, server_id,
                                   'could not load kernel')

    queued = demo_image.Uploader(aio.image_url, 'admin:admin').session.post(
        aio.image_url + '/v2/images', json={
            'name': 'queued-kernel', 'disk_format': 'aki',
            'container_format': 'aki'}).json()['id']
    waiting_kernel = _upload(aio, 'waiting-kernel', b'\0' * 512, 'ami',
                             kernel_id=queued)
    server_id = _boot(aio, waiting_kernel)
    _assert_failed_leaving_nothing(aio, libvirtd, server_id,
                                   'Image %s is not active.' % queued)

    kernel_only = _upload(aio, 'just-a-kernel', b'\0' * 512, 'aki')
    server_id = _boot(aio, kernel_only)
    _assert_failed_leaving_nothing(aio, libvirtd, server_id,
                                   'image %s is aki' % kernel_only)


def test_a_libvirtd_that_cannot_be_reached_fails_the_boot(
        real_aio, libvirtd, private_libvirtd, demo_files, tmp_path):
    """The compute reaches libvirtd through a socket forwarder; with the
    forwarder gone, the next boot cannot reach libvirtd."""
    socket = str(tmp_path / 'libvirt-sock')
    forwarder = subprocess.Popen(
        ['socat', 'UNIX-LISTEN:%s,fork' % socket,
         'UNIX-CONNECT:%s' % private_libvirtd.socket],
        start_new_session=True)
    try:
        deadline = time.monotonic() + 10
        while not os.path.exists(socket):
            assert time.monotonic() < deadline
            time.sleep(0.05)
        aio = real_aio('qemu+unix:///system?socket=%s' % socket)
        image_id = demo_image.upload(demo_files, aio.image_url,
                                     'admin:admin')
    finally:
        os.killpg(forwarder.pid, signal.SIGKILL)
        forwarder.wait()
    if os.path.exists(socket):
        os.remove(socket)
    server_id = _boot(aio, image_id)
    _assert_failed_leaving_nothing(aio, libvirtd, server_id, 'libvirt')
    assert requests.get(aio.image_url + '/v2/images/' + image_id,
                        headers={'X-Auth-Token': 'admin:admin'}).json()[
        'status'] == 'active'


def _define(conn, name, metadata=''):
    return conn.defineXML(
        "<domain type='qemu'><name>%s</name><uuid>%s</uuid>"
        "<metadata>%s</metadata><memory unit='MiB'>64</memory>"
        "<os><type>hvm</type></os></domain>" % (name, uuid.uuid4(),
                                                metadata))


def test_guests_that_are_not_this_computes_are_left_alone(real_aio,
                                                          libvirtd):
    """On a shared libvirtd a compute removes only its own leftovers."""
    foreign = _define(libvirtd, 'nl-test-foreign-%s' % uuid.uuid4().hex[:8])
    other = _define(
        libvirtd, 'nl-test-other-%s' % uuid.uuid4().hex[:8],
        '<nova_lite:instance xmlns:nova_lite="http://nova-lite.dev/xmlns/'
        'libvirt/instance/1.0"><nova_lite:host>another-host</nova_lite:host>'
        '</nova_lite:instance>')
    try:
        aio = real_aio()
        summary = [svc.manager.last_reconcile for svc in aio.services
                   if getattr(svc.manager, 'last_reconcile', None)]
        assert [s['removed'] for s in summary] == [0]
        for dom in (foreign, other):
            assert _domain(libvirtd, dom.UUIDString()) is not None
    finally:
        foreign.undefine()
        other.undefine()


def _act(aio, server_id, action):
    status, body = aio.client.post('/servers/%s/action' % server_id,
                                   action)
    assert status in (200, 202), body
    return body


def test_the_lifecycle_actions_on_a_real_guest(real_aio, libvirtd,
                                               demo_files):
    """pause, suspend, rescue, createImage (whose image boots), shelve
    and unshelve (offloaded: the guest built again from its image) and
    rebuild, each seen in libvirt and on the guest's console."""
    aio = real_aio()
    image_id = demo_image.upload(demo_files, aio.image_url, 'admin:admin')
    server_id = _boot(aio, image_id)
    aio.client.wait_server(server_id, ('ACTIVE',), timeout=120, settled=True)
    _wait_for_console(aio, server_id)
    dom = _domain(libvirtd, server_id)
    diagnostics = aio.client.get(
        '/servers/%s/diagnostics' % server_id,
        headers={'OpenStack-API-Version': 'compute 2.48'})[1]
    # Its disk and the config drive that tells it its address.
    assert (diagnostics['state'], diagnostics['hypervisor'],
            diagnostics['num_disks']) == ('running', 'qemu', 2)
    assert diagnostics['cpu_details'][0]['time'] > 0
    assert diagnostics['num_nics'] == len(diagnostics['nic_details']) == 1
    assert diagnostics['nic_details'][0]['rx_packets'] > 0  # its DHCP
    flat = aio.client.get(
        '/servers/%s/diagnostics' % server_id,
        headers={'OpenStack-API-Version': 'compute 2.47'})[1]
    assert {'cpu0_time', 'memory', 'memory-actual', 'vda_read',
            'vda_errors', 'vdb_read'} <= set(flat), flat
    assert [key for key in flat if key.endswith('_tx_packets')], flat

    _act(aio, server_id, {'pause': None})
    aio.client.wait_server(server_id, ('PAUSED',), timeout=60, settled=True)
    assert dom.state()[0] == libvirt.VIR_DOMAIN_PAUSED
    _act(aio, server_id, {'unpause': None})
    aio.client.wait_server(server_id, ('ACTIVE',), timeout=60, settled=True)
    _act(aio, server_id, {'suspend': None})
    aio.client.wait_server(server_id, ('SUSPENDED',), timeout=60,
                           settled=True)
    assert dom.hasManagedSaveImage(0)
    _act(aio, server_id, {'resume': None})
    aio.client.wait_server(server_id, ('ACTIVE',), timeout=60, settled=True)
    assert dom.isActive() and not dom.hasManagedSaveImage(0)

    _act(aio, server_id, {'rescue': None})
    aio.client.wait_server(server_id, ('RESCUE',), timeout=60, settled=True)
    rescue_xml = _domain(libvirtd, server_id).XMLDesc()
    assert 'rescue/disk' in rescue_xml and "dev='vdb'" in rescue_xml
    _wait_for_console(aio, server_id, count=2)
    _act(aio, server_id, {'unrescue': None})
    aio.client.wait_server(server_id, ('ACTIVE',), timeout=60, settled=True)
    assert 'rescue/' not in _domain(libvirtd, server_id).XMLDesc()
    _wait_for_console(aio, server_id, count=3)

    snapshot = aio.client.post(
        '/servers/%s/action' % server_id, {'createImage': {'name': 'snap'}},
        headers={'OpenStack-API-Version': 'compute 2.45'})[1]['image_id']
    aio.client.wait_server(server_id, ('ACTIVE',), timeout=120,
                           settled=True)
    image = requests.get(aio.image_url + '/v2/images/%s' % snapshot,
                         headers={'X-Auth-Token': 'admin:admin'}).json()
    assert (image['status'], image['disk_format']) == ('active', 'qcow2')
    assert image['kernel_id'] and image['ramdisk_id']
    again = _boot(aio, snapshot)
    aio.client.wait_server(again, ('ACTIVE',), timeout=120, settled=True)
    _wait_for_console(aio, again)

    _act(aio, server_id, {'shelve': None})
    aio.client.wait_server(server_id, ('SHELVED_OFFLOADED',), timeout=120,
                           settled=True)
    assert _domain(libvirtd, server_id) is None
    assert not os.path.exists(_instance_dir(aio, server_id))
    _act(aio, server_id, {'unshelve': None})
    aio.client.wait_server(server_id, ('ACTIVE',), timeout=120,
                           settled=True)
    _wait_for_console(aio, server_id)

    _act(aio, server_id, {'rebuild': {'imageRef': snapshot}})
    shown = aio.client.wait_server(server_id, ('ACTIVE',), timeout=120,
                                   settled=True)
    assert shown['image']['id'] == snapshot
    _wait_for_console(aio, server_id)

    for sid in (server_id, again):
        assert aio.client.delete('/servers/%s' % sid)[0] == 204
        _wait_gone(aio, sid)
        assert _domain(libvirtd, sid) is None
