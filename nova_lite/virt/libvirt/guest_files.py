# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The files of a real guest, in ``<instances_path>/<instance uuid>/``.

``disk`` is a qcow2 overlay of the cached image (so guests share the
image's bits and write only their own changes), grown to the flavor's
root disk; a machine image (``ami``) with ``kernel_id`` and
``ramdisk_id`` properties boots directly from copies of that kernel and
ramdisk with the image's ``os_command_line``; ``console.log`` receives
the guest's serial console; ``disk.config`` is its config drive, if it
has one. Deleting the directory removes the guest's every file.
"""
import dataclasses
import json
import os
import shutil
import subprocess

from nova_lite import exception
from nova_lite.virt import config_drive
from nova_lite.virt.libvirt import network_data

DEFAULT_COMMAND_LINE = 'root=/dev/vda console=tty0 console=ttyS0'
KERNEL_FORMATS = {'kernel_id': 'aki', 'ramdisk_id': 'ari'}
BOOTABLE_FORMATS = ('ami', 'qcow2', 'raw')
BACKING_FORMATS = {'ami': 'raw', 'raw': 'raw', 'qcow2': 'qcow2'}


@dataclasses.dataclass
class BootFiles:
    directory: str
    disk: str
    console_log: str
    kernel: str = None
    ramdisk: str = None
    command_line: str = None
    config_drive: str = None
    data_disk: str = None


def instance_dir(instances_path, instance):
    return os.path.join(instances_path, instance.uuid)


def console_log(instances_path, instance):
    return os.path.join(instance_dir(instances_path, instance),
                        'console.log')


def _spawn_error(instance, reason):
    return exception.InstanceSpawnError(instance_uuid=instance.uuid,
                                        reason=reason)


def _qemu_img(instance, *args, error=_spawn_error):
    result = subprocess.run(('qemu-img',) + args, capture_output=True,
                            text=True)
    if result.returncode:
        raise error(instance, 'qemu-img %s failed: %s' % (
            args[0], result.stderr.strip()))
    return result.stdout


def _fetch(cache, instance, image_id, what):
    try:
        return cache.fetch(image_id)
    except exception.ImageNotFound:
        raise _spawn_error(instance, '%s (image %s) could not be found' % (
            what, image_id))
    except (exception.ImageNotActive, exception.ImageUnacceptable) as e:
        raise _spawn_error(instance, '%s: %s' % (what, e.format_message()))


def _kernel_files(cache, instance, image, directory):
    """Copies of the image's kernel and ramdisk, and its command line."""
    files = {}
    for prop, disk_format in KERNEL_FORMATS.items():
        image_id = image.get(prop)
        if not image_id:
            continue
        what = 'the %s of image %s' % (prop.split('_')[0], image['id'])
        path, meta = _fetch(cache, instance, image_id, what)
        if meta.get('disk_format') != disk_format:
            raise _spawn_error(instance, '%s, %s, is %s, not %s' % (
                what, image_id, meta.get('disk_format'), disk_format))
        files[prop] = os.path.join(directory, prop.split('_')[0])
        shutil.copyfile(path, files[prop])
    return (files.get('kernel_id'), files.get('ramdisk_id'),
            image.get('os_command_line') or DEFAULT_COMMAND_LINE)


def _disk(instance, base, image, directory):
    """The guest's overlay, at least its flavor's root disk; one that
    exists already (a guest re-created after its domain was lost, or
    moved here) is kept with what the guest wrote, grown if its flavor
    grew."""
    disk = os.path.join(directory, 'disk')
    if not os.path.exists(disk):
        fmt = BACKING_FORMATS[image['disk_format']]
        _qemu_img(instance, 'create', '-q', '-f', 'qcow2', '-b', base,
                  '-F', fmt, disk)
    root_bytes = (instance.root_gb or 0) * 1024 ** 3
    info = json.loads(_qemu_img(instance, 'info', '-U', '--output=json',
                                disk))
    if root_bytes > info['virtual-size']:
        _qemu_img(instance, 'resize', '-q', disk, str(root_bytes))
    return disk


def _config_drive(instance, directory, networks):
    """The drive written afresh (metadata may have changed since the
    last start), if the server has one; a server with vNICs always has
    one, as there is no other way for its guest to learn its addresses."""
    if not instance.config_drive and not instance.vifs:
        return None
    path = os.path.join(directory, 'disk.config')
    config_drive.write(instance, path,
                       network_data.build(instance.vifs, networks))
    return path


def rescue_dir(instances_path, instance):
    return os.path.join(instance_dir(instances_path, instance), 'rescue')


def prepare_rescue(instances_path, cache, instance, image_id, networks):
    """A rescue guest's files (``rescue/``): it boots ``image_id`` on a
    disk of its own, with the server's disk as its second."""
    boot = prepare(instances_path, cache, instance, networks, image_id,
                   directory=rescue_dir(instances_path, instance))
    boot.data_disk = os.path.join(instance_dir(instances_path, instance),
                                  'disk')
    return boot


def remove_rescue(instances_path, instance):
    shutil.rmtree(rescue_dir(instances_path, instance), ignore_errors=True)


def prepare(instances_path, cache, instance, networks, image_id=None,
            directory=None):
    """Fetch what the instance boots from (``image_id``, by default its
    image) and lay its files out (in ``directory``, by default the
    instance's); ``networks`` (fixed_networks.Networks) describe its
    addresses to it."""
    image_id = image_id or instance.image_ref
    if not image_id:
        raise _spawn_error(instance, 'a real hypervisor needs an image to '
                                     'boot from; the server has none')
    base, image = _fetch(cache, instance, image_id,
                         'the image to boot from')
    if image.get('disk_format') not in BOOTABLE_FORMATS:
        raise _spawn_error(instance, 'image %s is %s; boot from one of %s' % (
            image['id'], image.get('disk_format'),
            ', '.join(BOOTABLE_FORMATS)))
    directory = directory or instance_dir(instances_path, instance)
    new = not os.path.exists(directory)
    os.makedirs(directory, exist_ok=True)
    try:
        kernel, ramdisk, command_line = _kernel_files(cache, instance, image,
                                                      directory)
        return BootFiles(
            directory=directory, disk=_disk(instance, base, image, directory),
            console_log=console_log(instances_path, instance),
            kernel=kernel, ramdisk=ramdisk,
            command_line=command_line if kernel else None,
            config_drive=_config_drive(instance, directory, networks))
    except BaseException:
        if new:  # a guest started again keeps what it wrote
            shutil.rmtree(directory, ignore_errors=True)
        raise


def flatten(instance, disk, path):
    """``disk`` and its backing image as one qcow2 at ``path``."""
    _qemu_img(instance, 'convert', '-U', '-f', 'qcow2', '-O', 'qcow2',
              disk, path, error=_snapshot_error)


def _snapshot_error(instance, reason):
    return exception.SnapshotFailed(instance_uuid=instance.uuid,
                                    reason=reason)


def remove(instances_path, instance):
    shutil.rmtree(instance_dir(instances_path, instance), ignore_errors=True)


# A guest moving away (resize, cold migration) keeps its files, set aside
# in ``<uuid>_resize``, until the move is confirmed or reverted.

def set_aside_dir(instances_path, instance):
    return instance_dir(instances_path, instance) + '_resize'


def set_aside(instances_path, instance):
    """The guest's directory moved to its set-aside place (a previous
    attempt's there replaced); that place."""
    aside = set_aside_dir(instances_path, instance)
    shutil.rmtree(aside, ignore_errors=True)
    os.rename(instance_dir(instances_path, instance), aside)
    return aside


def put_back(instances_path, instance):
    """The set-aside files the guest's again (whatever is in its
    directory now goes); False if there were none."""
    aside = set_aside_dir(instances_path, instance)
    if not os.path.isdir(aside):
        return False
    remove(instances_path, instance)
    os.rename(aside, instance_dir(instances_path, instance))
    return True


def remove_set_aside(instances_path, instance):
    shutil.rmtree(set_aside_dir(instances_path, instance),
                  ignore_errors=True)


def copy_disk(source_dir, directory):
    """The disk of ``source_dir`` copied into ``directory`` (made)."""
    os.makedirs(directory, exist_ok=True)
    shutil.copyfile(os.path.join(source_dir, 'disk'),
                    os.path.join(directory, 'disk'))
