# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Self and bookmark links, as Nova puts them in every resource."""
import re

# The API's version in a URL (/v2.1, or /v2 before microversions), which
# a bookmark leaves out.
_VERSION = re.compile(r'/v2(?:\.1)?(?=/|$)')


def links(req, collection, item_id):
    base = req.application_url
    bookmark = _VERSION.sub('', base, count=1)
    return [
        {'rel': 'self', 'href': '%s/%s/%s' % (base, collection, item_id)},
        {'rel': 'bookmark',
         'href': '%s/%s/%s' % (bookmark, collection, item_id)},
    ]
