# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The ``web-download`` import: the image API fetches an image's data
from a URL that the operator's allow-list permits.

Only URLs on ``[image] web_download_allowed_hosts``, with an allowed
scheme and port, are fetched; a redirect is followed (a few times) only
when its target passes the same test, and proxies from the environment
are not used, so the list names every host this service connects to.
"""
import urllib.parse

import requests

from nova_lite import exception

MAX_REDIRECTS = 5
_DEFAULT_PORTS = {'http': 80, 'https': 443}
# (seconds to connect, seconds to wait for each read)
TIMEOUTS = (10, 60)


def allowed(image_conf, url):
    """Whether the allow-list lets web-download fetch ``url``."""
    if not isinstance(url, str):
        return False
    try:
        parts = urllib.parse.urlsplit(url)
        port = parts.port or _DEFAULT_PORTS.get(parts.scheme)
    except ValueError:
        return False
    if parts.scheme not in image_conf.web_download_allowed_schemes:
        return False
    if not parts.hostname or (
            parts.hostname not in image_conf.web_download_allowed_hosts):
        return False
    ports = image_conf.web_download_allowed_ports
    return not ports or port in ports


def _open(session, image_conf, url):
    """The response of the last hop (redirects checked one by one)."""
    for _hop in range(MAX_REDIRECTS + 1):
        if not allowed(image_conf, url):
            raise exception.ImportFailed(
                reason='URI for web-download does not pass filtering: %s'
                       % url)
        response = session.get(url, stream=True, allow_redirects=False,
                               timeout=TIMEOUTS)
        if not response.is_redirect:
            return response
        url = urllib.parse.urljoin(url, response.headers['Location'])
        response.close()
    raise exception.ImportFailed(reason='Too many redirects from %s' % url)


def fetch(image_conf, url, store, image_id, progress):
    """Download ``url`` into the store as ``image_id``'s data; (size, md5
    hex, sha512 hex)."""
    with requests.Session() as session:
        session.trust_env = False
        response = _open(session, image_conf, url)
        with response:
            if response.status_code != 200:
                raise exception.ImportFailed(
                    reason='%s answered %d %s' % (url, response.status_code,
                                                  response.reason))
            response.raw.decode_content = True
            length = None
            if 'Content-Encoding' not in response.headers:
                length = _length(response)
            return store.write(image_id, response.raw, length, progress)


def _length(response):
    text = response.headers.get('Content-Length', '')
    return int(text) if text.isdigit() else None
