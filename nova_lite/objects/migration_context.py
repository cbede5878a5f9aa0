# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""MigrationContext: what a server holds on both ends of a move.

A move (resize, cold or live migration) claims the destination while the
source still holds the server's resources; the context carries both
claims, so that whichever side wins (confirm or revert) is known and the
other is freed. VietStack's are its vNIC requests with the NIC each was
given on the old and the new host; PCI passthrough's are the devices of
each host the server holds.
"""
from nova_lite.objects import base
from nova_lite.objects import fields


@base.NovaLiteObjectRegistry.register
class MigrationContext(base.NovaLiteObject):
    # Version 1.0: Initial version
    # Version 1.1: migration_uuid, old_flavor, new_flavor, source_host,
    #              dest_host, old_resource_records, new_resource_records
    # Version 1.2: old_pci_devices, new_pci_devices
    VERSION = '1.2'

    fields = {
        'instance_uuid': fields.UUIDField(),
        'migration_id': fields.IntegerField(nullable=True),
        'migration_uuid': fields.UUIDField(nullable=True),
        'source_host': fields.StringField(nullable=True),
        'dest_host': fields.StringField(nullable=True),
        'old_flavor': fields.ObjectField('Flavor', nullable=True),
        'new_flavor': fields.ObjectField('Flavor', nullable=True),
        'old_vietstack': fields.ObjectField('InstanceVietStackRequest',
                                            nullable=True),
        'new_vietstack': fields.ObjectField('InstanceVietStackRequest',
                                            nullable=True),
        'old_pci_devices': fields.ObjectField('PciDeviceList',
                                              nullable=True),
        'new_pci_devices': fields.ObjectField('PciDeviceList',
                                              nullable=True),
        # The other resource plugins' records on each end.
        'old_resource_records': fields.DictOfStringsField(nullable=True),
        'new_resource_records': fields.DictOfStringsField(nullable=True),
    }

    obj_relationships = {'old_vietstack': [('1.0', '1.0')],
                         'new_vietstack': [('1.0', '1.0')],
                         'old_flavor': [('1.1', '1.2')],
                         'new_flavor': [('1.1', '1.2')],
                         'old_pci_devices': [('1.2', '1.0')],
                         'new_pci_devices': [('1.2', '1.0')]}

    def obj_make_compatible(self, primitive, target_version):
        super().obj_make_compatible(primitive, target_version)
        if target_version == '1.0':
            for name in ('migration_uuid', 'source_host', 'dest_host',
                         'old_flavor', 'new_flavor', 'old_resource_records',
                         'new_resource_records'):
                primitive.pop(name, None)

    @classmethod
    def of_move(cls, instance, migration, dest_host, new_flavor):
        """The context of ``instance``'s move by ``migration`` to
        ``dest_host`` with ``new_flavor``; each end's resource records
        empty until the plugins keep theirs (``end``)."""
        context = cls(instance_uuid=instance.uuid,
                      migration_id=migration.id,
                      migration_uuid=migration.uuid,
                      source_host=migration.source_compute,
                      dest_host=dest_host, old_flavor=instance.flavor,
                      new_flavor=new_flavor)
        for end in ('old', 'new'):
            for field in _RECORD_FIELDS.values():
                setattr(context, field % end, None)
        return context

    def side(self, host):
        """What this move holds on ``host``: [(key, flavor, end)] with
        end 'old' (the source's) or 'new' (the destination's), keyed by
        the consumer each is tracked under: the instance's uuid on the
        source, the migration's on the destination (both, on one host).
        """
        held = []
        if self.source_host == host:
            held.append((self.instance_uuid, self.old_flavor, 'old'))
        if self.dest_host == host:
            held.append((self.migration_uuid, self.new_flavor, 'new'))
        return held

    def end(self, end):
        """The resource records of one end ('old' or 'new') as the
        resource plugins read and set them on an instance."""
        return _End(self, end)


# An instance's record field: its field on each end of a move.
_RECORD_FIELDS = {'vietstack_request': '%s_vietstack',
                  'pci_devices': '%s_pci_devices',
                  'resource_records': '%s_resource_records'}


class _End:
    """An end of a move seen as an instance's record fields: a plugin's
    ``record_of`` and ``keep`` work on it unchanged."""

    def __init__(self, context, end):
        object.__setattr__(self, '_names', {
            name: field % end for name, field in _RECORD_FIELDS.items()})
        object.__setattr__(self, '_context', context)

    def __getattr__(self, name):
        context = self.__dict__['_context']
        field = self.__dict__['_names'][name]
        return getattr(context, field) if context.obj_attr_is_set(
            field) else None

    def __setattr__(self, name, value):
        setattr(self._context, self._names[name], value)
