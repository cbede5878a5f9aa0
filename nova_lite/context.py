# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Request context: who is asking, and the database transaction they use.

It is carried over RPC (``to_dict``/``from_dict``), so the request id given
to an API call is logged by every service that works on it.
"""
from oslo_context import context as oslo_context
from oslo_db.sqlalchemy import enginefacade


@enginefacade.transaction_context_provider
class RequestContext(oslo_context.RequestContext):

    def __init__(self, *args, is_admin=None, **kwargs):
        super().__init__(*args, **kwargs)
        if is_admin is None:
            is_admin = 'admin' in (self.roles or [])
        self.is_admin = is_admin

    def to_dict(self):
        values = super().to_dict()
        values['is_admin'] = self.is_admin
        return values

    @classmethod
    def from_dict(cls, values, overwrite=True):
        """The context a message carried. It becomes the thread's current
        one (``overwrite``), as the thread now works on its request: the
        log lines of an RPC worker thread name the request it serves, not
        the one it served before."""
        return cls(user_id=values.get('user'),
                   project_id=values.get('project_id') or values.get(
                       'tenant'),
                   roles=values.get('roles') or [],
                   is_admin=values.get('is_admin'),
                   request_id=values.get('request_id'),
                   global_request_id=values.get('global_request_id'),
                   overwrite=overwrite)

    def elevated(self):
        """A copy with admin rights, for internal work on a user's behalf."""
        ctxt = self.from_dict(self.to_dict(), overwrite=False)
        ctxt.is_admin = True
        if 'admin' not in ctxt.roles:
            ctxt.roles = list(ctxt.roles) + ['admin']
        return ctxt


def get_admin_context():
    return RequestContext(user_id=None, project_id=None, roles=['admin'],
                          is_admin=True, overwrite=False)
