# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Whether a console proxy lets a websocket request through, decided
before anything connects to a host.

In order: the page's ``Origin`` must be the proxy's own host (or one of
``[console] allowed_origins``); the token must be one (expired, reused
or forged ones are not found) of this proxy's console type, for a URL
of the scheme the page has; it is then taken (read and deleted at once,
so it opens one connection); its server must still be on a host;
and that host's compute must confirm that the token's address is still
the server's console (not another guest's after a move or a restart).
"""
import dataclasses
from urllib import parse

from oslo_log import log as logging
import oslo_messaging as messaging

from nova_lite.compute import rpcapi as compute_rpcapi
from nova_lite import context as nl_context
from nova_lite import exception
from nova_lite.objects import console_auth_token
from nova_lite.objects import instance as instance_obj

LOG = logging.getLogger(__name__)
# The schemes a page may open a console from, by the scheme of the
# console URL the user was given.
_SCHEMES = {'http': ('http', 'ws'), 'ws': ('http', 'ws'),
            'https': ('https', 'wss'), 'wss': ('https', 'wss')}


class Refused(Exception):
    """The request is answered ``status`` with ``reason``; nothing was
    connected."""

    def __init__(self, status, reason):
        super().__init__(reason)
        self.status = status
        self.reason = reason


@dataclasses.dataclass
class Admission:
    """Where an admitted websocket goes, and until when (Unix time)."""
    host: str
    port: int
    instance_uuid: str
    expires: int


def token_of(path, cookie_header):
    """The token of a websocket request: its ``token`` query parameter,
    as noVNC sends it, else a ``token`` cookie."""
    query = parse.parse_qs(parse.urlsplit(path).query)
    if query.get('token'):
        return query['token'][0]
    for part in (cookie_header or '').split(';'):
        name, _sep, value = part.strip().partition('=')
        if name == 'token' and value:
            return value
    return None


def _host_name(host_header):
    """The host of a ``Host`` header, without its port."""
    return parse.urlsplit('//' + (host_header or '')).hostname


class Gate:

    def __init__(self, conf, console_types):
        self.conf = conf
        self.console_types = console_types
        self.compute_api = compute_rpcapi.ComputeAPI(conf)

    def check_origin(self, headers):
        """A browser's page must come from this proxy's host (or an
        allowed one); a client without ``Origin`` is not a browser."""
        origin = headers.get('Origin')
        if origin is None:
            return None
        url = parse.urlsplit(origin)
        scheme = headers.get('X-Forwarded-Proto') or url.scheme
        if not url.hostname or not scheme:
            raise Refused(403, 'Origin header not valid.')
        allowed = set(self.conf.console.allowed_origins)
        allowed.add(_host_name(headers.get('Host')))
        if url.hostname not in allowed:
            raise Refused(403, 'Origin header does not match this host.')
        return scheme

    def admit(self, headers, path):
        """The Admission of a websocket request, or Refused."""
        scheme = self.check_origin(headers)
        token = token_of(path, headers.get('Cookie'))
        if not token:
            raise Refused(403, 'The request carries no console token.')
        context = nl_context.get_admin_context()
        tokens = console_auth_token.ConsoleAuthToken
        record = self._read(tokens.validate, context, token)
        if record.console_type not in self.console_types:
            raise Refused(403, 'The token is for a %s console, which this '
                               'proxy does not serve.' % record.console_type)
        base = parse.urlsplit(record.access_url_base or '').scheme
        if scheme and base and scheme not in _SCHEMES.get(base, ()):
            raise Refused(403, 'Origin header protocol does not match this '
                               'host.')
        # Used up from here: of two connections with it, one gets it.
        record = self._read(tokens.take, context, token)
        self._check_still_there(context, record)
        return Admission(record.host, record.port, record.instance_uuid,
                         record.expires)

    @staticmethod
    def _read(read, context, token):
        try:
            return read(context, token)
        except exception.InvalidToken:
            raise Refused(403, 'The token is invalid or has expired.')

    def _check_still_there(self, context, record):
        try:
            instance = instance_obj.Instance.get_by_uuid(
                context, record.instance_uuid)
        except exception.InstanceNotFound:
            raise Refused(403, 'The server of the token is gone.')
        if not instance.host:
            raise Refused(403, 'The server of the token is on no host.')
        try:
            current = self.compute_api.validate_console_port(
                context, instance, record.console_type, record.host,
                record.port)
        except (messaging.MessagingException,
                exception.NovaLiteException) as e:
            LOG.warning('console of %s: its compute %s could not confirm '
                        'the console address: %s', instance.uuid,
                        instance.host, e)
            current = False
        if not current:
            raise Refused(403, 'The token is not for the console of the '
                               'server as it is now.')
