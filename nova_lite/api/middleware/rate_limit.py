# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Per-user rate limiting: a token bucket for each (user, project).

Each bucket holds ``[api] rate_limit_per_minute`` tokens and refills at
that rate; a request with no token left is answered 429 with Retry-After,
the seconds until the next token. Buckets live in this API process, so
with several workers the limit applies per worker.
"""
import threading
import time

import webob.dec

from nova_lite.api import faults
from nova_lite.api import wsgi
from nova_lite import conf as nl_conf


class TokenBucket:

    def __init__(self, per_minute, clock=time.monotonic):
        self.capacity = float(per_minute)
        self.rate = per_minute / 60.0
        self.clock = clock
        self.tokens = self.capacity
        self.stamp = clock()

    def take(self):
        """0 if a token was taken, else the seconds until there is one."""
        now = self.clock()
        self.tokens = min(self.capacity,
                          self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return 0
        return (1 - self.tokens) / self.rate


class RateLimit:

    def __init__(self, application, per_minute):
        self.application = application
        self.per_minute = per_minute
        self._buckets = {}
        self._lock = threading.Lock()

    def _wait_for(self, key):
        with self._lock:
            bucket = self._buckets.get(key)
            if bucket is None:
                bucket = self._buckets[key] = TokenBucket(self.per_minute)
            return bucket.take()

    @webob.dec.wsgify
    def __call__(self, req):
        context = req.environ[wsgi.ENVIRON_CONTEXT]
        wait = self._wait_for((context.user_id, context.project_id))
        if wait:
            retry_after = max(1, int(wait + 0.999))
            response = faults.error_response(
                429, 'This request was rate-limited: at most %d requests '
                     'a minute.' % self.per_minute)
            response.headers['Retry-After'] = str(retry_after)
            return response
        return req.get_response(self.application)


def filter_factory(global_conf, **local_conf):
    per_minute = nl_conf.CONF.api.rate_limit_per_minute
    if not per_minute:
        return lambda app: app
    return lambda app: RateLimit(app, per_minute)
