# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""What a server's and an image's metadata routes share: one item read,
one item of a PUT .../metadata/{key} body, which must name the key of its
URI, and how many items the caller's project may give one (``[quota]
metadata_items``)."""
from nova_lite import exception
from nova_lite.objects import quotas


def limit(req):
    """The project's limit of metadata items; None when unlimited."""
    allowed = quotas.own_limit(req.conf, req.context, 'metadata_items')
    return None if allowed < 0 else allowed


def item(metadata, key):
    """The ``meta`` answer for ``key`` (404 if there is none)."""
    if key not in metadata:
        raise exception.MetadataItemNotFound()
    return {'meta': {key: metadata[key]}}


def sent_for(req, key):
    """The body's one item, which must be ``key``'s (400 otherwise)."""
    meta = req.body_json()['meta']
    if key not in meta:
        raise exception.ValidationError(detail='Request body and URI '
                                               'mismatch')
    return meta
