# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Self and bookmark links, as Nova puts them in every resource."""


def links(req, collection, item_id):
    base = req.application_url
    bookmark = base.rsplit('/v2.1', 1)[0]
    return [
        {'rel': 'self', 'href': '%s/%s/%s' % (base, collection, item_id)},
        {'rel': 'bookmark',
         'href': '%s/%s/%s' % (bookmark, collection, item_id)},
    ]
