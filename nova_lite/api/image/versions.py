# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""GET / and /versions: the image API's versions, as Glance lists them
(300 Multiple Choices), so that clients' version discovery finds v2."""

SUPPORTED = ('2.16', '2.15', '2.9', '2.7', '2.6', '2.5', '2.4', '2.3', '2.2',
             '2.1', '2.0')


def index(req):
    href = req.host_url + '/v2/'
    return 300, {'versions': [
        {'id': 'v%s' % version,
         'status': 'CURRENT' if version == SUPPORTED[0] else 'SUPPORTED',
         'links': [{'rel': 'self', 'href': href}]}
        for version in SUPPORTED]}
