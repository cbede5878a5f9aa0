# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""VietStack: per-vNIC network capacity, asked by a server, served by NICs.

A server asks, per vNIC, for a ``rate`` (kbit/s) and a ``size`` (queue
slots) in each direction, on a physical network and of a vNIC type
(``InstanceVietStackRequest``); once claimed, each vNIC names the host NIC
that serves it. A host's NICs and what they have left are its
``VietStackStat``. The request is kept in instance_extra.vietstack_request
and the stat in compute_nodes.vietstack_stat, both as the objects'
primitives.
"""
import functools
import re

from oslo_serialization import jsonutils

from nova_lite.db.api import instances as db
from nova_lite.objects import base
from nova_lite.objects import fields

DIRECTIONS = ('outbound', 'inbound')
DEFAULT_TYPE = 'normal'
_VNIC_KEY = re.compile(r'^vietstack:vnic([0-9]+):(.+)$')


@base.NovaLiteObjectRegistry.register
class VietStackPerVnic(base.NovaLiteObject):
    """One direction of one vNIC: what it asks, and the NIC serving it."""
    # Version 1.0: Initial version
    VERSION = '1.0'

    fields = {
        'type': fields.StringField(nullable=True),
        'physical_network': fields.StringField(nullable=True),
        'rate': fields.IntegerField(default=0),
        'size': fields.IntegerField(default=0),
        'nic': fields.StringField(nullable=True, default=None),
    }


@base.NovaLiteObjectRegistry.register
class VietStackFlow(base.NovaLiteObject):
    """One vNIC: its outbound and inbound flows."""
    # Version 1.0: Initial version
    VERSION = '1.0'

    fields = {
        'outbound': fields.ListOfObjectsField('VietStackPerVnic'),
        'inbound': fields.ListOfObjectsField('VietStackPerVnic'),
    }
    # Which child version goes with each version of this one, for
    # backports without a manifest (a parent made older by target version).
    obj_relationships = {'outbound': [('1.0', '1.0')],
                         'inbound': [('1.0', '1.0')]}

    @property
    def physical_network(self):
        return self.outbound[0].physical_network

    @property
    def type(self):
        return self.outbound[0].type

    @property
    def nic(self):
        return self.outbound[0].nic

    def assign(self, nic):
        for flow in self.outbound + self.inbound:
            flow.nic = nic

    def amounts(self):
        """{(direction, 'rate'|'size'): amount} this vNIC asks for."""
        return {(d, unit): getattr(getattr(self, d)[0], unit)
                for d in DIRECTIONS for unit in ('rate', 'size')}


@base.NovaLiteObjectRegistry.register
class InstanceVietStackRequest(base.NovaLiteObject):
    """A server's vNICs, in index order."""
    # Version 1.0: Initial version
    VERSION = '1.0'

    fields = {
        'instance_uuid': fields.UUIDField(nullable=True, default=None),
        'vnics': fields.ListOfObjectsField('VietStackFlow'),
    }
    obj_relationships = {'vnics': [('1.0', '1.0')]}

    @classmethod
    def from_extra_specs(cls, specs):
        """The request a flavor's ``vietstack:`` extra specs make, or None
        when it asks for no vNIC."""
        count = int((specs or {}).get('vietstack:vnics', 0) or 0)
        if count <= 0:
            return None
        values = {}
        for key, value in (specs or {}).items():
            match = _VNIC_KEY.match(key)
            if match:
                values[(int(match.group(1)), match.group(2))] = value
        return cls(vnics=[_flow(values, i) for i in range(count)])

    @classmethod
    def obj_from_db_obj(cls, instance_uuid, db_text):
        """The request stored for an instance, or None."""
        if db_text is None:
            return None
        request = cls.obj_from_primitive(jsonutils.loads(db_text))
        request.instance_uuid = instance_uuid
        request.obj_reset_changes()
        return request

    def to_db_text(self):
        return base.db_text(self)

    @base.remotable
    def create(self):
        self._save()

    @base.remotable
    def save(self):
        self._save()

    def _save(self):
        db.update_extra(self._context, self.instance_uuid,
                        {'vietstack_request': self.to_db_text()})
        self.obj_reset_changes()

    @base.remotable_classmethod
    def get_by_instance_uuid(cls, context, instance_uuid):
        text = db.get_extra(context, instance_uuid,
                            ['vietstack_request'])['vietstack_request']
        request = cls.obj_from_db_obj(instance_uuid, text)
        if request is not None:
            request._context = context
        return request

    @base.remotable_classmethod
    def delete_by_instance_uuid(cls, context, instance_uuid):
        db.update_extra(context, instance_uuid, {'vietstack_request': None})

    def assignments(self):
        """[(vNIC index, NIC name)] once claimed."""
        return [(i, vnic.nic) for i, vnic in enumerate(self.vnics)]


def _flow(values, index):
    physnet = values.get((index, 'physical_network'))
    vnic_type = values.get((index, 'type')) or DEFAULT_TYPE

    def direction(name):
        return [VietStackPerVnic(
            type=vnic_type, physical_network=physnet,
            rate=int(values.get((index, '%s:rate' % name), 0) or 0),
            size=int(values.get((index, '%s:size' % name), 0) or 0),
            nic=None)]
    return VietStackFlow(outbound=direction('outbound'),
                         inbound=direction('inbound'))


@base.NovaLiteObjectRegistry.register
class VietStackPerNic(base.NovaLiteObject):
    """One physical NIC of a host: what it serves and what is in use."""
    # Version 1.0: Initial version
    VERSION = '1.0'

    fields = {
        'name': fields.StringField(),
        'physical_network': fields.StringField(),
        'vnic_types': fields.ListOfStringsField(),
        'outbound_rate': fields.IntegerField(default=0),
        'outbound_size': fields.IntegerField(default=0),
        'inbound_rate': fields.IntegerField(default=0),
        'inbound_size': fields.IntegerField(default=0),
        'reserved_rate': fields.IntegerField(default=0),
        'reserved_size': fields.IntegerField(default=0),
        'outbound_rate_used': fields.IntegerField(default=0),
        'outbound_size_used': fields.IntegerField(default=0),
        'inbound_rate_used': fields.IntegerField(default=0),
        'inbound_size_used': fields.IntegerField(default=0),
        'vnics': fields.IntegerField(default=0),
    }

    def capacity(self, direction, unit):
        """What vNICs may take in that direction: total less reserved
        (the reserve applies to each direction)."""
        total = getattr(self, '%s_%s' % (direction, unit))
        return max(total - getattr(self, 'reserved_%s' % unit), 0)

    def free(self, direction, unit):
        return self.capacity(direction, unit) - getattr(
            self, '%s_%s_used' % (direction, unit))

    def serves(self, vnic):
        """Whether the vNIC may go here: its type served, and its
        physical network this NIC's (a vNIC that names none takes any)."""
        return (vnic.physical_network in (None, self.physical_network) and
                vnic.type in self.vnic_types)


@base.NovaLiteObjectRegistry.register
class VietStackStat(base.NovaLiteObject):
    """A host's NICs, as its compute agent last counted them."""
    # Version 1.0: Initial version
    VERSION = '1.0'

    fields = {
        'nics': fields.ListOfObjectsField('VietStackPerNic', default=[]),
    }

    @classmethod
    def obj_from_db_obj(cls, db_text):
        if db_text is None:
            return None
        return cls.obj_from_primitive(jsonutils.loads(db_text))

    @staticmethod
    @functools.lru_cache(maxsize=4096)
    def shared_from_db_text(db_text):
        """obj_from_db_obj, parsed once per text: for readers only."""
        return VietStackStat.obj_from_db_obj(db_text)

    def to_db_text(self):
        return base.db_text(self)

    def nic(self, name):
        return next((n for n in self.nics if n.name == name), None)
