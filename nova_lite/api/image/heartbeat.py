# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""A transfer's heartbeat: while data is written into an image (an upload,
a stage, an import) its record is touched every few seconds, so that a
sweep can tell a live transfer from one whose process died."""
import time

from oslo_utils import timeutils

# Seconds between two beats.
EVERY = 5


def every(touch):
    """A progress callback (it takes the size so far) that calls
    ``touch()`` at most every ``EVERY`` seconds."""
    last = [time.monotonic()]

    def beat(_size):
        if time.monotonic() - last[0] >= EVERY:
            last[0] = time.monotonic()
            touch()
    return beat


def of_image(image, status):
    """Touches ``image`` while it is ``status`` (ImageStatusConflict, which
    ends the transfer, once it is not)."""
    def touch():
        image.updated_at = timeutils.utcnow()
        image.save(expected_status=[status])
    return every(touch)
