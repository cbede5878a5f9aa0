"""The placement API's dispatcher: the compute API's router, with
Placement's microversions and error bodies."""
from nova_lite.api.placement import errors
from nova_lite.api.placement import version as placement_version
from nova_lite.api import policy
from nova_lite.api import wsgi
from nova_lite import exception


def _request_id(req):
    return req.environ.get('openstack.request_id')


def _json(status, body, version, headers=None):
    response = wsgi.json_response(status, body, headers)
    placement_version.add_headers(response, version)
    return response


class Router(wsgi.Router):

    @staticmethod
    def error_response(code, message):
        return errors.response(code, message)

    @staticmethod
    def dispatch(req, handler, rule, kwargs):
        try:
            req.api_version = placement_version.from_headers(req.headers)
        except exception.NovaLiteException as e:
            return errors.response(e.code, e.format_message(),
                                   request_id=_request_id(req))
        try:
            policy.enforce(req.context, rule)
            answer = handler(req, **kwargs)
        except exception.NovaLiteException as e:
            return errors.response(
                e.code, e.format_message(),
                getattr(e, 'error_code', 'placement.undefined_code'),
                _request_id(req), req.api_version)
        return _json(*answer[:2], req.api_version, *answer[2:])
