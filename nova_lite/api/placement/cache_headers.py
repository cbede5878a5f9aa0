# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""``Last-Modified`` and ``Cache-Control: no-cache`` on Placement's answers
from API 1.15 (answers may change at any time: a cache must ask again):
those with a body, and a trait's (which has none). ``Last-Modified`` is
when the answer was made unless the handler gave one."""
from oslo_utils import timeutils


def add(response, req):
    if not response.body and not (req.path_info.startswith('/traits/')
                                  and req.method in ('GET', 'PUT')):
        return
    if 'Last-Modified' not in response.headers:
        response.last_modified = timeutils.utcnow(with_timezone=True)
    response.cache_control = 'no-cache'
