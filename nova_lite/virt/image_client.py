# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The image API as a compute uses it: an image's metadata, its bits
streamed to a file with the checksum verified, and a snapshot's bits
uploaded (or the snapshot's image removed when it fails).

Requests carry the service's own credentials: a token of the keystoneauth
plugin ``[glance]`` names (behind Keystone; renewed as it expires), or
the lab's token without one.
"""
import hashlib
import os

from keystoneauth1 import exceptions as ks_exceptions
from keystoneauth1 import loading as ks_loading
from oslo_log import log as logging
import requests

from nova_lite import exception

CHUNK = 1024 * 1024
LOG = logging.getLogger(__name__)


class ImageClient:

    def __init__(self, conf):
        self.base = conf.glance.api_servers.rstrip('/')
        self.timeout = conf.glance.timeout
        self.session = requests.Session()
        self.lab_token = conf.glance.lab_token
        auth = ks_loading.load_auth_from_conf_options(conf, 'glance')
        self.credentials = auth and ks_loading.load_session_from_conf_options(
            conf, 'glance', auth=auth)

    def _auth_headers(self):
        if self.credentials is None:
            return {'X-Auth-Token': self.lab_token}
        return self.credentials.get_auth_headers()

    def _get(self, image_id, suffix='', **kwargs):
        return self._call('GET', image_id, suffix, **kwargs)

    def _call(self, method, image_id, suffix='', **kwargs):
        url = '%s/v2/images/%s%s' % (self.base, image_id, suffix)
        try:
            headers = dict(kwargs.pop('headers', None) or {},
                           **self._auth_headers())
        except ks_exceptions.ClientException as e:
            raise exception.ImageUnacceptable(
                image_id=image_id,
                reason='no token for the image API: %s' % (
                    e.__class__.__name__))
        try:
            return self.session.request(method, url, timeout=self.timeout,
                                        headers=headers, **kwargs)
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

    def _check(self, response, image_id, what):
        if response.status_code >= 400:
            raise exception.ImageUnacceptable(
                image_id=image_id, reason='%s answered %d: %s' % (
                    what, response.status_code, response.text[:200]))
        return response

    def upload(self, image_id, path, disk_format, container_format='bare'):
        """Give a queued image its formats, then its bits from ``path``."""
        patch = [{'op': 'replace', 'path': '/' + name, 'value': value}
                 for name, value in (('disk_format', disk_format),
                                     ('container_format', container_format))]
        self._check(self._call(
            'PATCH', image_id, json=patch, headers={
                'Content-Type':
                    'application/openstack-images-v2.1-json-patch'}),
                    image_id, 'its update')
        with open(path, 'rb') as data:
            self._check(self._call(
                'PUT', image_id, '/file', data=data,
                headers={'Content-Type': 'application/octet-stream'}),
                image_id, 'its upload')

    def delete(self, image_id):
        """Remove an image (gone already is no error)."""
        response = self._call('DELETE', image_id)
        if response.status_code != 404:
            self._check(response, image_id, 'its delete')

    def discard(self, image_id):
        """``delete`` an image nothing will use (a failed snapshot, a
        rotated backup, a shelved server's disk); if the image API cannot
        do it, say so in the log: the image is left for an operator."""
        try:
            self.delete(image_id)
        except exception.ImageUnacceptable as e:
            LOG.error('image %s could not be removed: %s', image_id, e)
