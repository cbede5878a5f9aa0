# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""ImageMember: a project an image is shared with, and its answer."""
from nova_lite.db.api import image_members as db
from nova_lite.objects import base
from nova_lite.objects import fields

PENDING, ACCEPTED, REJECTED = 'pending', 'accepted', 'rejected'
STATUSES = (PENDING, ACCEPTED, REJECTED)


@base.NovaLiteObjectRegistry.register
class ImageMember(base.NovaLiteTimestampObject, base.NovaLiteObject):
    # Version 1.0: Initial version
    VERSION = '1.0'

    fields = dict(base.NovaLiteTimestampObject.fields, **{
        'image_id': fields.UUIDField(),
        'member': fields.StringField(),
        'status': fields.StringField(),
    })

    @classmethod
    def from_db(cls, context, row):
        member = cls(context)
        for name in ('image_id', 'member', 'status', 'created_at',
                     'updated_at'):
            setattr(member, name, getattr(row, name))
        member.obj_reset_changes()
        return member

    @base.remotable_classmethod
    def get(cls, context, image_id, member):
        return cls.from_db(context, db.get(context, image_id, member))

    @base.remotable
    def create(self):
        row = db.create(self._context, self.image_id, self.member,
                        self.status)
        self.created_at, self.updated_at = row.created_at, row.updated_at
        self.obj_reset_changes()

    @base.remotable
    def save(self):
        row = db.update(self._context, self.image_id, self.member,
                        self.status)
        self.updated_at = row.updated_at
        self.obj_reset_changes()

    @base.remotable
    def destroy(self):
        db.delete(self._context, self.image_id, self.member)


@base.NovaLiteObjectRegistry.register
class ImageMemberList(base.ObjectListBase, base.NovaLiteObject):
    # Version 1.0: Initial version
    VERSION = '1.0'

    fields = {'objects': fields.ListOfObjectsField('ImageMember')}

    @base.remotable_classmethod
    def get_by_image(cls, context, image_id):
        return cls(context, objects=[ImageMember.from_db(context, row)
                                     for row in db.get_all(context,
                                                           image_id)])
