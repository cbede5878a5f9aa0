# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""PciDevice: a host's PCI device that ``[pci] device_spec`` lets guests
have, and who has it.

A host's devices are its compute node's ``pci_stats`` (each ``available``
or ``allocated`` to an instance); the devices a server was given are its
``pci_devices`` (instance_extra), and those of each end of a move are in
its MigrationContext. Usage is always derived from the servers' records:
the host's list is recounted from them, never the other way round.

In placement, a device (or an SR-IOV physical function with its virtual
functions) is a child provider of its host with one unit of its resource
class per device; ``provider_key`` names the address that provider is
made for.
"""
from nova_lite.objects import base
from nova_lite.objects import fields


@base.NovaLiteObjectRegistry.register
class PciDevice(base.NovaLiteObject):
    # Version 1.0: Initial version
    VERSION = '1.0'

    fields = {
        # domain:bus:slot.function, as libvirt and Nova write it
        # (0000:81:00.0).
        'address': fields.StringField(),
        'vendor_id': fields.StringField(),
        'product_id': fields.StringField(),
        'dev_type': fields.PciDeviceTypeField(),
        # libvirt's node device name (pci_0000_81_00_0).
        'dev_id': fields.StringField(nullable=True, default=None),
        'label': fields.StringField(),
        'numa_node': fields.IntegerField(nullable=True, default=None),
        # The physical function of a virtual function.
        'parent_addr': fields.StringField(nullable=True, default=None),
        # The class placement counts it in (device_spec's, or
        # CUSTOM_PCI_<vendor>_<product>).
        'resource_class': fields.StringField(),
        'status': fields.PciDeviceStatusField(
            default=fields.PciDeviceStatus.AVAILABLE),
        'instance_uuid': fields.UUIDField(nullable=True, default=None),
    }

    @property
    def provider_key(self):
        """The address of the device's provider in placement: its own,
        or its physical function's for a virtual function."""
        if self.dev_type == fields.PciDeviceType.SRIOV_VF:
            return self.parent_addr
        return self.address

    def given_to(self, instance_uuid):
        """A copy of the device, allocated to ``instance_uuid``."""
        device = self.obj_clone()
        device.status = fields.PciDeviceStatus.ALLOCATED
        device.instance_uuid = instance_uuid
        return device


@base.NovaLiteObjectRegistry.register
class PciDeviceList(base.ObjectListBase, base.NovaLiteObject):
    # Version 1.0: Initial version
    VERSION = '1.0'

    fields = {'objects': fields.ListOfObjectsField('PciDevice')}

    @classmethod
    def of(cls, devices):
        return cls(objects=list(devices))

    @property
    def addresses(self):
        return [device.address for device in self.objects]

    def to_db_text(self):
        return base.db_text(self)
