# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The last line of defence: no traceback ever reaches a client.

An unexpected error is logged with its traceback and answered as Nova
does, with a 500 ``computeFault`` that says only that something failed.
A database that cannot be reached (restarting, say) is not unexpected: a
503 that asks to retry, and one log line.
"""
from oslo_db import exception as db_exc
from oslo_log import log as logging
import webob.dec

from nova_lite.api import faults
from nova_lite.api.middleware import error_shapes
from nova_lite import exception

LOG = logging.getLogger(__name__)


class FaultWrapper:

    def __init__(self, application, error=faults.error_response):
        self.application = application
        self.error = error

    @webob.dec.wsgify
    def __call__(self, req):
        try:
            return req.get_response(self.application)
        except exception.NovaLiteException as e:
            return self.error(e.code, e.format_message())
        except db_exc.DBConnectionError as e:
            LOG.error('database unreachable serving %s %s: %s', req.method,
                      req.path, str(e).splitlines()[0] if str(e) else e)
            return self.error(503, 'The database cannot be reached right '
                                   'now. Try again in a moment.')
        except Exception:
            LOG.exception('unexpected error serving %s %s', req.method,
                          req.path)
            return self.error(
                500, 'Unexpected API Error. Please report this at the '
                     'nova_lite issue tracker and attach the API log if '
                     'possible.')


def filter_factory(global_conf, **local_conf):
    error = error_shapes.renderer(local_conf)
    return lambda app: FaultWrapper(app, error)
