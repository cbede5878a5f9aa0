# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Placement microversions: ``OpenStack-API-Version: placement 1.X``."""
from nova_lite.api import microversion
from nova_lite import exception

SERVICE_TYPE = 'placement'
MIN_VERSION = '1.0'
MAX_VERSION = '1.39'
HEADER = 'OpenStack-API-Version'


def _requested(headers):
    for item in (headers.get(HEADER) or '').split(','):
        parts = item.strip().split(None, 1)
        if len(parts) == 2 and parts[0].lower() == SERVICE_TYPE:
            return parts[1].strip()
    return None


def _why_unreadable(text):
    """What reading ``text`` as two integers says (Placement adds it)."""
    try:
        [int(part) for part in text.split('.', 1)]
    except ValueError as error:
        return '; %s' % error
    return ''


def from_headers(headers):
    text = _requested(headers)
    if text is None:
        return microversion.APIVersion(MIN_VERSION)
    if text.lower() == 'latest':
        return microversion.APIVersion(MAX_VERSION)
    numbers = _numbers(text)
    if numbers is None:
        raise exception.PlacementBadRequest(
            detail='Invalid microversion: invalid version string: %s%s'
                   % (text, _why_unreadable(text)))
    if not _numbers(MIN_VERSION) <= numbers <= _numbers(MAX_VERSION):
        raise exception.PlacementNotAcceptable(
            detail='Invalid microversion: Unacceptable version header: %s'
                   % text)
    return microversion.APIVersion('%d.%d' % numbers)


def _numbers(text):
    """(major, minor) as Placement reads a version: two integers, however
    written (``0.5`` is a version, below the lowest; ``1.05`` is 1.5)."""
    try:
        major, minor = (int(part) for part in text.split('.', 1))
    except ValueError:
        return None
    return major, minor


def add_headers(response, version, vary=True):
    """The version answered with (none when the one asked for could not
    be read or served: Placement says none then either), and unless
    ``vary`` is False, that the answer varies with the version asked."""
    if version is None:
        return
    response.headers[HEADER] = '%s %s' % (SERVICE_TYPE, version)
    if vary:
        response.headers['Vary'] = HEADER.lower()
