# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""KeyPair: a user's named public key, given to the servers they boot."""
from nova_lite.db.api import key_pairs as db
from nova_lite.objects import base
from nova_lite.objects import fields

TYPE_SSH = 'ssh'
TYPE_X509 = 'x509'


@base.NovaLiteObjectRegistry.register
class KeyPair(base.NovaLiteTimestampObject, base.NovaLiteObject):
    # Version 1.0: Initial version
    VERSION = '1.0'

    fields = dict(base.NovaLiteTimestampObject.fields, **{
        'id': fields.IntegerField(),
        'name': fields.StringField(),
        'user_id': fields.StringField(),
        'fingerprint': fields.StringField(nullable=True),
        'public_key': fields.StringField(nullable=True),
        'type': fields.StringField(),
    })

    @classmethod
    def from_db(cls, context, row):
        return base.fill_from_db(cls(context), row)

    @base.remotable_classmethod
    def get_by_name(cls, context, user_id, name):
        return cls.from_db(context, db.get(context, user_id, name))

    @base.remotable
    def create(self, limit=None):
        """Store it; KeyPairExists for a name the user has, and
        KeypairLimitExceeded beyond ``limit`` key pairs."""
        row = db.create(self._context, {
            k: getattr(self, k) for k in
            ('name', 'user_id', 'fingerprint', 'public_key', 'type')},
            limit=limit)
        base.fill_from_db(self, row)

    @base.remotable_classmethod
    def destroy_by_name(cls, context, user_id, name):
        db.destroy(context, user_id, name)


@base.NovaLiteObjectRegistry.register
class KeyPairList(base.ObjectListBase, base.NovaLiteObject):
    # Version 1.0: Initial version
    VERSION = '1.0'

    fields = {'objects': fields.ListOfObjectsField('KeyPair')}

    @base.remotable_classmethod
    def get_by_user(cls, context, user_id, limit=None, marker=None):
        return cls(context, objects=[
            KeyPair.from_db(context, row)
            for row in db.get_all(context, user_id, limit, marker)])
