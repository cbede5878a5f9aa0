# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The images a compute host has fetched, kept under
``<instances_path>/_base``: one file per image id, fetched once and
shared by every guest booted from it (their disks are copy-on-write
overlays of it), fetched again only if its file is gone."""
import os

from nova_lite.concurrency import named_locks
from nova_lite import exception

ACTIVE = 'active'


class ImageCache:

    def __init__(self, base_dir, client):
        self.base_dir = base_dir
        self.client = client
        self._locks = named_locks.NamedLocks()

    def fetch(self, image_id):
        """(path of the image's bits on this host, its metadata)."""
        image = self.client.show(image_id)
        if image.get('status') != ACTIVE:
            raise exception.ImageNotActive(image_id=image_id)
        path = os.path.join(self.base_dir, image_id)
        with self._locks.get(image_id):
            if not os.path.exists(path):
                os.makedirs(self.base_dir, exist_ok=True)
                self.client.download(image, path)
        return path, image

    def cache(self, image_id):
        """Fetch the image ahead of use: True if fetched now, False if
        its file was there already."""
        there = os.path.exists(os.path.join(self.base_dir, image_id))
        self.fetch(image_id)
        return not there
