# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Snapshots and backups of a server's guest into images the API made.

The guest's disk goes into the image; a backup then rotates the server's
older backups of its type out, before the task ends (once the server
shows no task, its backups are rotated). If the upload fails, the image
goes, and the server is as it was.
"""
from oslo_log import log as logging

from nova_lite.compute import operations
from nova_lite.notifications import events
from nova_lite.objects import fields

LOG = logging.getLogger(__name__)


class Snapshots:

    def __init__(self, conf, operations, images):
        self.conf = conf
        self.operations = operations
        self.images = images

    def snapshot(self, context, instance, image_id):
        self._snapshot(context, instance, image_id,
                       fields.TaskState.IMAGE_SNAPSHOT,
                       'compute_snapshot_instance')

    def backup(self, context, instance, image_id, backup_type, rotation):
        self._snapshot(context, instance, image_id,
                       fields.TaskState.IMAGE_BACKUP,
                       'compute_backup_instance',
                       then=lambda: self.images.rotate_backups(
                           context, instance, backup_type, rotation))

    def _snapshot(self, context, instance, image_id, task_state, event,
                  then=None):
        """Upload the guest's disk into the image; ``then`` runs once it
        is there, before the task ends (its failure is the step's)."""
        with self.operations.recorded(context, instance, event) as outcome:
            if not operations.still_asked(context, instance, task_state):
                return
            self._notify(context, instance, 'start', image_id)
            with operations.failure_noted(outcome, 'snapshot into image %s'
                                          % image_id, instance,
                                          self.operations.host):
                self.images.upload_snapshot(instance, image_id)
            if outcome.error is not None:
                self.images.discard(image_id)
            elif then is not None:
                with operations.failure_noted(outcome, 'what follows the '
                                              'snapshot', instance,
                                              self.operations.host):
                    then()
            operations.end_task(instance, task_state)
            self._notify(context, instance,
                         'error' if outcome.error else 'end', image_id,
                         outcome.error)

    def _notify(self, context, instance, phase, image_id, error=None):
        """``instance.snapshot.<phase>`` (a backup's too, as in Nova)."""
        events.instance_action(self.conf, context, instance,
                               self.operations.host, 'snapshot', phase,
                               error, snapshot_image_id=image_id)
