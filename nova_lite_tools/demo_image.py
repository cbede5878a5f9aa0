"""Builds the demo guest: a Debian kernel and a busybox initramfs.

The kernel comes out of Debian's ``linux-image-amd64`` package and
busybox out of ``busybox-static``; both are downloaded with
``apt-get download`` and unpacked with ``dpkg-deb``, so nothing is
installed on the machine. The initramfs's ``/init`` mounts /proc, /sys
and /dev, prints ``nova-lite guest up`` on the serial console and then
waits, so a test can tell the guest reached userspace by reading the
console log. Built files are kept in the build directory and reused.
``upload`` puts them into the image service as ``nova-lite-demo`` (a
machine image whose ``kernel_id`` and ``ramdisk_id`` name the other
two).
"""
import glob
import gzip
import os
import shutil
import subprocess
import tempfile

import requests

GUEST_UP = 'nova-lite guest up'
COMMAND_LINE = 'console=ttyS0 quiet panic=-1'
INIT = """#!/bin/busybox sh
/bin/busybox mkdir -p /proc /sys /dev
/bin/busybox mount -t proc proc /proc
/bin/busybox mount -t sysfs sysfs /sys
/bin/busybox mount -t devtmpfs devtmpfs /dev
/bin/busybox --install -s /bin
echo "%s"
while true; do /bin/busybox sleep 3600; done
""" % GUEST_UP


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


def build_kernel(build_dir):
    target = os.path.join(build_dir, 'vmlinuz')
    if os.path.exists(target):
        return target
    with tempfile.TemporaryDirectory(dir=build_dir) as work:
        deb = _download(_kernel_package(), work)
        kernels = _extract(deb, './boot/vmlinuz-*', work)
        if not kernels:
            raise BuildError('%s holds no /boot/vmlinuz' % deb)
        os.replace(kernels[0], target)
    return target


def build_initramfs(build_dir):
    target = os.path.join(build_dir, 'initramfs.gz')
    if os.path.exists(target):
        return target
    with tempfile.TemporaryDirectory(dir=build_dir) as work:
        deb = _download('busybox-static', work)
        busybox = _extract(deb, './bin/busybox', work)
        if not busybox:
            raise BuildError('%s holds no /bin/busybox' % deb)
        root = os.path.join(work, 'root')
        os.makedirs(os.path.join(root, 'bin'))
        shutil.copy(busybox[0], os.path.join(root, 'bin', 'busybox'))
        with open(os.path.join(root, 'init'), 'w') as f:
            f.write(INIT)
        os.chmod(os.path.join(root, 'init'), 0o755)
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
    return {'kernel': build_kernel(build_dir),
            'ramdisk': build_initramfs(build_dir),
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
