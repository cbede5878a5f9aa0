# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""POST /v2/images/{image_id}/actions/deactivate|reactivate (admins): a
deactivated image keeps its bits but no one but an admin may download
them, and no server boots from it, until it is reactivated.

Deactivating a deactivated image, or reactivating an active one, changes
nothing (204); any other status is Glance's 403.
"""
from nova_lite.api.image import images
from nova_lite import exception
from nova_lite.objects import image as image_obj


def _move(req, image_id, verb, source, target):
    image = images.get(req, image_id)
    if image.status == target:
        return 204, None
    if image.status != source:
        raise exception.Forbidden(
            message="Not allowed to %s image in status '%s'"
                    % (verb, image.status))
    images.move_status(image, target, [source])
    return 204, None


def deactivate(req, image_id):
    return _move(req, image_id, 'deactivate', image_obj.ACTIVE,
                 image_obj.DEACTIVATED)


def reactivate(req, image_id):
    return _move(req, image_id, 'reactivate', image_obj.DEACTIVATED,
                 image_obj.ACTIVE)
