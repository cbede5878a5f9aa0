"""Placement's error bodies: ``{"errors": [{status, title, detail, code,
request_id}]}``."""
from oslo_serialization import jsonutils
import webob

from nova_lite.api.placement import version as placement_version
from nova_lite import exception

TITLES = {400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden',
          404: 'Not Found', 405: 'Method Not Allowed',
          406: 'Not Acceptable', 409: 'Conflict',
          413: 'Request Entity Too Large', 415: 'Unsupported Media Type',
          429: 'Too Many Requests'}


def response(status, detail, code='placement.undefined_code',
             request_id=None, version=None):
    """The error answer. ``code`` from API 1.23; an unreadable or
    unacceptable version (``version`` None, 406) also says which versions
    there are."""
    error = {'status': status, 'title': TITLES.get(status, 'Error'),
             'detail': detail}
    if version is not None and version.matches('1.23'):
        error['code'] = code
    if request_id:
        error['request_id'] = request_id
    if status == 406 and version is None:
        error.update(min_version=placement_version.MIN_VERSION,
                     max_version=placement_version.MAX_VERSION)
    answer = webob.Response(status=status, content_type='application/json',
                            charset='UTF-8',
                            body=jsonutils.dump_as_bytes({'errors': [error]}))
    placement_version.add_headers(answer, version)
    return answer


def detail_of(error):
    """An error's detail in Placement's words where clients match them: a
    body that breaks its schema, a body that is not JSON."""
    schema_error = getattr(error, 'schema_error', None)
    if schema_error is not None:
        return 'JSON does not validate: %s' % schema_error
    if isinstance(error, exception.VersionNotFoundForAPIMethod):
        return 'The resource could not be found.'
    malformed = getattr(error, 'malformed', None)
    if malformed is not None:
        return 'Malformed JSON: %s' % malformed
    return error.format_message()
