"""Placement's error bodies: ``{"errors": [{status, title, detail, code,
request_id}]}``."""
from oslo_serialization import jsonutils
import webob

from nova_lite.api.placement import version as placement_version

TITLES = {400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden',
          404: 'Not Found', 405: 'Method Not Allowed',
          406: 'Not Acceptable', 409: 'Conflict',
          413: 'Request Entity Too Large', 415: 'Unsupported Media Type',
          429: 'Too Many Requests'}


def response(status, detail, code='placement.undefined_code',
             request_id=None, version=None):
    error = {'status': status, 'title': TITLES.get(status, 'Error'),
             'detail': detail, 'code': code}
    if request_id:
        error['request_id'] = request_id
    answer = webob.Response(status=status, content_type='application/json',
                            charset='UTF-8',
                            body=jsonutils.dump_as_bytes({'errors': [error]}))
    placement_version.add_headers(answer, version)
    return answer
