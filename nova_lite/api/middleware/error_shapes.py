# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Which API's error body a middleware answers with.

The compute and placement pipelines share middleware; a filter's
``errors`` option in api-paste.ini (``compute``, the default,
``placement`` or ``image``) picks Nova's ``{"badRequest": ...}``,
Placement's ``{"errors": [...]}`` or Glance's plain text.
"""
from nova_lite.api import faults
from nova_lite.api.image import router as image_router
from nova_lite.api.placement import errors as placement_errors


def _placement(code, message):
    return placement_errors.response(code, message)


RENDERERS = {'compute': faults.error_response, 'placement': _placement,
             'image': image_router.error_response}


def renderer(local_conf):
    return RENDERERS[local_conf.get('errors', 'compute')]
