# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""What a create request boots from and what it asks of services this
deployment does not run.

Clients name the image twice: ``imageRef``, and a block device mapping
(v2) of that image onto a local disk at boot index 0 (the openstack
client always sends one). That mapping is taken; any other (a volume, a
snapshot, an image onto a volume, a blank disk) needs the block-storage
service, which does not run here: the request says which it asked for.
"""
from nova_lite import exception


def _boots_locally(mapping):
    return (mapping.get('source_type') == 'image' and
            mapping.get('destination_type', 'local') == 'local' and
            str(mapping.get('boot_index')) == '0')


def _refuse(mapping):
    raise exception.Invalid(
        message='Block device mapping from %s to %s needs the '
                'block-storage service, which this deployment does not '
                'have: boot from an image onto a local disk (source_type '
                'image, destination_type local, boot_index 0).' % (
                    mapping.get('source_type', 'a volume'),
                    mapping.get('destination_type', 'local')))


def image_ref(body):
    """The image the request boots from (``imageRef`` or its mapping),
    or None; 400 for a mapping this deployment cannot serve."""
    image = body.get('imageRef') or None
    if body.get('block_device_mapping'):
        _refuse({'source_type': 'volume', 'destination_type': 'volume'})
    for mapping in body.get('block_device_mapping_v2') or ():
        if not _boots_locally(mapping):
            _refuse(mapping)
        mapped = mapping.get('uuid') or mapping.get('image_id')
        if image is not None and mapped != _image_id(image):
            raise exception.Invalid(
                message='The image of the block device mapping (%s) is not '
                        'imageRef (%s).' % (mapped, image))
        image = image or mapped
    return image


def _image_id(image_ref):
    return str(image_ref).rstrip('/').rsplit('/', 1)[-1]
