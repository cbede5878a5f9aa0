# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Image: an image of the image service, as its API and the compute API
see it. The bits are a file in the image store, not in the database."""
import datetime

from oslo_serialization import jsonutils
from oslo_utils import timeutils

from nova_lite.db.api import images as db
from nova_lite import exception
from nova_lite.objects import base
from nova_lite.objects import fields
from nova_lite.objects import image_member

QUEUED, SAVING, ACTIVE, KILLED = 'queued', 'saving', 'active', 'killed'
# Bits kept, downloads an admin's, boots refused (deactivate).
DEACTIVATED = 'deactivated'
# The statuses of an import: data staged, then being moved into place.
UPLOADING, IMPORTING = 'uploading', 'importing'
_PLAIN = ('id', 'name', 'status', 'disk_format', 'container_format', 'size',
          'checksum', 'os_hash_algo', 'os_hash_value', 'visibility',
          'owner', 'min_disk', 'min_ram', 'protected', 'os_hidden')


@base.NovaLiteObjectRegistry.register
class Image(base.NovaLiteTimestampObject, base.NovaLiteObject):
    # Version 1.0: Initial version
    # Version 1.1: os_hidden
    VERSION = '1.1'

    fields = dict(base.NovaLiteTimestampObject.fields, **{
        'id': fields.UUIDField(),
        'name': fields.StringField(nullable=True),
        'status': fields.StringField(),
        'disk_format': fields.StringField(nullable=True),
        'container_format': fields.StringField(nullable=True),
        'size': fields.IntegerField(nullable=True),
        'checksum': fields.StringField(nullable=True),
        'os_hash_algo': fields.StringField(nullable=True),
        'os_hash_value': fields.StringField(nullable=True),
        'visibility': fields.StringField(),
        'owner': fields.StringField(nullable=True),
        'min_disk': fields.IntegerField(default=0),
        'min_ram': fields.IntegerField(default=0),
        'protected': fields.BooleanField(default=False),
        'os_hidden': fields.BooleanField(default=False),
        'properties': fields.DictOfNullableStringsField(default={}),
        'tags': fields.ListOfStringsField(default=[]),
    })

    def obj_make_compatible(self, primitive, target_version):
        super().obj_make_compatible(primitive, target_version)
        if tuple(int(p) for p in target_version.split('.')) < (1, 1):
            primitive.pop('os_hidden', None)

    @classmethod
    def from_db(cls, context, row):
        image = cls(context)
        for name in _PLAIN + ('created_at', 'updated_at'):
            setattr(image, name, getattr(row, name))
        image.properties = jsonutils.loads(row.properties or '{}')
        image.tags = jsonutils.loads(row.tags or '[]')
        image.obj_reset_changes()
        return image

    def _values(self, names):
        values = {}
        for name in names:
            if not self.obj_attr_is_set(name):
                continue
            value = getattr(self, name)
            values[name] = (jsonutils.dumps(value)
                            if name in ('properties', 'tags') else value)
        return values

    @base.remotable_classmethod
    def get_by_id(cls, context, image_id):
        return cls.from_db(context, db.get(context, image_id))

    @base.remotable
    def create(self):
        self.obj_set_defaults()
        for name in _PLAIN:
            if not self.obj_attr_is_set(name):
                setattr(self, name, None)
        row = db.create(self._context, self._values(
            _PLAIN + ('properties', 'tags')))
        self.created_at, self.updated_at = row.created_at, row.updated_at
        self.obj_reset_changes()

    @base.remotable
    def save(self, expected_status=None):
        """Write what changed; with expected_status, only if the stored
        status is still one of those (ImageStatusConflict if not)."""
        row = db.update(self._context, self.id,
                        self._values(self.obj_what_changed()),
                        expected_status)
        self.updated_at = row.updated_at
        self.obj_reset_changes()

    @base.remotable
    def destroy(self):
        db.delete(self._context, self.id)

    @property
    def is_active(self):
        return self.status == ACTIVE

    def visible_to(self, context, member_statuses=None):
        """Whether the caller may see the image: an admin, its owner, any
        project when public or community, a project it is shared with
        (whatever its answer, as Glance shows it; only with one of
        ``member_statuses`` when given)."""
        if (context.is_admin or self.owner == context.project_id or
                self.visibility in db.OPEN):
            return True
        if self.visibility != 'shared':
            return False
        try:
            member = image_member.ImageMember.get(context, self.id,
                                                  context.project_id)
        except exception.ImageMemberNotFound:
            return False
        return member_statuses is None or member.status in member_statuses

    def bootable_by(self, context):
        """Visible, and if shared, accepted by the caller's project."""
        return self.visible_to(context, (image_member.ACCEPTED,))


@base.NovaLiteObjectRegistry.register
class ImageList(base.ObjectListBase, base.NovaLiteObject):
    # Version 1.0: Initial version
    # Version 1.1: stale_transfers()
    VERSION = '1.1'

    fields = {'objects': fields.ListOfObjectsField('Image')}

    @base.remotable_classmethod
    def get_all(cls, context, filters=None, limit=None, marker=None,
                sort_key='created_at', sort_dir='desc'):
        rows = db.get_all(context, filters or {}, limit, marker, sort_key,
                          sort_dir)
        return cls(context, objects=[Image.from_db(context, r)
                                     for r in rows])

    @base.remotable_classmethod
    def stale_transfers(cls, context, seconds):
        """Images being written (``saving``, ``uploading``) that nobody
        has touched for ``seconds``: their writer may have died."""
        before = timeutils.utcnow() - datetime.timedelta(seconds=seconds)
        return cls(context, objects=[
            Image.from_db(context, row)
            for row in db.stale(context, (SAVING, UPLOADING), before)])
