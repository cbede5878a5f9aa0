"""Reads images from the image API, as a compute does: an image's
metadata, and its bits streamed to a file with the checksum verified."""
import hashlib
import os

import requests

from nova_lite import exception

CHUNK = 1024 * 1024


class ImageClient:

    def __init__(self, conf):
        self.base = conf.glance.api_servers.rstrip('/')
        self.timeout = conf.glance.timeout
        self.session = requests.Session()
        self.session.headers['X-Auth-Token'] = conf.glance.lab_token

    def _get(self, image_id, suffix='', **kwargs):
        url = '%s/v2/images/%s%s' % (self.base, image_id, suffix)
        try:
            return self.session.get(url, timeout=self.timeout, **kwargs)
        except requests.RequestException as e:
            raise exception.ImageUnacceptable(
                image_id=image_id,
                reason='the image API at %s cannot be reached: %s' % (
                    self.base, e.__class__.__name__))

    def show(self, image_id):
        """The image's metadata (a dict); ImageNotFound if it is gone."""
        response = self._get(image_id)
        if response.status_code == 404:
            raise exception.ImageNotFound(image_id=image_id)
        if response.status_code != 200:
            raise exception.ImageUnacceptable(
                image_id=image_id, reason='the image API answered %d' %
                response.status_code)
        return response.json()

    def download(self, image, path):
        """Stream the image's bits to ``path``, checking its MD5."""
        response = self._get(image['id'], '/file', stream=True)
        if response.status_code != 200:
            raise exception.ImageUnacceptable(
                image_id=image['id'], reason='its download answered %d' %
                response.status_code)
        md5 = hashlib.md5()
        part = path + '.part'
        with response, open(part, 'wb') as f:
            for chunk in response.iter_content(CHUNK):
                f.write(chunk)
                md5.update(chunk)
        if image.get('checksum') and md5.hexdigest() != image['checksum']:
            os.remove(part)
            raise exception.ImageUnacceptable(
                image_id=image['id'], reason='its download does not match '
                                             'its checksum')
        os.replace(part, path)
