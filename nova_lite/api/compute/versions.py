# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The versions document at ``/`` (each version in brief, as Nova's
index: v2.0, the API before microversions, then v2.1) and each
version's own at ``/v2`` and ``/v2.1`` (in full: its media type and
documentation). Any other path (``/versions/v2.1``, ``/v3/servers``) is
answered as Nova answers it: 300 Multiple Choices, the same path under
each version."""
from nova_lite.api import microversion
from nova_lite.api.schemas import responses
from nova_lite.api import validation


def _v21(base):
    return {
        'id': 'v2.1', 'status': 'CURRENT',
        'version': microversion.MAX_VERSION,
        'min_version': microversion.MIN_VERSION,
        'updated': '2013-07-23T11:33:21Z',
        'links': [{'rel': 'self', 'href': base + '/v2.1/'}],
    }


def _v20(base):
    return {
        'id': 'v2.0', 'status': 'SUPPORTED', 'version': '',
        'min_version': '', 'updated': '2011-01-21T11:33:21Z',
        'links': [{'rel': 'self', 'href': base + '/v2/'}],
    }


def root(req):
    return 200, {'versions': [_v20(req.host_url), _v21(req.host_url)]}


def _media_types(media_version):
    return [{'base': 'application/json',
             'type': 'application/vnd.openstack.compute+json;version=%s'
                     % media_version}]


def _in_full(version, media_version):
    version['links'].append({'rel': 'describedby', 'type': 'text/html',
                             'href': 'http://docs.openstack.org/'})
    version['media-types'] = _media_types(media_version)
    return 200, {'version': version}


def choices(req):
    """The path asked for, under each version."""
    path = req.path_info.lstrip('/')
    return 300, {'choices': [
        {'id': version['id'], 'status': version['status'],
         'links': [{'rel': 'self',
                    'href': version['links'][0]['href'] + path}],
         'media-types': _media_types(media)}
        for version, media in ((_v20(req.host_url), '2'),
                               (_v21(req.host_url), '2.1'))]}


@validation.responds(200, responses.version_one)
def v21(req):
    return _in_full(_v21(req.host_url), '2.1')


@validation.responds(200, responses.version_one)
def v20(req):
    return _in_full(_v20(req.host_url), '2')
