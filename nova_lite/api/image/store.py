"""The image store: one file per image under ``[image] store_path``.

An upload goes to a ``.part`` file first and is renamed into place when
complete, so a half-written image is never served; the size and both
checksums (MD5, Glance's ``checksum``, and SHA-512, its ``os_hash_value``)
are computed on the way.
"""
import hashlib
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

    def write(self, image_id, stream, length=None):
        """Store what ``stream`` yields; (size, md5 hex, sha512 hex).
        More than the size cap is ImageTooLarge, and nothing is kept."""
        limit = self.size_cap
        if limit is not None and length is not None and length > limit:
            raise exception.ImageTooLarge(limit=limit)
        os.makedirs(self.path, exist_ok=True)
        part = self._file(image_id) + '.part'
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
            os.replace(part, self._file(image_id))
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

    @staticmethod
    def _remove(path):
        try:
            os.remove(path)
        except FileNotFoundError:
            pass
