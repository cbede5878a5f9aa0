# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""ComputeNode: a hypervisor host's resources and their usage."""
from oslo_serialization import jsonutils
from oslo_utils import uuidutils

from nova_lite.db.api import allocations as allocations_db
from nova_lite.db.api import compute_nodes as db
from nova_lite.objects import base
from nova_lite.objects import fields
from nova_lite.objects import monitor_metric
from nova_lite.objects import pci_device
from nova_lite.objects import vietstack

# Object fields stored as their primitive's text, read as they are loaded
# (vietstack_stat has a reading of its own: see _refresh).
_TEXT_OBJECTS = {'pci_stats': pci_device.PciDeviceList,
                 'metrics': monitor_metric.MonitorMetricList}


@base.NovaLiteObjectRegistry.register
class ComputeNode(base.NovaLiteTimestampObject, base.NovaLiteObject):
    # Version 1.0: Initial version
    # Version 1.1: get_by_uuid()
    # Version 1.2: vietstack_stat, get_vietstack_stat()
    # Version 1.3: host_ip
    # Version 1.4: cpu_info
    # Version 1.5: pci_stats, metrics
    VERSION = '1.5'

    fields = dict(base.NovaLiteTimestampObject.fields, **{
        'id': fields.IntegerField(read_only=True),
        'uuid': fields.UUIDField(),
        'service_id': fields.IntegerField(nullable=True),
        'host': fields.StringField(),
        'hypervisor_hostname': fields.StringField(),
        'hypervisor_type': fields.StringField(),
        'hypervisor_version': fields.IntegerField(default=0),
        'vcpus': fields.IntegerField(),
        'memory_mb': fields.IntegerField(),
        'local_gb': fields.IntegerField(),
        'vcpus_used': fields.IntegerField(default=0),
        'memory_mb_used': fields.IntegerField(default=0),
        'local_gb_used': fields.IntegerField(default=0),
        'running_vms': fields.IntegerField(default=0),
        'cpu_allocation_ratio': fields.FloatField(),
        'ram_allocation_ratio': fields.FloatField(),
        'disk_allocation_ratio': fields.FloatField(),
        'reserved_host_memory_mb': fields.IntegerField(default=0),
        'reserved_host_disk_mb': fields.IntegerField(default=0),
        'reserved_host_cpus': fields.IntegerField(default=0),
        'vietstack_stat': fields.ObjectField('VietStackStat', nullable=True,
                                             default=None),
        'host_ip': fields.IPAddressField(nullable=True, default=None),
        # The host's CPU (arch, model, vendor, features, topology) as
        # JSON text, as the driver read it.
        'cpu_info': fields.StringField(nullable=True, default=None),
        # The host's PCI devices that guests may have, each available or
        # allocated (as the resource tracker last counted them).
        'pci_stats': fields.ObjectField('PciDeviceList', nullable=True,
                                        default=None),
        # What the host's compute monitors last read ([compute]
        # compute_monitors; None without monitors).
        'metrics': fields.ObjectField('MonitorMetricList', nullable=True,
                                      default=None),
    })

    obj_relationships = {'vietstack_stat': [('1.2', '1.0')],
                         'pci_stats': [('1.5', '1.0')],
                         'metrics': [('1.5', '1.0')]}

    def obj_make_compatible(self, primitive, target_version):
        super().obj_make_compatible(primitive, target_version)
        target = tuple(int(p) for p in target_version.split('.'))
        if target < (1, 3):
            primitive.pop('host_ip', None)
        if target < (1, 4):
            primitive.pop('cpu_info', None)
        if target < (1, 5):
            primitive.pop('pci_stats', None)
            primitive.pop('metrics', None)

    def inventory(self):
        """{usage name: (total, reserved, allocation ratio)}: what the
        node reports to placement as its inventory, and what its own
        claims count against, so that the two never disagree. Reserved
        disk rounds up to whole GB."""
        return {
            'vcpus': (self.vcpus, self.reserved_host_cpus,
                      self.cpu_allocation_ratio),
            'memory_mb': (self.memory_mb, self.reserved_host_memory_mb,
                          self.ram_allocation_ratio),
            'local_gb': (self.local_gb, -(-self.reserved_host_disk_mb // 1024),
                         self.disk_allocation_ratio),
        }

    def capacity(self):
        """What may be allocated: Placement's (total - reserved) * ratio."""
        return {name: allocations_db.capacity(total, min(reserved, total),
                                              ratio)
                for name, (total, reserved, ratio) in
                self.inventory().items()}

    def used(self):
        return {'vcpus': self.vcpus_used, 'memory_mb': self.memory_mb_used,
                'local_gb': self.local_gb_used}

    def free_resources(self):
        used = self.used()
        return {name: total - used[name]
                for name, total in self.capacity().items()}

    def stored_values(self):
        """{field: the value its column holds} of the fields set: equal
        when the node would store the same."""
        return _to_columns({name: getattr(self, name) for name in self.fields
                            if self.obj_attr_is_set(name)})

    @classmethod
    def from_db(cls, context, db_node):
        return cls(context)._refresh(db_node)

    @base.remotable_classmethod
    def get_by_host_and_nodename(cls, context, host, nodename):
        return cls.from_db(context,
                           db.get_by_host_and_nodename(context, host,
                                                       nodename))

    @base.remotable_classmethod
    def get_by_uuid(cls, context, uuid):
        return cls.from_db(context, db.get_by_uuid(context, uuid))

    @base.remotable_classmethod
    def get_by_id(cls, context, node_id):
        return cls.from_db(context, db.get_by_id(context, node_id))

    @base.remotable
    def create(self):
        self.obj_set_defaults()
        if not self.obj_attr_is_set('uuid'):
            self.uuid = uuidutils.generate_uuid()
        values = _to_columns(self.obj_get_changes())
        values.pop('id', None)
        self._refresh(db.create(self._context, values))

    @base.remotable
    def save(self):
        changes = self.column_changes()
        if changes:
            self._refresh(db.update(self._context, self.id, changes))

    def column_changes(self):
        """The changed columns' new values, as ``save`` writes them (an
        instance's save can write them with it: ``saved_as``)."""
        changes = self.obj_get_changes()
        for name in ('id', 'uuid', 'created_at', 'updated_at'):
            changes.pop(name, None)
        return _to_columns(changes)

    def saved_as(self, db_node):
        """The node as another object's save wrote it (``db_node``)."""
        self._refresh(db_node)

    def _refresh(self, db_node):
        base.fill_from_db(self, db_node,
                          skip=('vietstack_stat',) + tuple(_TEXT_OBJECTS))
        for name, cls in _TEXT_OBJECTS.items():
            setattr(self, name, _from_text(cls, getattr(db_node, name)))
        self.obj_reset_changes(list(_TEXT_OBJECTS), recursive=True)
        # Read on first use: the scheduler loads dozens of nodes per
        # request and most requests never look at their NICs.
        self._vietstack_text = db_node.vietstack_stat
        if not self.obj_attr_is_set('vietstack_stat'):
            return self
        if _object_text(self.vietstack_stat) != db_node.vietstack_stat:
            delattr(self, 'vietstack_stat')  # read again when used
        elif self.vietstack_stat is not None:
            self.vietstack_stat.obj_reset_changes(recursive=True)
        return self

    def obj_load_attr(self, attrname):
        if attrname != 'vietstack_stat':
            return super().obj_load_attr(attrname)
        text = getattr(self, '_vietstack_text', _UNREAD)
        if text is _UNREAD:  # came over RPC without it: ask for it
            self.vietstack_stat = ComputeNode.get_vietstack_stat(
                self._context, self.uuid)
        else:
            self.vietstack_stat = vietstack.VietStackStat.obj_from_db_obj(
                text)
        self.obj_reset_changes(['vietstack_stat'])

    def shared_vietstack_stat(self):
        """The stat for reading only: one object per stored text, shared
        by every caller that sees that text (the scheduler reads each
        host's stat at every decision, and parsing it costs more than the
        rest of the filter). Never modify what this returns."""
        text = getattr(self, '_vietstack_text', _UNREAD)
        if text is _UNREAD:
            return self.vietstack_stat
        return vietstack.VietStackStat.shared_from_db_text(text)

    @base.remotable_classmethod
    def get_vietstack_stat(cls, context, uuid):
        return cls.get_by_uuid(context, uuid).vietstack_stat


_UNREAD = object()


def _to_columns(values):
    if values.get('host_ip') is not None:
        values['host_ip'] = str(values['host_ip'])
    for name in ('vietstack_stat',) + tuple(_TEXT_OBJECTS):
        if name in values:
            values[name] = _object_text(values[name])
    return values


def _from_text(cls, text):
    return None if text is None else cls.obj_from_primitive(
        jsonutils.loads(text))


def _object_text(obj):
    """The text column of an object field (None for none)."""
    return obj.to_db_text() if obj else None


@base.NovaLiteObjectRegistry.register
class ComputeNodeList(base.ObjectListBase, base.NovaLiteObject):
    # Version 1.0: Initial version
    # Version 1.1: get_by_uuids()
    VERSION = '1.1'

    fields = {'objects': fields.ListOfObjectsField('ComputeNode')}

    @base.remotable_classmethod
    def get_all(cls, context):
        return cls(context, objects=[ComputeNode.from_db(context, n)
                                     for n in db.get_all(context)])

    @classmethod
    def read_keeping(cls, context, known, uuids=None):
        """``get_all`` (or ``get_by_uuids``), keeping the objects of
        ``known`` ({uuid: node}) whose row has not changed: for a reader
        with the database that only reads them (the scheduler)."""
        return base.read_keeping(
            db.stamps(context, uuids), known,
            lambda stale: {row.uuid: row for row in db.get_by_uuids(
                context, stale)},
            lambda row: ComputeNode.from_db(context, row))

    @base.remotable_classmethod
    def get_by_uuids(cls, context, uuids):
        return cls(context, objects=[ComputeNode.from_db(context, n)
                                     for n in db.get_by_uuids(context,
                                                              uuids)])
