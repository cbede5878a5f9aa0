# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""/extensions and /extensions/{alias}: the fixed list of the extensions
of the API before microversions (``extension_list``), as Nova still
answers it for old clients; /v2 lists one more, as it did.
"""
from nova_lite.api.compute import extension_list
from nova_lite.api import legacy_v2
from nova_lite.api.schemas import responses
from nova_lite.api import validation
from nova_lite import exception

_NAMESPACE = 'http://docs.openstack.org/compute/ext/fake_xml'
_UPDATED = '2014-12-03T00:00:00Z'


def _view(alias, name, description):
    return {'alias': alias, 'name': name, 'description': description,
            'namespace': _NAMESPACE, 'updated': _UPDATED, 'links': []}


def _listed(req):
    listed = list(extension_list.EXTENSIONS)
    if legacy_v2.is_legacy(req.environ):
        listed = sorted(listed + extension_list.LEGACY_V2_ONLY)
    return [_view(*entry) for entry in listed]


@validation.responds(200, responses.extension_list)
def index(req):
    return 200, {'extensions': _listed(req)}


@validation.responds(200, responses.extension_one)
def show(req, alias):
    for extension in _listed(req):
        if extension['alias'] == alias:
            return 200, {'extension': extension}
    raise exception.NotFound(message='Extension %s could not be found.'
                                     % alias)
