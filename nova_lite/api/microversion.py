# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Microversions: parse the requested version, route handlers by version.

A handler registered several times under one name with non-overlapping
version ranges becomes one callable that runs the variant matching the
request's version (404 when none does), the way Nova and Placement do it.
"""
import collections
import functools
import re

from nova_lite import exception

SERVICE_TYPE = 'compute'
MIN_VERSION = '2.1'
# Raised only as far as every change up to it is honoured for every
# resource served; see doc/source/user/compute-api.rst.
MAX_VERSION = '2.104'
HEADERS = ('OpenStack-API-Version', 'X-OpenStack-Nova-API-Version')
_VERSION_RE = re.compile(r'^([1-9]\d*)\.([1-9]\d*|0)$')


@functools.total_ordering
class APIVersion:

    def __init__(self, text):
        match = _VERSION_RE.match(text or '')
        if not match:
            raise exception.MalformedAPIVersion(version=text)
        self.major, self.minor = int(match.group(1)), int(match.group(2))

    def __eq__(self, other):
        return (self.major, self.minor) == (other.major, other.minor)

    def __lt__(self, other):
        return (self.major, self.minor) < (other.major, other.minor)

    def __hash__(self):
        return hash((self.major, self.minor))

    def __str__(self):
        return '%d.%d' % (self.major, self.minor)

    def matches(self, min_version=None, max_version=None):
        """Within [min_version, max_version]; None: unbounded."""
        mine = (self.major, self.minor)
        if min_version is not None and _parsed(min_version) > mine:
            return False
        return max_version is None or mine <= _parsed(max_version)


@functools.lru_cache(maxsize=256)
def _parsed(text):
    """(major, minor) of a version written in code; parsed once."""
    version = APIVersion(text)
    return version.major, version.minor


def _requested(headers):
    """The version text the client asked for, or None."""
    value = headers.get(HEADERS[0])
    if value:
        for item in value.split(','):
            parts = item.strip().split(None, 1)
            if len(parts) == 2 and parts[0].lower() == SERVICE_TYPE:
                return parts[1].strip()
    return headers.get(HEADERS[1]) or None


def from_headers(headers):
    """The request's APIVersion; the minimum when none is asked for."""
    text = _requested(headers)
    if text is None:
        return APIVersion(MIN_VERSION)
    if text.lower() == 'latest':
        return APIVersion(MAX_VERSION)
    version = APIVersion(text)
    if not version.matches(MIN_VERSION, MAX_VERSION):
        raise exception.InvalidAPIVersion(version=text, min_ver=MIN_VERSION,
                                          max_ver=MAX_VERSION)
    return version


_VARIANTS = collections.defaultdict(list)


def versioned(min_version, max_version=None):
    """Register a handler variant for a version range."""
    def decorator(func):
        key = '%s.%s' % (func.__module__, func.__qualname__)
        _VARIANTS[key].append((min_version, max_version, func))

        @functools.wraps(func)
        def dispatch(req, **kwargs):
            for low, high, variant in reversed(_VARIANTS[key]):
                if req.api_version.matches(low, high):
                    return variant(req, **kwargs)
            raise exception.VersionNotFoundForAPIMethod(
                version=req.api_version)
        return dispatch
    return decorator


def since(min_version, max_version=None, refused=None):
    """The route exists only from ``min_version`` (to ``max_version``).

    Asked for at another version it is not found (404), as in Nova, or
    refused with what ``refused`` (an exception class, or a function of
    the method) makes: Placement's 405 for one of its routes. The range
    is kept on the handler for the OpenAPI document.
    """
    def decorator(func):
        @functools.wraps(func)
        def wrapper(req, **kwargs):
            if not req.api_version.matches(min_version, max_version):
                if refused is not None:
                    raise refused(method=req.method)
                raise exception.VersionNotFoundForAPIMethod(
                    version=req.api_version)
            return func(req, **kwargs)
        wrapper.version_range = (min_version, max_version)
        wrapper.refused = refused
        return wrapper
    return decorator


def refuse_outside_range(req, handler):
    """What ``since`` would raise for ``handler`` at ``req``'s version,
    raised before anything else looks at the request."""
    low, high = getattr(handler, 'version_range', (None, None))
    if req.api_version.matches(low, high):
        return
    refused = getattr(handler, 'refused', None)
    if refused is not None:
        raise refused(method=req.method)
    raise exception.VersionNotFoundForAPIMethod(version=req.api_version)
