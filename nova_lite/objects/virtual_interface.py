# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""VirtualInterface: one vNIC of a server, with its fixed address and MAC.

What a server has on the data plane: ``index`` orders its vNICs, each on
a ``network`` (a ``[networks]`` name) with an ``address`` and a ``mac``
that no other server holds; the host plugs it on its
``physical_network``, through ``device`` (the host NIC a resource plugin
chose, if any), shaped to ``inbound_rate``/``outbound_rate`` kbit/s (0:
not shaped) with ``queues`` queues.

With a network service (``[networks] backend = neutron``) a vNIC is one of
its ports: ``uuid`` is the port's id, ``network`` its network's id and
``label`` the network's name, ``address`` its first fixed address
(``more_addresses`` the others), ``vif_type`` how the host plugs it
(``ovs``: on the integration bridge), ``preserve_on_delete`` whether it
was the user's own port (unbound, not deleted, when the server goes) and
``tag`` the device tag the create gave it, ``security_groups`` the names
of the port's security groups.
"""
import ipaddress
import json
import secrets

from oslo_db import api as oslo_db_api
from oslo_db import exception as db_exc

from nova_lite.db.api import virtual_interfaces as db
from nova_lite.objects import base
from nova_lite.objects import fields

# The prefix OpenStack gives the MACs it makes (locally administered).
MAC_PREFIX = 'fa:16:3e'
_PLUG_FIELDS = ('physical_network', 'device', 'inbound_rate',
                'outbound_rate', 'queues')
# What a port's row keeps as JSON in its ``details``.
_DETAIL_FIELDS = ('more_addresses', 'vif_type', 'preserve_on_delete', 'tag',
                  'security_groups')


def new_mac():
    return MAC_PREFIX + ''.join(':%02x' % b for b in secrets.token_bytes(3))


@base.NovaLiteObjectRegistry.register
class VirtualInterface(base.NovaLiteTimestampObject, base.NovaLiteObject):
    # Version 1.0: Initial version
    # Version 1.1: label, more_addresses, vif_type, preserve_on_delete, tag,
    #              security_groups
    VERSION = '1.1'

    fields = dict(base.NovaLiteTimestampObject.fields, **{
        'id': fields.IntegerField(),
        'uuid': fields.UUIDField(),
        'instance_uuid': fields.UUIDField(),
        'index': fields.IntegerField(),
        'network': fields.StringField(),
        'address': fields.StringField(),
        'mac': fields.StringField(),
        'physical_network': fields.StringField(nullable=True, default=None),
        'device': fields.StringField(nullable=True, default=None),
        'inbound_rate': fields.IntegerField(default=0),
        'outbound_rate': fields.IntegerField(default=0),
        'queues': fields.IntegerField(default=1),
        'label': fields.StringField(nullable=True, default=None),
        'more_addresses': fields.ListOfStringsField(default=[]),
        'vif_type': fields.StringField(nullable=True, default=None),
        'preserve_on_delete': fields.BooleanField(default=False),
        'tag': fields.StringField(nullable=True, default=None),
        # A port's security groups, by name (as the server shows them).
        'security_groups': fields.ListOfStringsField(default=[]),
    })

    def obj_make_compatible(self, primitive, target_version):
        super().obj_make_compatible(primitive, target_version)
        if target_version == '1.0':
            for name in ('label',) + _DETAIL_FIELDS:
                primitive.pop(name, None)

    @classmethod
    def from_db(cls, context, row):
        vif = base.fill_from_db(cls(context), row)
        vif.index = row.vnic_index
        details = json.loads(row.details) if row.details else {}
        for name in _DETAIL_FIELDS:
            if name in details:
                setattr(vif, name, details[name])
        vif.obj_set_defaults(*_DETAIL_FIELDS)
        vif.obj_reset_changes()
        return vif

    @property
    def network_name(self):
        """The name servers' ``addresses`` show it under."""
        return self.label or self.network

    @property
    def is_port(self):
        """Whether it is a network service's port."""
        return self.obj_attr_is_set('vif_type') and self.vif_type == 'ovs'

    def addresses(self):
        """Every fixed address it holds, its first first."""
        more = self.more_addresses if self.obj_attr_is_set(
            'more_addresses') else []
        return [self.address] + list(more)

    def port_row(self):
        """The row a port is recorded as (record_ports)."""
        self.obj_set_defaults(*(_PLUG_FIELDS + _DETAIL_FIELDS))
        row = {name: getattr(self, name) for name in
               ('uuid', 'network', 'label', 'address', 'mac') + _PLUG_FIELDS}
        row['details'] = json.dumps({name: getattr(self, name)
                                     for name in _DETAIL_FIELDS})
        return row

    @property
    def version(self):
        return ipaddress.ip_address(self.address).version

    def plug(self):
        """What the allocator writes of a wanted vNIC besides its
        network and MAC."""
        self.obj_set_defaults(*_PLUG_FIELDS)
        return {name: getattr(self, name) for name in _PLUG_FIELDS}


@base.NovaLiteObjectRegistry.register
class VirtualInterfaceList(base.ObjectListBase, base.NovaLiteObject):
    # Version 1.0: Initial version
    # Version 1.1: VirtualInterface 1.1; record_ports()
    # Version 1.2: record_left()
    VERSION = '1.2'

    fields = {'objects': fields.ListOfObjectsField('VirtualInterface')}

    @classmethod
    def _from_rows(cls, context, rows):
        return cls(context, objects=[VirtualInterface.from_db(context, r)
                                     for r in rows])

    @base.remotable_classmethod
    def get_by_instance_uuids(cls, context, uuids):
        rows = db.get_for_many(context, uuids)
        return cls._from_rows(context, [r for uuid in uuids
                                        for r in rows[uuid]])

    def by_instance(self):
        """{instance uuid: [vNIC by index]}."""
        found = {}
        for vif in self.objects:
            found.setdefault(vif.instance_uuid, []).append(vif)
        return found

    @base.remotable_classmethod
    def record_ports(cls, context, instance_uuid, vifs):
        """Make the instance's vNICs exactly ``vifs`` (a network service's
        ports); InstanceNotFound if it is gone."""
        db.record_ports(context, instance_uuid,
                        [vif.port_row() for vif in vifs])

    @base.remotable_classmethod
    def record_left(cls, context, instance_uuid, vifs):
        """Record the ports a deleted server's delete could not free as
        still its, for the audit to find (held_by_no_server)."""
        db.record_left_ports(context, instance_uuid,
                             [vif.port_row() for vif in vifs])

    @base.remotable_classmethod
    def free(cls, context, instance_uuid):
        db.free(context, instance_uuid)

    @base.remotable_classmethod
    def held_by_no_server(cls, context):
        return cls._from_rows(context, db.held_by_no_server(context))

    @base.remotable_classmethod
    def heal(cls, context, ids):
        """Free the vNICs of ``ids`` that still belong to no server; how
        many."""
        return db.delete_rows(context, ids)


def _is_lost_race(error):
    return isinstance(error, (db_exc.DBDuplicateEntry, db_exc.DBDeadlock))


def with_fresh_macs(write, vifs):
    """``write(wanted)``, where ``wanted`` is ``vifs`` as the allocator
    takes them (None: no vNIC change), each with a new MAC. Races for the
    same address or MAC are lost by all but one writer (the table's
    constraints); a loser's transaction is rolled back whole and it tries
    again, on a fresh view, with fresh MACs."""
    if vifs is None:
        return write(None)

    @oslo_db_api.wrap_db_retry(max_retries=64, retry_interval=0.01,
                               inc_retry_interval=True,
                               max_retry_interval=0.1, jitter=True,
                               exception_checker=_is_lost_race)
    def attempt():
        return write([dict(vif.plug(), network=vif.network, mac=new_mac())
                      for vif in vifs])
    return attempt()
