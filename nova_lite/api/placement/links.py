# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Links in placement bodies: to a provider and what hangs off it."""

_PARTS = [('inventories', '1.0'), ('usages', '1.0'), ('aggregates', '1.1'),
          ('traits', '1.6'), ('allocations', '1.11')]


def provider_url(req, uuid):
    return '%s/resource_providers/%s' % (req.script_name, uuid)


def provider_links(req, uuid):
    url = provider_url(req, uuid)
    found = [{'rel': 'self', 'href': url}]
    for part, since in _PARTS:
        if req.api_version.matches(since):
            found.append({'rel': part, 'href': '%s/%s' % (url, part)})
    return found
