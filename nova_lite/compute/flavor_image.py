# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Whether a flavor can hold an image: its memory at least the image's
``min_ram``, its disk at least the image's size and ``min_disk``. Asked
by a create, a rebuild (the server's flavor, the new image) and a resize
(the new flavor, the server's image), before anything changes, as Nova
asks. A flavor with no disk (0 GB) takes the image's size, so its disk
is not held to the image.
"""
from nova_lite import exception

_GIB = 1024 ** 3


def check_fits(flavor, image):
    """FlavorMemoryTooSmall, FlavorDiskSmallerThanImage or
    FlavorDiskSmallerThanMinDisk (400) unless ``flavor`` can hold
    ``image`` (None: no image, nothing to hold)."""
    if image is None:
        return
    if flavor.memory_mb < (image.min_ram or 0):
        raise exception.FlavorMemoryTooSmall()
    disk = flavor.root_gb * _GIB
    if not disk:
        return
    size = image.size or 0
    if size > disk:
        raise exception.FlavorDiskSmallerThanImage(flavor_size=disk,
                                                   image_size=size)
    min_disk = (image.min_disk or 0) * _GIB
    if min_disk > disk:
        raise exception.FlavorDiskSmallerThanMinDisk(
            flavor_size=disk, image_min_disk=min_disk)
