# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""What a server keeps of the image it is built or rebuilt from: the
image's own properties and its ``min_ram``, ``min_disk`` (at least the
flavor's disk), ``disk_format`` and ``container_format``, each as text,
with ``base_image_ref`` (the image a snapshot was taken of, or this one).

The API shows them from 2.98 as they were when the server took the
image, whatever has become of the image since.
"""

# Properties that describe how to build from the image rather than the
# image itself, and its signature: not kept.
_NOT_KEPT = frozenset(('mappings', 'block_device_mapping', 'bdm_v2',
                       'img_signature', 'img_signature_hash_method',
                       'img_signature_key_type',
                       'img_signature_certificate_uuid'))
_LONGEST = 255


def recorded(image, flavor):
    """{name: text} to keep for a server of ``flavor`` built from
    ``image``."""
    kept = {name: str(value)[:_LONGEST]
            for name, value in (image.properties or {}).items()
            if name not in _NOT_KEPT and value is not None}
    kept['min_ram'] = str(image.min_ram or 0)
    kept['min_disk'] = str(max(image.min_disk or 0, flavor.root_gb))
    for name in ('disk_format', 'container_format'):
        if getattr(image, name, None) is not None:
            kept[name] = getattr(image, name)
    kept.setdefault('base_image_ref', image.id)
    return kept
