# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Placement's error answers: ``{"errors": [{status, title, detail, code,
request_id}]}``, rendered by webob as Placement renders them, so that the
words are the same: the status's own explanation, then the detail
(``"The resource could not be found.\\n\\n No resource provider ..."``),
as JSON unless the client's Accept asks for another type."""
import webob
import webob.exc

from nova_lite.api.placement import version as placement_version
from nova_lite import exception

JSON = 'application/json'


def response(status, detail, code='placement.undefined_code',
             request_id=None, version=None, environ=None, vary=True):
    """The error answer to the request of ``environ`` (a JSON one if
    None). ``code`` from API 1.23; an unreadable or unacceptable version
    (``version`` None, 406) also says which versions there are; ``vary``
    False leaves out the Vary header."""
    fields = {}
    if version is not None and version.matches('1.23'):
        fields['code'] = code
    if request_id:
        fields['request_id'] = request_id
    if status == 406 and version is None:
        fields.update(min_version=placement_version.MIN_VERSION,
                      max_version=placement_version.MAX_VERSION)

    def formatter(body, status, title, environ):
        error = {'status': int(status.split(None, 1)[0]), 'title': title,
                 'detail': webob.exc.strip_tags(body)}
        error.update(fields)
        return {'errors': [error]}
    error_class = webob.exc.status_map.get(status, webob.exc.HTTPError)
    answer = _request(environ).get_response(
        error_class(detail=detail, json_formatter=formatter))
    placement_version.add_headers(answer, version, vary)
    return answer


def _request(environ):
    """A request like ``environ``'s for webob to render an error for: its
    method and content type (named in some explanations), and its Accept
    (JSON unless it names something else)."""
    environ = environ or {}
    accept = environ.get('HTTP_ACCEPT') or JSON
    if accept == '*/*':
        accept = JSON
    return webob.Request.blank('/', environ={
        'REQUEST_METHOD': environ.get('REQUEST_METHOD', 'GET'),
        'CONTENT_TYPE': environ.get('CONTENT_TYPE', ''),
        'HTTP_ACCEPT': accept})


def answered_outside_handler(error, handler):
    """Whether Placement makes this answer outside the route's handler,
    where no Vary header is added: a policy refusal, and a missing
    resource the handler does not look for itself (``own_not_found``)."""
    if isinstance(error, exception.Forbidden):
        return 'action' in error.kwargs
    return (isinstance(error, exception.NotFound) and
            not isinstance(error, exception.VersionNotFoundForAPIMethod) and
            not getattr(handler, 'own_not_found', False))


def own_not_found(handler):
    """Mark a handler whose missing resource Placement answers itself
    (its 404 carries Vary, as every answer of the handler's)."""
    handler.own_not_found = True
    return handler


def detail_of(error):
    """An error's detail in Placement's words where clients match them: a
    body that breaks its schema, a body that is not JSON."""
    schema_error = getattr(error, 'schema_error', None)
    if schema_error is not None:
        return 'JSON does not validate: %s' % schema_error
    if isinstance(error, (exception.VersionNotFoundForAPIMethod,
                          exception.PlacementMethodNotAllowed)):
        return ''  # Placement's version gates say no more than the status
    if isinstance(error, exception.Forbidden) and 'action' in error.kwargs:
        return 'Policy does not allow %s to be performed.' % (
            error.kwargs['action'])
    malformed = getattr(error, 'malformed', None)
    if malformed is not None:
        return 'Malformed JSON: %s' % malformed
    return error.format_message()
