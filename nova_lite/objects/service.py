"""Service: a running daemon, its host, and its heartbeat."""
from oslo_utils import timeutils

from nova_lite.db.api import services as db
from nova_lite.objects import base
from nova_lite.objects import fields

# Bumped when a service's RPC or object handling changes in a way that a
# peer must know about during a rolling upgrade.
SERVICE_VERSION = 1
COMPUTE_BINARY = 'nova-lite-compute'


@base.NovaLiteObjectRegistry.register
class Service(base.NovaLiteTimestampObject, base.NovaLiteObject):
    # Version 1.0: Initial version
    VERSION = '1.0'

    fields = dict(base.NovaLiteTimestampObject.fields, **{
        'id': fields.IntegerField(read_only=True),
        'host': fields.StringField(),
        'binary': fields.StringField(),
        'topic': fields.StringField(nullable=True),
        'report_count': fields.IntegerField(default=0),
        'disabled': fields.BooleanField(default=False),
        'disabled_reason': fields.StringField(nullable=True),
        'last_seen_up': fields.DateTimeField(nullable=True),
        'version': fields.IntegerField(default=SERVICE_VERSION),
    })

    def is_up(self, down_time):
        """Heartbeat within the last ``down_time`` seconds.

        Only a heartbeat counts: a service sends its first one once it
        takes requests, so a record just created is not up yet.
        """
        last = self.last_seen_up
        return last is not None and not timeutils.is_older_than(last,
                                                             down_time)

    @classmethod
    def from_db(cls, context, db_service):
        return base.fill_from_db(cls(context), db_service)

    @base.remotable_classmethod
    def get_by_host_and_binary(cls, context, host, binary):
        return cls.from_db(context,
                           db.get_by_host_and_binary(context, host, binary))

    @base.remotable
    def create(self):
        self.obj_set_defaults()
        values = self.obj_get_changes()
        base.fill_from_db(self, db.create(self._context, values))

    @base.remotable
    def save(self):
        changes = self.obj_get_changes()
        for name in ('id', 'created_at', 'updated_at'):
            changes.pop(name, None)
        if changes:
            base.fill_from_db(self, db.update(self._context, self.id,
                                              changes))


@base.NovaLiteObjectRegistry.register
class ServiceList(base.ObjectListBase, base.NovaLiteObject):
    # Version 1.0: Initial version
    VERSION = '1.0'

    fields = {'objects': fields.ListOfObjectsField('Service')}

    @base.remotable_classmethod
    def get_all(cls, context, binary=None):
        return cls(context, objects=[Service.from_db(context, s)
                                     for s in db.get_all(context, binary)])
