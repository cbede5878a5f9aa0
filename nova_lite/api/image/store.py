# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The image store: one file per image under ``[image] store_path``.

An upload goes to a ``.part`` file first and is renamed into place when
complete, so a half-written image is never served; the size and both
checksums (MD5, Glance's ``checksum``, and SHA-512, its ``os_hash_value``)
are computed on the way.

Data staged for an import (``glance-direct``) waits in ``staging/`` under
the store, with its checksums beside it, until the import moves it into
place: a rename, on the same file system.
"""
import hashlib
import json
import os

from nova_lite import exception

CHUNK = 1024 * 1024
# Where the image API's handlers find the store in a request's environ.
ENVIRON_KEY = 'nova_lite.image_store'


class ImageStore:

    def __init__(self, path, size_cap=None):
        self.path = path
        self.size_cap = size_cap

    def _file(self, image_id):
        return os.path.join(self.path, image_id)

    def _staged(self, image_id):
        return os.path.join(self.path, 'staging', image_id)

    def write(self, image_id, stream, length=None, progress=None):
        """Store what ``stream`` yields; (size, md5 hex, sha512 hex).
        More than the size cap is ImageTooLarge, and nothing is kept.
        ``progress``, if given, is called after each chunk."""
        return self._write_to(self._file(image_id), stream, length,
                              progress)

    def stage(self, image_id, stream, length=None, progress=None):
        """Keep what ``stream`` yields for a later import; its size."""
        target = self._staged(image_id)
        size, md5, sha512 = self._write_to(target + '.data', stream, length,
                                           progress)
        with open(target + '.sums', 'w') as sums:
            json.dump([size, md5, sha512], sums)
        os.replace(target + '.data', target)
        return size

    def is_staged(self, image_id):
        return os.path.exists(self._staged(image_id))

    def import_staged(self, image_id):
        """Move staged data into place; (size, md5 hex, sha512 hex).
        FileNotFoundError if nothing is staged."""
        staged = self._staged(image_id)
        with open(staged + '.sums') as sums:
            size, md5, sha512 = json.load(sums)
        os.replace(staged, self._file(image_id))
        self._remove(staged + '.sums')
        return size, md5, sha512

    def discard_partial(self, image_id):
        """What a write cut short by a crash left (never served)."""
        self._remove(self._file(image_id) + '.part')
        self._remove(self._staged(image_id) + '.data.part')
        self._remove(self._staged(image_id) + '.data')

    def unstage(self, image_id):
        staged = self._staged(image_id)
        for path in (staged, staged + '.sums', staged + '.data'):
            self._remove(path)

    def _write_to(self, target, stream, length=None, progress=None):
        limit = self.size_cap
        if limit is not None and length is not None and length > limit:
            raise exception.ImageTooLarge(limit=limit)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        part = target + '.part'
        md5, sha512, size = hashlib.md5(), hashlib.sha512(), 0
        try:
            with open(part, 'wb') as f:
                while length is None or size < length:
                    want = CHUNK if length is None else min(CHUNK,
                                                            length - size)
                    chunk = stream.read(want)
                    if not chunk:
                        break
                    if limit is not None and size + len(chunk) > limit:
                        raise exception.ImageTooLarge(limit=limit)
                    f.write(chunk)
                    md5.update(chunk)
                    sha512.update(chunk)
                    size += len(chunk)
                    if progress is not None:
                        progress(size)
            if length is not None and size < length:
                raise exception.Invalid(
                    message='The data ended after %d of its %d bytes.'
                            % (size, length))
            os.replace(part, target)
        except BaseException:
            self._remove(part)
            raise
        return size, md5.hexdigest(), sha512.hexdigest()

    def chunks(self, image_id):
        with open(self._file(image_id), 'rb') as f:
            while True:
                chunk = f.read(CHUNK)
                if not chunk:
                    return
                yield chunk

    def delete(self, image_id):
        self._remove(self._file(image_id))
        self.unstage(image_id)

    @staticmethod
    def _remove(path):
        try:
            os.remove(path)
        except FileNotFoundError:
            pass
