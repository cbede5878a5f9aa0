# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""PUT and DELETE /v2/images/{image_id}/tags/{tag}, as Glance serves them.

The request body is ignored. A tag is added once however often it is put;
an image holds at most 128 tags of at most 255 characters each (the limits
of the image schema's ``tags``).
"""
from nova_lite.api.image import images
from nova_lite.api.image import schemas
from nova_lite import exception


def add(req, image_id, tag):
    image = images.get_own(req, image_id)
    limit = schemas.ATTRIBUTES['tags']['items']['maxLength']
    if len(tag) > limit:
        raise exception.ValidationError(
            detail="Provided object does not match schema 'image': '%s' is "
                   "too long (more than %d characters)" % (tag[:64], limit))
    if tag in image.tags:
        return 204, None
    if len(image.tags) >= schemas.ATTRIBUTES['tags']['maxItems']:
        raise exception.ImageTagLimitExceeded(
            limit=schemas.ATTRIBUTES['tags']['maxItems'])
    image.tags = list(image.tags) + [tag]
    image.save()
    return 204, None


def delete(req, image_id, tag):
    image = images.get_own(req, image_id)
    if tag not in image.tags:
        raise exception.NotFound(message='Tag %s not found.' % tag)
    image.tags = [t for t in image.tags if t != tag]
    image.save()
    return 204, None
