# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Runs image imports in worker threads of the image API's process.

An import is accepted by the API (202, the image ``importing``, a task
``pending``) and carried out here: ``glance-direct`` moves the staged
data into place, ``web-download`` fetches it. Either ends with the image
``active`` and the task ``success``, or with the task ``failure``, the
image ``queued`` again and none of its data kept.

A running import touches its task every few seconds. A sweeper fails the
unfinished tasks nobody has touched for ``[image] import_stale_after``
seconds: those of a process that died, whichever process finds them, so
nothing stays ``importing`` after a crash.
"""
from concurrent import futures
import threading
import time
import weakref

from oslo_log import log as logging

from nova_lite.api.image import heartbeat
from nova_lite.api.image import images
from nova_lite.api.image import web_download
from nova_lite import context as nl_context
from nova_lite import exception
from nova_lite.objects import image as image_obj
from nova_lite.objects import image_task

LOG = logging.getLogger(__name__)
# Where the image API's handlers find the importer in a request's environ.
ENVIRON_KEY = 'nova_lite.image_importer'
ABANDONED = 'The image API process that ran this import stopped.'


class Importer:

    def __init__(self, image_conf, store):
        self.conf = image_conf
        self.store = store
        self.pool = futures.ThreadPoolExecutor(
            image_conf.import_workers, thread_name_prefix='image-import')
        # Tasks of this process not finished yet (queued or running): the
        # sweeper touches them, so that one waiting for a worker is not
        # taken for one whose process died.
        self.mine = set()
        self._lock = threading.Lock()
        _start_sweeper(self, image_conf.import_stale_after)

    def submit(self, task_id):
        with self._lock:
            self.mine.add(task_id)
        self.pool.submit(self.run, task_id)

    def run(self, task_id):
        try:
            self._run(task_id)
        finally:
            with self._lock:
                self.mine.discard(task_id)

    def _run(self, task_id):
        context = nl_context.get_admin_context()
        task = image_task.ImageTask.get_by_id(context, task_id)
        if not task.start():
            return
        try:
            self._import(context, task)
        except Exception as error:
            LOG.info('Import %s of image %s failed: %s', task.id,
                     task.image_id, error)
            message = (error.format_message()
                       if isinstance(error, exception.NovaLiteException)
                       else str(error) or type(error).__name__)
            fail(context, task, message, self.store)

    def _import(self, context, task):
        method = _method_of(task)

        def touch():
            if not task.touch():
                raise exception.ImportFailed(reason='it was failed '
                                                    'meanwhile')
        progress = heartbeat.every(touch)
        if method['name'] == 'glance-direct':
            size, md5, sha512 = self.store.import_staged(task.image_id)
        else:
            size, md5, sha512 = web_download.fetch(
                self.conf, method.get('uri'), self.store, task.image_id,
                progress)
        _activate(context, task, size, md5, sha512, self.store)

    def sweep(self):
        """Fail the imports, and end the uploads and stages, of processes
        that stopped working on them."""
        context = nl_context.get_admin_context()
        with self._lock:
            mine = sorted(self.mine)
        for task_id in mine:
            image_task.ImageTask.get_by_id(context, task_id).touch()
        for task_id in image_task.ImageTask.stale_ids(
                context, self.conf.import_stale_after):
            task = image_task.ImageTask.get_by_id(context, task_id)
            fail(context, task, ABANDONED, self.store)
        for image in image_obj.ImageList.stale_transfers(
                context, self.conf.import_stale_after):
            _end_transfer(image, self.store)


def _method_of(task):
    """The import's method: an interoperable import's own, or, for a
    task of the tasks API (``import``), a fetch from its
    ``import_from``."""
    if task.type == image_task.TASKS_API_IMPORT:
        return {'name': 'web-download', 'uri': task.input.get('import_from')}
    return task.input['import_req']['method']


def _activate(context, task, size, md5, sha512, store):
    try:
        image = image_obj.Image.get_by_id(context, task.image_id)
        image.status, image.size, image.checksum = (image_obj.ACTIVE, size,
                                                    md5)
        image.os_hash_algo, image.os_hash_value = 'sha512', sha512
        image.save(expected_status=[image_obj.IMPORTING])
    except exception.ImageNotFound:
        store.delete(task.image_id)
        raise exception.ImportFailed(reason='the image was deleted')
    if not task.finish(True, result={'image_id': task.image_id}):
        LOG.warning('Import %s of image %s ended after it was failed',
                    task.id, task.image_id)


def fail(context, task, message, store):
    """End ``task`` as failed (if it had not ended) and put its image
    back to ``queued`` without data."""
    if not task.finish(False, message=message):
        return
    store.unstage(task.image_id)
    try:
        image = image_obj.Image.get_by_id(context, task.image_id)
    except exception.ImageNotFound:
        return
    if images.move_back(image, image_obj.QUEUED, [image_obj.IMPORTING],
                        size=None):
        store.delete(task.image_id)


def _end_transfer(image, store):
    """An upload or stage whose writer stopped: the image is ``queued``
    again and what it left is gone (data staged whole waits for its
    import)."""
    if image.status == image_obj.UPLOADING and store.is_staged(image.id):
        return
    status = image.status
    if not images.move_back(image, image_obj.QUEUED, [status], size=None):
        return
    store.discard_partial(image.id)
    LOG.info('The %s of image %s stopped: it is queued again', status,
             image.id)


def _start_sweeper(importer, interval):
    """A daemon thread that sweeps every ``interval / 2`` seconds, for as
    long as the importer exists. The first sweep waits too: the importer
    is made with its API application, which a process may build before
    its database is set up (the all-in-one does, so that a bad pipeline
    fails first), and an import left stale is swept within ``interval /
    2`` either way."""
    ref = weakref.ref(importer)

    def loop():
        while True:
            time.sleep(interval / 2)
            importer = ref()
            if importer is None:
                return
            try:
                importer.sweep()
            except Exception:
                LOG.exception('Sweeping stale image imports failed')
            del importer
    threading.Thread(target=loop, name='image-import-sweeper',
                     daemon=True).start()
