# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The versions document at ``/`` (each version in brief, as Nova's
index) and ``/v2.1`` (in full: its media type and documentation)."""
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


def root(req):
    return 200, {'versions': [_v21(req.host_url)]}


@validation.responds(200, responses.version_one)
def v21(req):
    version = _v21(req.host_url)
    version['links'].append({'rel': 'describedby', 'type': 'text/html',
                             'href': 'http://docs.openstack.org/'})
    version['media-types'] = [{
        'base': 'application/json',
        'type': 'application/vnd.openstack.compute+json;version=2.1'}]
    return 200, {'version': version}
