"""Lab authentication: the token is ``user:project``.

The user named ``admin`` gets the admin role. A token without a colon (as
keystoneauth's ``none`` plugin sends) or no token at all maps to
``[api] anonymous_token``. Not for production: anyone can claim anything.
"""
import webob.dec

from nova_lite.api.middleware import request_id
from nova_lite.api import wsgi
from nova_lite import context as nl_context


class NoAuth:

    def __init__(self, application, anonymous_token):
        self.application = application
        self.anonymous_token = anonymous_token

    def _identity(self, token):
        if not token or ':' not in token:
            token = self.anonymous_token
        user, _sep, project = token.partition(':')
        return user, project or user

    @webob.dec.wsgify
    def __call__(self, req):
        user, project = self._identity(req.headers.get('X-Auth-Token'))
        roles = ['admin', 'member', 'reader'] if user == 'admin' else [
            'member', 'reader']
        req.environ[wsgi.ENVIRON_CONTEXT] = nl_context.RequestContext(
            user_id=user, project_id=project, roles=roles,
            request_id=req.environ.get(request_id.ENVIRON_KEY))
        return req.get_response(self.application)
