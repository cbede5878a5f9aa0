# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The image record of a server's snapshot, as the image service will
list it before and after the compute uploads its bits.

It is the caller's project's, private, queued; it carries what booting it
again needs from the image the server was booted from (its kernel,
ramdisk and command line, its minimum RAM), the flavor's disk as its
minimum disk, the properties Nova gives a snapshot (``image_type``,
``instance_uuid``, ``base_image_ref``, ``user_id``) and the metadata the
request adds.
"""
from oslo_utils import uuidutils

from nova_lite import exception
from nova_lite.objects import image as image_obj

# What a snapshot keeps of the image it was booted from.
_INHERITED = ('kernel_id', 'ramdisk_id', 'os_command_line', 'os_distro',
              'os_type', 'architecture')


def booted_from(context, instance):
    """The image the server was booted from, if it is still there."""
    if not instance.image_ref:
        return None
    try:
        return image_obj.Image.get_by_id(context.elevated(),
                                         instance.image_ref)
    except exception.ImageNotFound:
        return None


def new(context, instance, name, metadata=None, image_type='snapshot',
        backup_type=None):
    """An Image object, not yet created (a backup's names its
    ``backup_type``)."""
    base = booted_from(context, instance)
    properties = {k: v for k, v in (base.properties if base else {}).items()
                  if k in _INHERITED}
    properties.update(metadata or {})
    properties.update({
        'image_type': image_type, 'instance_uuid': instance.uuid,
        'base_image_ref': instance.image_ref or '',
        'user_id': context.user_id})
    if backup_type is not None:
        properties['backup_type'] = backup_type
    return image_obj.Image(
        context, id=uuidutils.generate_uuid(), name=name, status='queued',
        visibility='private', owner=instance.project_id,
        min_disk=instance.root_gb or 0,
        min_ram=base.min_ram if base else 0, protected=False,
        os_hidden=False, properties=properties, tags=[])
