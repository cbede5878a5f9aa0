# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""``limit``, ``marker`` and ``sort_*`` query parameters, and next links."""
import urllib.parse

from nova_lite import exception
from nova_lite.text import digits


def _int_param(req, name):
    text = req.GET.get(name)
    if text is None:
        return None
    if not digits.is_digits(text):
        raise exception.ValidationError(
            detail='%s param must be an integer' % name)
    return digits.at_most_int32(text)


def page(req):
    """(limit, marker) of the request; the limit is capped at max_limit."""
    limit = _int_param(req, 'limit')
    max_limit = req.conf.api.max_limit
    limit = max_limit if limit is None else min(limit, max_limit)
    return limit, req.GET.get('marker')


def sorting(req, allowed, default_key, default_dir):
    """Lists of sort keys and directions, each checked against ``allowed``."""
    keys = req.GET.getall('sort_key') or [default_key]
    dirs = req.GET.getall('sort_dir') or [default_dir] * len(keys)
    for key in keys:
        if key not in allowed:
            raise exception.ValidationError(
                detail='Invalid sort_key %s: allowed are %s' % (
                    key, ', '.join(sorted(allowed))))
    for direction in dirs:
        if direction not in ('asc', 'desc'):
            raise exception.ValidationError(
                detail="Invalid sort_dir %s: must be 'asc' or 'desc'" %
                direction)
    return keys, dirs


def body(req, collection, items, limit):
    """``{collection: items}``, plus ``<collection>_links`` if full."""
    answer = {collection: items}
    links = next_links(req, collection, items, limit)
    if links:
        answer[collection + '_links'] = links
    return answer


def next_links(req, collection, items, limit, id_key='id'):
    """A ``next`` link when the page is full, as Nova puts it."""
    if not items or len(items) < limit:
        return []
    params = [(k, v) for k, v in req.GET.items() if k != 'marker']
    params.append(('marker', items[-1][id_key]))
    query = urllib.parse.urlencode(params)
    return [{'rel': 'next', 'href': '%s/%s?%s' % (
        req.application_url, collection, query)}]
