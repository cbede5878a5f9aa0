# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""A guest's disk into the image service, and images a server's work made
or no longer needs out of it: what snapshots, backups, shelving and the
restart's clean-up share.

The image API client is made on first use, from the config of that
moment (a compute that never snapshots never reaches the image API).
"""
import os

from oslo_log import log as logging

from nova_lite.objects import image as image_obj
from nova_lite.virt import image_client

LOG = logging.getLogger(__name__)


class GuestImages:

    def __init__(self, conf, driver):
        self.conf = conf
        self.driver = driver
        self._client = None

    @property
    def client(self):
        if self._client is None:
            self._client = image_client.ImageClient(self.conf)
        return self._client

    def upload_snapshot(self, instance, image_id):
        """The guest's disk, as the driver snapshots it, into the image
        the API made for it (its file here removed either way)."""
        directory = os.path.join(self.conf.state_path, 'snapshots')
        os.makedirs(directory, exist_ok=True)
        path = os.path.join(directory, image_id)
        try:
            disk_format = self.driver.snapshot(instance, path)
            self.client.upload(image_id, path, disk_format)
        finally:
            if os.path.exists(path):
                os.remove(path)

    def discard(self, image_id):
        self.client.discard(image_id)

    def rotate_backups(self, context, instance, backup_type, rotation):
        """The server's backups of ``backup_type`` beyond the ``rotation``
        newest removed."""
        backups = [i for i in image_obj.ImageList.get_all(
            context.elevated(), {'owner': instance.project_id},
            sort_key='created_at', sort_dir='desc')
            if i.properties.get('image_type') == 'backup' and
            i.properties.get('instance_uuid') == instance.uuid and
            i.properties.get('backup_type') == backup_type]
        for image in backups[rotation:]:
            LOG.info('rotating out backup %s of %s', image.id, instance.uuid)
            self.discard(image.id)

    def discard_unfilled(self, context, instance):
        """The server's snapshots and backups never given their bits (a
        snapshot cut off by a restart)."""
        for image in image_obj.ImageList.get_all(
                context, {'status': 'queued', 'owner': instance.project_id}):
            if (image.properties.get('instance_uuid') == instance.uuid and
                    image.properties.get('image_type') in ('snapshot',
                                                           'backup')):
                self.discard(image.id)
