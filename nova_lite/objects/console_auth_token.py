# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""ConsoleAuthToken: what a console URL's token stands for (a guest's
console address on its host), written by the API when it hands the URL
out and taken by a console proxy when the user connects.

The token itself is only in the URL; the database keeps its SHA-256, so
reading the table gives no one a console. A proxy takes a token (reads
and deletes it in one step): a URL opens one connection.
"""
import hashlib
import time
from urllib import parse

from oslo_utils import uuidutils

from nova_lite.db.api import console_auth_tokens as db
from nova_lite import exception
from nova_lite.objects import base
from nova_lite.objects import fields


def _hash(token):
    return hashlib.sha256(token.encode()).hexdigest()


@base.NovaLiteObjectRegistry.register
class ConsoleAuthToken(base.NovaLiteTimestampObject, base.NovaLiteObject):
    # Version 1.0: Initial version
    VERSION = '1.0'

    fields = dict(base.NovaLiteTimestampObject.fields, **{
        'id': fields.IntegerField(read_only=True),
        'console_type': fields.StringField(),
        'host': fields.StringField(),
        'port': fields.IntegerField(),
        'tls_port': fields.IntegerField(nullable=True),
        'internal_access_path': fields.StringField(nullable=True),
        'instance_uuid': fields.UUIDField(),
        'expires': fields.IntegerField(),
        'access_url_base': fields.StringField(nullable=True),
        # Only in the object that made the token, never stored.
        'token': fields.StringField(),
    })

    @classmethod
    def _from_db(cls, context, row):
        return base.fill_from_db(cls(context), row)

    @base.remotable
    def authorize(self, ttl):
        """Store a new token good for ``ttl`` seconds; the token."""
        token = uuidutils.generate_uuid()
        now = int(time.time())
        self.expires = now + ttl
        values = {name: getattr(self, name) for name in (
            'console_type', 'host', 'port', 'internal_access_path',
            'instance_uuid', 'expires', 'access_url_base')}
        values['tls_port'] = self.tls_port if self.obj_attr_is_set(
            'tls_port') else None
        values['token_hash'] = _hash(token)
        base.fill_from_db(self, db.create(self._context, values, now))
        self.token = token
        self.obj_reset_changes()
        return token

    @property
    def access_url(self):
        """The URL a user opens: noVNC reads its websocket's path (with
        the token) from the page's ``path`` parameter."""
        if self.console_type == 'novnc':
            query = parse.urlencode({'path': '?token=%s' % self.token})
        else:
            query = parse.urlencode({'token': self.token})
        separator = '&' if '?' in self.access_url_base else '?'
        return self.access_url_base + separator + query

    @base.remotable_classmethod
    def validate(cls, context, token, instance_uuid=None):
        """The unexpired token's record (of that server if given), left
        in place; InvalidToken if there is none."""
        row = db.get_valid(context, _hash(token), int(time.time()),
                           instance_uuid)
        return cls._found(context, row)

    @base.remotable_classmethod
    def take(cls, context, token):
        """The unexpired token's record, deleted: the token opens no
        second connection. InvalidToken if there is none."""
        return cls._found(context, db.take(context, _hash(token),
                                           int(time.time())))

    @classmethod
    def _found(cls, context, row):
        if row is None:
            raise exception.InvalidToken()
        return cls._from_db(context, row)

    @base.remotable_classmethod
    def clean_console_auths_for_instance(cls, context, instance_uuid):
        db.destroy_for_instance(context, instance_uuid)
