# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Builds the demo guest: a Debian kernel and a busybox initramfs.

The kernel comes out of Debian's ``linux-image-amd64`` package and
busybox out of ``busybox-static``; both are downloaded with
``apt-get download`` and unpacked with ``dpkg-deb``, so nothing is
installed on the machine. The initramfs's ``/init`` mounts /proc, /sys
and /dev; if the guest has a config drive it loads the kernel's virtio
and ISO 9660 modules, mounts the drive and prints ``nova-lite guest
<hostname> key <fingerprint>`` from its ``meta_data.json``, sets the
addresses of its ``network_data.json`` on the virtio vNICs with those
MACs (or, for a network service's port, asks its DHCP) and prints
``nova-lite guest <hostname> ip <address>`` for each, and with metadata
``ping=<address>`` pings it and prints ``nova-lite guest <hostname>
reached <address>`` (or ``missed``); it
counts its boots in the first bytes of its disk and prints ``nova-lite
guest boot <count>``, then ``nova-lite guest up`` (on its screen too),
then ``nova-lite guest tick <n>`` every second, so a test can tell by
reading the console log that the guest reached userspace, what it
learned, whether its disk is the one it wrote before, and whether it ran
on without a restart; and it runs a shell on its serial console, for an
interactive console to type into. Built files are kept in the build
directory and reused.
``upload`` puts them into the image service as ``nova-lite-demo`` (a
machine image whose ``kernel_id`` and ``ramdisk_id`` name the other
two).
"""
import glob
import gzip
import hashlib
import os
import shutil
import subprocess
import tempfile

import requests

GUEST_UP = 'nova-lite guest up'
# Printed before GUEST_UP when the guest has a config drive.
GUEST_KEY = 'nova-lite guest %s key %s'
# Printed for each address the config drive gives a vNIC, once set on it.
GUEST_IP = 'nova-lite guest %s ip %s'
# Printed before GUEST_UP with how many times the guest's disk was booted.
GUEST_BOOT = 'nova-lite guest boot'
# Printed every second once up, with a count from 1: a guest that keeps
# counting has run on without a restart (through a live migration).
GUEST_TICK = 'nova-lite guest tick'
COMMAND_LINE = 'console=ttyS0 quiet panic=-1'
# What reading a config drive takes (a virtio disk with ISO 9660 on it),
# each after those it depends on; Debian builds them as modules.
MODULES = ('drivers/virtio/virtio_ring', 'drivers/virtio/virtio',
           'drivers/virtio/virtio_pci_modern_dev',
           'drivers/virtio/virtio_pci_legacy_dev',
           'drivers/virtio/virtio_pci', 'drivers/block/virtio_blk',
           'drivers/cdrom/cdrom', 'fs/isofs/isofs',
           # and what a virtio vNIC takes
           'net/core/failover', 'drivers/net/net_failover',
           'drivers/net/virtio_net')
INIT = """#!/bin/busybox sh
/bin/busybox mkdir -p /proc /sys /dev /mnt/config
/bin/busybox mount -t proc proc /proc
/bin/busybox mount -t sysfs sysfs /sys
/bin/busybox mount -t devtmpfs devtmpfs /dev
/bin/busybox --install -s /bin
for m in %(modules)s; do insmod /lib/modules/$m.ko 2>/dev/null; done
meta=/mnt/config/openstack/latest/meta_data.json
# A second virtio disk (PCI ids 1001, 1042) is the config drive: only
# then wait for it to show up.
disks=$(cat /sys/bus/pci/devices/*/device | grep -c -e 0x1001 -e 0x1042)
[ "$disks" -gt 1 ] && for try in 1 2 3 4 5 6 7 8 9 10; do
  for dev in /dev/vd?; do
    mount -t iso9660 -o ro $dev /mnt/config 2>/dev/null || continue
    [ -f $meta ] && break 2
    umount /mnt/config
  done
  sleep 1
done
if [ -f $meta ]; then
  host=$(sed -n 's/.*"hostname": "\\([^"]*\\)".*/\\1/p' $meta)
  blob=$(sed -n 's/.*"public_keys": {"[^"]*": "[^ "]* \\([^ "]*\\).*/\\1/p' $meta)
  fingerprint=none
  if [ -n "$blob" ]; then
    fingerprint=$(echo "$blob" | base64 -d | md5sum | cut -c1-32 |
                  sed 's/../&:/g; s/:$//')
  fi
  echo "nova-lite guest $host key $fingerprint"
  # network_data.json is one line with sorted keys: cut at the braces,
  # each address's piece names its link, whose piece has the MAC.
  objs=$(tr '{}' '\\n\\n' \\
         < /mnt/config/openstack/latest/network_data.json)
  echo "$objs" | grep '"ip_address"' | while read -r obj; do
    addr=$(echo "$obj" | sed -n 's/.*"ip_address": "\\([^"]*\\)".*/\\1/p')
    mask=$(echo "$obj" | sed -n 's/.*"netmask": "\\([^"]*\\)".*/\\1/p')
    link=$(echo "$obj" | sed -n 's/.*"link": "\\([^"]*\\)".*/\\1/p')
    mac=$(echo "$objs" | grep "\\"id\\": \\"$link\\"" |
          sed -n 's/.*"ethernet_mac_address": "\\([^"]*\\)".*/\\1/p')
    for dev in /sys/class/net/*; do
      [ "$(cat $dev/address)" = "$mac" ] || continue
      ifconfig ${dev##*/} $addr netmask $mask up &&
        echo "nova-lite guest $host ip $addr"
    done
  done
  # A network service's port: its address by DHCP (the lease script
  # sets it and prints it as above).
  export host
  echo "$objs" | grep '"ipv4_dhcp"' | while read -r obj; do
    link=$(echo "$obj" | sed -n 's/.*"link": "\\([^"]*\\)".*/\\1/p')
    mac=$(echo "$objs" | grep "\\"id\\": \\"$link\\"" |
          sed -n 's/.*"ethernet_mac_address": "\\([^"]*\\)".*/\\1/p')
    for dev in /sys/class/net/*; do
      [ "$(cat $dev/address)" = "$mac" ] || continue
      ifconfig ${dev##*/} up
      udhcpc -i ${dev##*/} -n -q -t 10 -s /bin/lease >/dev/null 2>&1
    done
  done
  # Metadata ``ping=<address>``: whether the guest reaches it.
  peer=$(sed -n 's/.*"ping": "\\([^"]*\\)".*/\\1/p' $meta)
  if [ -n "$peer" ]; then
    if ping -c 3 -W 3 $peer >/dev/null 2>&1; then
      echo "nova-lite guest $host reached $peer"
    else
      echo "nova-lite guest $host missed $peer"
    fi
  fi
fi
# The boot count, kept in the first bytes of the guest's own disk: it
# goes on from where it was wherever the disk went.
boots=$(dd if=/dev/vda bs=32 count=1 2>/dev/null | tr -dc 0-9)
boots=$((${boots:-0} + 1))
printf '%%-32s' $boots | dd of=/dev/vda bs=32 count=1 conv=notrunc 2>/dev/null
sync
echo "%(boot)s $boots"
echo "%(up)s"
# The screen says so too: a VNC console shows it.
echo "%(up)s" > /dev/tty0 2>/dev/null
(n=0; while true; do sleep 1; n=$((n + 1)); echo "%(tick)s $n"; done) &
# A shell on the serial console, for whoever connects to it.
while true; do sh; done
""" % {'modules': ' '.join(m.rsplit('/', 1)[1] for m in MODULES),
       'up': GUEST_UP, 'tick': GUEST_TICK, 'boot': GUEST_BOOT}


# udhcpc's script: the lease's address set on the vNIC and printed.
LEASE = """#!/bin/busybox sh
[ "$1" = bound ] || exit 0
ifconfig $interface $ip netmask $subnet up
echo "nova-lite guest $host ip $ip" > /dev/console
"""
# Printed when the guest reached the address its ``ping`` metadata names.
GUEST_REACHED = 'nova-lite guest %s reached %s'


class BuildError(Exception):
    pass


def _run(args, **kwargs):
    result = subprocess.run(args, capture_output=True, **kwargs)
    if result.returncode:
        stderr = result.stderr.decode(errors='replace').strip()
        raise BuildError('%s failed: %s' % (' '.join(args[:2]), (
            stderr.splitlines() or ['no output'])[-1]))
    return result.stdout


def _kernel_package():
    """linux-image-amd64 is a metapackage; its dependency holds the
    kernel (linux-image-6.1.0-NN-amd64)."""
    out = _run(['apt-cache', 'depends', 'linux-image-amd64']).decode()
    for line in out.splitlines():
        name = line.strip().partition('Depends: ')[2]
        if name.startswith('linux-image-'):
            return name
    raise BuildError('apt-cache knows no kernel behind linux-image-amd64 '
                     '(run apt-get update)')


def _download(package, workdir):
    _run(['apt-get', 'download', package], cwd=workdir)
    debs = glob.glob(os.path.join(workdir, '%s_*.deb' % package))
    if not debs:
        raise BuildError('apt-get download %s left no .deb' % package)
    return debs[0]


def _extract(deb, member_glob, workdir):
    """Unpack the members of a .deb that match a glob; their paths."""
    tar = subprocess.Popen(['dpkg-deb', '--fsys-tarfile', deb],
                           stdout=subprocess.PIPE)
    _run(['tar', '-x', '--wildcards', '-C', workdir, member_glob],
         stdin=tar.stdout)
    tar.wait()
    return sorted(glob.glob(os.path.join(workdir, member_glob)))


def _module_paths(build_dir):
    return [os.path.join(build_dir, 'modules', name.rsplit('/', 1)[1] +
                         '.ko') for name in MODULES]


def build_kernel(build_dir):
    """The kernel, and beside it (``modules/``) the modules the
    initramfs loads, from the same package."""
    target = os.path.join(build_dir, 'vmlinuz')
    modules = _module_paths(build_dir)
    if all(os.path.exists(p) for p in [target] + modules):
        return target
    with tempfile.TemporaryDirectory(dir=build_dir) as work:
        deb = _download(_kernel_package(), work)
        kernels = _extract(deb, './boot/vmlinuz-*', work)
        if not kernels:
            raise BuildError('%s holds no /boot/vmlinuz' % deb)
        os.makedirs(os.path.join(build_dir, 'modules'), exist_ok=True)
        for name, path in zip(MODULES, modules):
            found = _extract(deb, './lib/modules/*/kernel/%s.ko' % name,
                             work)
            if not found:
                raise BuildError('%s holds no %s.ko' % (deb, name))
            os.replace(found[0], path)
        os.replace(kernels[0], target)
    return target


def _initramfs_path(build_dir):
    """Named after what /init says, so a changed /init is built afresh."""
    digest = hashlib.sha1(INIT.encode()).hexdigest()[:8]
    return os.path.join(build_dir, 'initramfs-%s.gz' % digest)


def built_files(build_dir):
    """Every file ``build`` leaves in ``build_dir`` (and reuses)."""
    return [os.path.join(build_dir, 'vmlinuz'), _initramfs_path(build_dir),
            os.path.join(build_dir, 'disk.img')] + _module_paths(build_dir)


def busybox(workdir):
    """A static busybox (Debian's busybox-static) unpacked in
    ``workdir``: its path."""
    deb = _download('busybox-static', workdir)
    found = _extract(deb, './bin/busybox', workdir)
    if not found:
        raise BuildError('%s holds no /bin/busybox' % deb)
    return found[0]


def build_initramfs(build_dir):
    """busybox, /init and the kernel's modules."""
    target = _initramfs_path(build_dir)
    if os.path.exists(target):
        return target
    with tempfile.TemporaryDirectory(dir=build_dir) as work:
        root = os.path.join(work, 'root')
        os.makedirs(os.path.join(root, 'bin'))
        os.makedirs(os.path.join(root, 'lib', 'modules'))
        shutil.copy(busybox(work), os.path.join(root, 'bin', 'busybox'))
        for path in _module_paths(build_dir):
            shutil.copy(path, os.path.join(root, 'lib', 'modules'))
        for name, text in (('init', INIT), ('bin/lease', LEASE)):
            with open(os.path.join(root, name), 'w') as f:
                f.write(text)
            os.chmod(os.path.join(root, name), 0o755)
        names = sorted(os.path.relpath(os.path.join(d, n), root)
                       for d, dirs, files in os.walk(root)
                       for n in dirs + files)
        archive = _run(['cpio', '--create', '--format=newc', '--quiet'],
                       cwd=root, input='\n'.join(['.'] + names).encode())
        with gzip.open(target + '.part', 'wb') as f:
            f.write(archive)
        os.replace(target + '.part', target)
    return target


def build_disk(build_dir):
    """The machine image the kernel and ramdisk belong to: an empty
    1 MiB raw disk (the guest runs from its initramfs)."""
    target = os.path.join(build_dir, 'disk.img')
    if not os.path.exists(target):
        with open(target, 'wb') as f:
            f.truncate(1024 * 1024)
    return target


def build(build_dir):
    """{'kernel', 'ramdisk', 'disk'}: paths of the demo's three files."""
    os.makedirs(build_dir, exist_ok=True)
    for tool, package in (('cpio', 'cpio'), ('dpkg-deb', 'dpkg'),
                          ('apt-get', 'apt')):
        if shutil.which(tool) is None:
            raise BuildError('needs %s (apt-get install %s)' % (tool,
                                                                package))
    kernel = build_kernel(build_dir)  # the initramfs takes its modules
    return {'kernel': kernel, 'ramdisk': build_initramfs(build_dir),
            'disk': build_disk(build_dir)}


NAME = 'nova-lite-demo'
PARTS = (('kernel', 'aki', NAME + '-kernel'),
         ('ramdisk', 'ari', NAME + '-ramdisk'))


class Uploader:
    """Uploads through the image API, as a user would."""

    def __init__(self, url, token):
        self.url = url.rstrip('/')
        self.session = requests.Session()
        self.session.headers['X-Auth-Token'] = token

    def _check(self, response, what):
        if response.status_code >= 400:
            raise BuildError('%s: the image API answered %d: %s' % (
                what, response.status_code, response.text.strip()))
        return response

    def delete_named(self, name):
        listed = self._check(self.session.get(
            self.url + '/v2/images', params={'name': name}), 'list')
        for image in listed.json()['images']:
            self._check(self.session.delete(
                self.url + '/v2/images/' + image['id']), 'delete')

    def upload(self, name, path, disk_format, **properties):
        container = (disk_format if disk_format in ('aki', 'ari', 'ami')
                     else 'bare')
        body = dict(properties, name=name, disk_format=disk_format,
                    container_format=container)
        image = self._check(self.session.post(
            self.url + '/v2/images', json=body), 'create %s' % name).json()
        with open(path, 'rb') as f:
            self._check(self.session.put(
                self.url + '/v2/images/%s/file' % image['id'], data=f,
                headers={'Content-Type': 'application/octet-stream'}),
                'upload %s' % name)
        return image['id']


def upload(files, url, token):
    """Upload the demo as ``nova-lite-demo`` (replacing an earlier one);
    the id of the image to boot."""
    uploader = Uploader(url, token)
    for name in [NAME] + [part[2] for part in PARTS]:
        uploader.delete_named(name)
    ids = {key: uploader.upload(name, files[key], fmt)
           for key, fmt, name in PARTS}
    return uploader.upload(NAME, files['disk'], 'ami',
                           kernel_id=ids['kernel'],
                           ramdisk_id=ids['ramdisk'],
                           os_command_line=COMMAND_LINE)


def ticks(console):
    """The counts the guest printed since it last came up, in order."""
    since_up = console.rsplit(GUEST_UP, 1)[-1]
    prefix = GUEST_TICK + ' '
    # A line may begin with the shell's prompt.
    counts = [line.partition(prefix)[2] for line in since_up.splitlines()
              if prefix in line]
    return [int(count) for count in counts if count.isdigit()]
