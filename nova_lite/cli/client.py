# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""A small REST client of the compute API; the CLI talks only through it."""
import requests


class APIError(Exception):
    """An error answer of the API (with its HTTP status), or a CLI error."""

    def __init__(self, status, message):
        super().__init__('%s (HTTP %d)' % (message, status) if status
                         else message)
        self.status = status


# The compute API version this client is written against: servers embed
# their flavor (2.47) and boots name their networks (2.37).
API_VERSION = '2.86'


class Client:

    def __init__(self, url, token, timeout=30):
        self.url = url.rstrip('/')
        self.session = requests.Session()
        self.session.headers.update({
            'X-Auth-Token': token, 'Accept': 'application/json',
            'OpenStack-API-Version': 'compute %s' % API_VERSION})
        self.timeout = timeout

    def request(self, method, path, body=None):
        try:
            response = self.session.request(method, self.url + path,
                                            json=body, timeout=self.timeout)
        except requests.ConnectionError:
            raise APIError(None, 'cannot reach the compute API at %s; is it '
                           'running (make run)?' % self.url)
        if response.status_code >= 400:
            raise APIError(response.status_code, _error_message(response))
        return response.json() if response.content else None

    def get(self, path):
        return self.request('GET', path)

    def post(self, path, body):
        return self.request('POST', path, body)

    def put(self, path, body):
        return self.request('PUT', path, body)

    def delete(self, path):
        return self.request('DELETE', path)

    def find(self, collection, name_or_id):
        """A resource by id, else by exact name (one match only)."""
        try:
            return self.get('/%s/%s' % (collection, name_or_id))
        except APIError as e:
            if e.status != 404:
                raise
        # is_public=none: private flavors too, for those who may see them.
        query = '?is_public=none' if collection == 'flavors' else ''
        items = self.get('/%s/detail%s' % (collection, query))[collection]
        matches = [i for i in items if i.get('name') == name_or_id]
        if len(matches) != 1:
            raise APIError(404, 'no %s named or with id %s' % (
                collection[:-1], name_or_id) if not matches else
                'more than one %s named %s; use the id' % (
                    collection[:-1], name_or_id))
        return self.get('/%s/%s' % (collection, matches[0]['id']))


def find_image(image_url, token, name_or_id):
    """The id of an image named so (or with that id), asked of the image
    API; the compute API checks that it exists and is active."""
    try:
        response = requests.get(
            image_url.rstrip('/') + '/v2/images', params={'name': name_or_id},
            headers={'X-Auth-Token': token}, timeout=30)
    except requests.ConnectionError:
        raise APIError(None, 'cannot reach the image API at %s' % image_url)
    if response.status_code >= 400:
        raise APIError(response.status_code, response.text.strip())
    matches = response.json()['images']
    if len(matches) > 1:
        raise APIError(None, 'more than one image named %s; use the id'
                       % name_or_id)
    return matches[0]['id'] if matches else name_or_id


def _error_message(response):
    try:
        body = response.json()
        return next(iter(body.values()))['message']
    except (ValueError, StopIteration, KeyError, TypeError, AttributeError):
        return response.text or response.reason
