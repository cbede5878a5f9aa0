# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Service: a running daemon, its host, and its heartbeat."""
import collections

from oslo_utils import timeutils
from oslo_utils import uuidutils

from nova_lite.db.api import services as db
from nova_lite.objects import base
from nova_lite.objects import fields

# Bumped when a service's RPC or object handling changes in a way that a
# peer must know about during a rolling upgrade; each service writes its
# own into its record at every start.
#   1: every release before the services wrote their version at start
#   2: they do (what `nova-lite-status upgrade check` reads)
SERVICE_VERSION = 2
# The oldest version the services of this release still work with (the
# previous release's): the upgrade check fails for a compute older.
OLDEST_SUPPORTED_SERVICE_VERSION = 1
COMPUTE_BINARY = 'nova-lite-compute'


def seen_up(last_seen_up, forced_down, down_time):
    """A heartbeat within the last ``down_time`` seconds, not forced
    down."""
    return not forced_down and last_seen_up is not None and \
        not timeutils.is_older_than(last_seen_up, down_time)


class Liveness(collections.namedtuple(
        'Liveness', 'host disabled forced_down last_seen_up')):
    """What the scheduler asks of a host's service: whether it is up and
    enabled. Read afresh at each look: a heartbeat moves the row (and its
    ``updated_at``) every report interval, so an object kept between
    looks would be stale at once."""

    def is_up(self, down_time):
        return seen_up(self.last_seen_up, self.forced_down, down_time)


@base.NovaLiteObjectRegistry.register
class Service(base.NovaLiteTimestampObject, base.NovaLiteObject):
    # Version 1.0: Initial version
    # Version 1.1: uuid, forced_down; get_by_id(), get_by_uuid(), destroy()
    # Version 1.2: version has no default (create() writes this release's
    #              SERVICE_VERSION), so bumping it changes no object
    VERSION = '1.2'

    fields = dict(base.NovaLiteTimestampObject.fields, **{
        'id': fields.IntegerField(read_only=True),
        'uuid': fields.UUIDField(nullable=True),
        'forced_down': fields.BooleanField(default=False),
        'host': fields.StringField(),
        'binary': fields.StringField(),
        'topic': fields.StringField(nullable=True),
        'report_count': fields.IntegerField(default=0),
        'disabled': fields.BooleanField(default=False),
        'disabled_reason': fields.StringField(nullable=True),
        'last_seen_up': fields.DateTimeField(nullable=True),
        'version': fields.IntegerField(),
    })

    def obj_make_compatible(self, primitive, target_version):
        super().obj_make_compatible(primitive, target_version)
        if target_version == '1.0':
            for name in ('uuid', 'forced_down'):
                primitive.pop(name, None)

    def is_up(self, down_time):
        """Heartbeat within the last ``down_time`` seconds, not forced down.

        Only a heartbeat counts: a service sends its first one once it
        takes requests, so a record just created is not up yet. An
        operator who knows a host is gone forces its service down.
        """
        return seen_up(self.last_seen_up, self.obj_attr_is_set(
            'forced_down') and self.forced_down, down_time)

    @classmethod
    def from_db(cls, context, db_service):
        return base.fill_from_db(cls(context), db_service)

    @base.remotable_classmethod
    def get_by_host_and_binary(cls, context, host, binary):
        return cls.from_db(context,
                           db.get_by_host_and_binary(context, host, binary))

    @base.remotable_classmethod
    def get_by_id(cls, context, service_id):
        return cls.from_db(context, db.get(context, service_id))

    @base.remotable_classmethod
    def get_by_uuid(cls, context, uuid):
        return cls.from_db(context, db.get_by_uuid(context, uuid))

    @base.remotable
    def create(self):
        self.obj_set_defaults()
        if not self.obj_attr_is_set('uuid') or self.uuid is None:
            self.uuid = uuidutils.generate_uuid()
        if not self.obj_attr_is_set('version'):
            self.version = SERVICE_VERSION
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

    @base.remotable
    def destroy(self):
        """Remove the record (and, for a compute, its compute nodes)."""
        db.destroy(self._context, self.id)


@base.NovaLiteObjectRegistry.register
class ServiceList(base.ObjectListBase, base.NovaLiteObject):
    # Version 1.0: Initial version
    # Version 1.1: get_by_hosts()
    # Version 1.2: heartbeat()
    VERSION = '1.2'

    fields = {'objects': fields.ListOfObjectsField('Service')}

    @base.remotable_classmethod
    def get_all(cls, context, binary=None):
        return cls(context, objects=[Service.from_db(context, s)
                                     for s in db.get_all(context, binary)])

    @base.remotable_classmethod
    def heartbeat(cls, context, service_ids):
        """The services of these ids were seen up now (one process's
        services, in one write)."""
        db.heartbeat(context, service_ids)

    @classmethod
    def liveness_of(cls, context, binary, hosts=None):
        """{host: Liveness} of the ``binary``'s services (or of those on
        ``hosts``): four columns a service, no object built."""
        return {row[0]: Liveness(*row)
                for row in db.liveness(context, binary, hosts)}

    @base.remotable_classmethod
    def get_by_hosts(cls, context, hosts, binary):
        return cls(context, objects=[
            Service.from_db(context, s)
            for s in db.get_by_hosts(context, hosts, binary)])
