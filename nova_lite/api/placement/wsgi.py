"""The placement API's dispatcher: the compute API's router, with
Placement's microversions and error bodies."""
from nova_lite.api.placement import errors
from nova_lite.api.placement import version as placement_version
from nova_lite.api import wsgi


def _request_id(req):
    return req.environ.get('openstack.request_id')


class Router(wsgi.Router):

    @staticmethod
    def version_of(req):
        return placement_version.from_headers(req.headers)

    @staticmethod
    def error_response(code, message):
        return errors.response(code, message)

    @staticmethod
    def failure(req, error):
        return errors.response(
            error.code, error.format_message(),
            getattr(error, 'error_code', 'placement.undefined_code'),
            _request_id(req), req.api_version)

    @staticmethod
    def success(req, answer):
        response = wsgi.json_response(*answer)
        placement_version.add_headers(response, req.api_version)
        return response
