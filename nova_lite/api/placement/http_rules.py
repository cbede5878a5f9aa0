# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""What Placement checks of a request before its handler runs, in its
words: a body needs a content type, a handler that reads one needs
``application/json`` (415), an ``Accept`` that rules JSON out is a 406,
and routes that a microversion has not reached yet are 404 (405 for
``DELETE .../inventories`` before 1.5, as Placement has it).
"""
from nova_lite.api import microversion
from nova_lite.api import validation
from nova_lite import exception

JSON = 'application/json'


def check(req, handler):
    """Raise the error Placement would answer ``req`` with, if any: first
    a route the microversion has not reached (before content checks and
    policy, as Placement's version handlers come first)."""
    microversion.refuse_outside_range(req, handler)
    _check_content_length(req)
    if req.method == 'GET':
        _check_accept(req)
    elif validation.request_schema_at(handler, req.api_version) is not None:
        _check_content_type(req)


def _check_content_length(req):
    length = req.environ.get('CONTENT_LENGTH')
    if not length:
        return
    if not length.isdigit():
        raise exception.PlacementBadRequest(
            detail='content-length header must be an integer')
    if int(length) > 0 and not req.environ.get('CONTENT_TYPE'):
        raise exception.PlacementBadRequest(
            detail='content-type header required when content-length > 0')


def _check_accept(req):
    if req.accept and not req.accept.acceptable_offers([JSON]):
        raise exception.PlacementNotAcceptable(
            detail='Only %s is provided' % JSON)


def _check_content_type(req):
    if req.content_type != JSON:
        raise exception.PlacementUnsupportedMediaType(
            detail='The media type %s is not supported, use %s'
                   % (req.content_type or 'None', JSON))
