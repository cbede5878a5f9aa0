# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The image API as the caller of the compute API: their own token, as
Nova's image proxy (/images, to 2.35) calls the image service. What the
caller may see or change is the image API's to decide."""
import requests

from nova_lite import exception

PATCH_TYPE = 'application/openstack-images-v2.1-json-patch'


class CallerImages:

    def __init__(self, req):
        self.base = req.conf.glance.api_servers.rstrip('/')
        self.timeout = req.conf.glance.timeout
        self.headers = {'X-Auth-Token': req.headers.get('X-Auth-Token', ''),
                        'X-Openstack-Request-Id': req.context.request_id}

    def _call(self, method, path, **kwargs):
        headers = dict(self.headers, **kwargs.pop('headers', {}))
        try:
            return requests.request(method, self.base + path,
                                    headers=headers, timeout=self.timeout,
                                    **kwargs)
        except requests.RequestException as e:
            raise exception.ImageServiceUnavailable(
                reason='%s cannot be reached: %s' % (
                    self.base, e.__class__.__name__))

    def _answer(self, response, image_id=None):
        if response.status_code == 404 and image_id:
            raise exception.ImageNotFound(image_id=image_id)
        if response.status_code == 400:
            raise exception.Invalid(message=_said(response))
        if response.status_code in (401, 403):
            # Nova's words for an image the caller may not see or change
            # (its token refused, or the image API's policy).
            raise exception.Forbidden(
                message='Not authorized for image %s.' % image_id
                if image_id else _said(response))
        if response.status_code >= 400:
            raise exception.ImageServiceUnavailable(
                reason='it answered %d' % response.status_code)
        return response.json() if response.content else None

    def list(self, params):
        return self._answer(self._call('GET', '/v2/images', params=params))

    def show(self, image_id):
        return self._answer(self._call('GET', '/v2/images/%s' % image_id),
                            image_id)

    def patch(self, image_id, changes):
        return self._answer(self._call(
            'PATCH', '/v2/images/%s' % image_id, json=changes,
            headers={'Content-Type': PATCH_TYPE}), image_id)

    def delete(self, image_id):
        response = self._call('DELETE', '/v2/images/%s' % image_id)
        if response.status_code == 403:
            raise exception.Forbidden(
                message='You are not allowed to delete the image.')
        self._answer(response, image_id)


def _said(response):
    """The message of the image API's refusal: its plain-text body is
    the status line, then the message."""
    parts = [part.strip() for part in response.text.split('\n\n')
             if part.strip()]
    return parts[-1] if parts else 'The image service refused the request.'
