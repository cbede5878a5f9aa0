# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Migration: one move of a server, as the services and the API see it.

Its ``uuid`` is the placement consumer of the source host's allocation
while the move is under way (the instance's own uuid holds the
destination's), so whichever end the move keeps, the other is freed by
dropping one consumer.
"""
from oslo_log import log as logging
from oslo_utils import timeutils
from oslo_utils import uuidutils

from nova_lite.db.api import migrations as db
from nova_lite import exception
from nova_lite import metrics
from nova_lite.objects import base
from nova_lite.objects import fields
from nova_lite.objects import instance_fault
from nova_lite.objects import placement as placement_obj

LOG = logging.getLogger(__name__)

RESIZE, MIGRATION = 'resize', 'migration'
LIVE_MIGRATION, EVACUATION = 'live-migration', 'evacuation'
ENDED = db.ENDED
# The status a move's migration is recorded in, when it is accepted.
FIRST_STATUS = {RESIZE: 'pre-migrating', MIGRATION: 'pre-migrating',
                LIVE_MIGRATION: 'accepted', EVACUATION: 'accepted'}


@base.NovaLiteObjectRegistry.register
class Migration(base.NovaLiteTimestampObject, base.NovaLiteObject):
    # Version 1.0: Initial version
    VERSION = '1.0'

    fields = dict(base.NovaLiteTimestampObject.fields, **{
        'id': fields.IntegerField(),
        'uuid': fields.UUIDField(),
        'instance_uuid': fields.UUIDField(),
        'migration_type': fields.StringField(),
        'status': fields.StringField(),
        'source_compute': fields.StringField(nullable=True),
        'source_node': fields.StringField(nullable=True),
        'dest_compute': fields.StringField(nullable=True),
        'dest_node': fields.StringField(nullable=True),
        'dest_host': fields.StringField(nullable=True),
        'old_instance_type_id': fields.IntegerField(nullable=True),
        'new_instance_type_id': fields.IntegerField(nullable=True),
        'user_id': fields.StringField(nullable=True),
        'project_id': fields.StringField(nullable=True),
        'memory_total': fields.IntegerField(nullable=True),
        'memory_processed': fields.IntegerField(nullable=True),
        'memory_remaining': fields.IntegerField(nullable=True),
        'disk_total': fields.IntegerField(nullable=True),
        'disk_processed': fields.IntegerField(nullable=True),
        'disk_remaining': fields.IntegerField(nullable=True),
    })

    @property
    def in_progress(self):
        return self.status not in ENDED

    @property
    def same_host(self):
        return self.source_compute == self.dest_compute

    @classmethod
    def from_db(cls, context, row):
        return base.fill_from_db(cls(context), row)

    @base.remotable_classmethod
    def get_by_id(cls, context, migration_id):
        return cls.from_db(context, db.get(context, migration_id))

    @base.remotable_classmethod
    def get_by_uuid(cls, context, uuid):
        return cls.from_db(context, db.get(context, uuid=uuid))

    @base.remotable_classmethod
    def in_progress_of(cls, context, instance_uuid):
        """The instance's move under way, or None."""
        row = db.in_progress_of(context, instance_uuid)
        return None if row is None else cls.from_db(context, row)

    @base.remotable
    def create(self):
        row = db.create(self._context, {
            k: getattr(self, k) for k in db.COLUMNS
            if self.obj_attr_is_set(k)})
        base.fill_from_db(self, row)

    def set_status(self, status, expected_status=None):
        """Move on to ``status`` and save (see ``save``)."""
        self.status = status
        self.save(expected_status)

    @base.remotable
    def save(self, expected_status=None):
        """Write the changes; Conflict if the status is no longer one of
        ``expected_status`` (a concurrent step moved it on)."""
        changes = {k: v for k, v in self.obj_get_changes().items()
                   if k in db.COLUMNS}
        row = db.update(self._context, self.id, changes, expected_status)
        base.fill_from_db(self, row)
        if changes.get('status') in ENDED:
            _count_end(self)


def _count_end(migration):
    """A move's time from its acceptance to its end, in the metrics."""
    lasted = timeutils.utcnow(with_timezone=True) - migration.created_at
    metrics.MOVES.labels(migration.migration_type, migration.status).observe(
        max(lasted.total_seconds(), 0))


@base.NovaLiteObjectRegistry.register
class MigrationList(base.ObjectListBase, base.NovaLiteObject):
    # Version 1.0: Initial version
    # Version 1.1: in_progress_on_hosts()
    VERSION = '1.1'

    fields = {'objects': fields.ListOfObjectsField('Migration')}

    @base.remotable_classmethod
    def get_by_filters(cls, context, filters, limit=None, marker=None):
        rows = db.get_all(context, filters, limit, marker)
        return cls(context, objects=[Migration.from_db(context, r)
                                     for r in rows])

    @base.remotable_classmethod
    def in_progress_on_host(cls, context, host):
        return cls(context, objects=[
            Migration.from_db(context, r)
            for r in db.in_progress_on_host(context, host)])

    @base.remotable_classmethod
    def in_progress_on_hosts(cls, context, hosts):
        """Those under way from or to any of ``hosts`` (the periodic
        pass of the computes one process runs), in one read."""
        return cls(context, objects=[
            Migration.from_db(context, r)
            for r in db.in_progress_on_hosts(context, hosts)])


def record_move(context, instance, kind, flavor=None):
    """The migration of a move of ``kind`` just accepted (to ``flavor``,
    the server's own if None), written: the request it answers is
    durable, whichever service stops before it is carried out."""
    flavor = flavor or instance.flavor
    migration = Migration(
        context, uuid=uuidutils.generate_uuid(), instance_uuid=instance.uuid,
        migration_type=kind, status=FIRST_STATUS[kind],
        source_compute=instance.host, source_node=instance.node,
        old_instance_type_id=instance.flavor.id,
        new_instance_type_id=flavor.id, user_id=context.user_id,
        project_id=context.project_id)
    migration.create()
    return migration


def roll_back(instance, migration, error, host=None, status='error'):
    """A move that ends before the guest left its source: the source's
    allocation back to the instance (first: an ended migration's
    allocation is the audit's to remove), the migration in ``status``,
    and the server as it was, without a task, a fault saying why (none
    for a move that was cancelled, which failed nothing)."""
    context = instance._context
    placement_obj.Placement.move_allocations(
        context, migration.uuid, instance.uuid, instance.project_id,
        instance.user_id)
    migration.set_status(status)
    if status != 'cancelled':
        instance_fault.InstanceFault.record(context, instance.uuid, error,
                                            host=host)
    instance.migration_context = None
    instance.task_state = None
    try:
        instance.save()
    except exception.InstanceNotFound:
        LOG.info('instance %s was deleted during its move', instance.uuid)


def end_moves_of(context, instance_uuid):
    """A server being deleted: its move under way ends (in error) and the
    allocation its migration holds goes (after: a crash in between
    leaves an ended migration's allocation, which the audit removes)."""
    migration = Migration.in_progress_of(context, instance_uuid)
    if migration is None:
        return
    migration.set_status('error')
    placement_obj.Placement.unclaim(context, migration.uuid)


# An evacuation's statuses until its source has cleaned up after it.
_EVACUATED_FROM = ('accepted', 'pre-migrating', 'done')
# A resize's or cold migration's, while its source keeps the old guest
# for a revert.
_SOURCE_GUEST_KEPT = ('finished', 'reverting')


def evacuations_from(context, host):
    """The evacuations of servers off ``host`` that it has not cleaned
    up after: their migrations still hold its allocations."""
    return MigrationList.get_by_filters(context, {
        'source_compute': host, 'migration_type': EVACUATION,
        'status': list(_EVACUATED_FROM)})


def left_to_source(context, host):
    """What ``host``, starting, has left to do for the moves off it, in
    one read: (the evacuations it has not cleaned up after, the confirms
    of moves off it that were cut off, the moves off it that wait to be
    confirmed or are being reverted: their old guests stay)."""
    found = MigrationList.get_by_filters(context, {
        'source_compute': host,
        'status': list(_EVACUATED_FROM + _SOURCE_GUEST_KEPT) + [
            'confirming']})
    return ([m for m in found if m.migration_type == EVACUATION and
             m.status in _EVACUATED_FROM],
            [m for m in found if m.status == 'confirming'],
            [m for m in found if m.status in _SOURCE_GUEST_KEPT])


def confirming_from(context, hosts):
    """{host: [migrations]} of the moves off ``hosts`` being confirmed,
    in one read: a confirm whose source stopped as it took the request,
    or whose request was lost, stays so until the source finishes it."""
    found = {host: [] for host in hosts}
    for migration in MigrationList.get_by_filters(context, {
            'source_compute': list(hosts), 'status': 'confirming'}):
        found[migration.source_compute].append(migration)
    return found


def complete_evacuation(context, migration):
    """The evacuated server's source is cleaned up (its guest gone, or
    the host itself): the migration ends, then its allocation there goes
    (a crash in between leaves it to the audit)."""
    migration.set_status('completed')
    placement_obj.Placement.unclaim(context, migration.uuid)
