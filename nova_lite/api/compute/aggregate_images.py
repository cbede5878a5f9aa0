# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""POST /os-aggregates/{id}/images (2.81): image pre-caching.

The computes of the aggregate's hosts each fetch the images into their
image cache, where guests booted from them later find them. The answer
(202) does not wait for the fetches; the images must exist (400), each
named once (400), and the aggregate too (404).
"""
from nova_lite.api.compute import aggregates as aggregates_api
from nova_lite.api import microversion
from nova_lite.api.schemas import aggregates as schema
from nova_lite.api import validation
from nova_lite import exception
from nova_lite.objects import aggregates
from nova_lite.objects import image as image_obj


def _existing(context, image_ids):
    for image_id in image_ids:
        try:
            image_obj.Image.get_by_id(context, image_id)
        except exception.ImageNotFound:
            raise exception.Invalid(message='Image %s could not be found.'
                                            % image_id)


@microversion.since('2.81')
@validation.schema(schema.cache_images)
@validation.responds(202, None)
def cache(req, aggregate_id):
    image_ids = [entry['id'] for entry in req.body_json()['cache']]
    if len(set(image_ids)) != len(image_ids):
        raise exception.Invalid(message='Duplicate images in request')
    aggregate = aggregates.get(req.context,
                               aggregates_api.aggregate_id_of(aggregate_id))
    _existing(req.context, image_ids)
    req.compute_api.cache_images(req.context, aggregate['hosts'],
                                 image_ids)
    return 202, None


cache.path_schemas = aggregates_api.PATH_SCHEMAS
