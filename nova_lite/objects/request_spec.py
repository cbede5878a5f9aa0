# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""RequestSpec: everything the scheduler needs to place one boot request.

It is the one versioned contract between API, conductor and scheduler, and
is stored whole (as its primitive) so a reschedule sees the same request.
"""
from oslo_serialization import jsonutils

from nova_lite.db.api import request_specs as db
from nova_lite.objects import base
from nova_lite.objects import fields
from nova_lite.objects import flavor_placement
from nova_lite.objects import port_placement
from nova_lite.objects import vietstack


AUTO = 'auto'
NONE = 'none'


@base.NovaLiteObjectRegistry.register
class RequestSpec(base.NovaLiteObject):
    # Version 1.0: Initial version
    # Version 1.1: requested_destination
    # Version 1.2: vietstack_requests
    # Version 1.3: requested_networks
    # Version 1.4: availability_zone
    # Version 1.5: force_destination
    # Version 1.6: network_requests
    # Version 1.7: port_resources
    VERSION = '1.7'

    fields = {
        'id': fields.IntegerField(),
        'instance_uuid': fields.UUIDField(),
        'project_id': fields.StringField(nullable=True),
        'user_id': fields.StringField(nullable=True),
        'flavor': fields.ObjectField('Flavor'),
        'num_instances': fields.IntegerField(default=1),
        'ignore_hosts': fields.ListOfStringsField(default=[]),
        'scheduler_hints': fields.DictOfListOfStringsField(default={}),
        # {'host': ..., 'node': ...} an admin asked for (API 2.74).
        'requested_destination': fields.DictOfNullableStringsField(
            nullable=True, default=None),
        # The scheduler's filters do not judge the requested host (an
        # admin's forced move); placement must still have room there.
        'force_destination': fields.BooleanField(default=False),
        # The VietStack vNICs the flavor asks for (None: no vNIC).
        'vietstack_requests': fields.ObjectField(
            'InstanceVietStackRequest', nullable=True, default=None),
        # The create's ``networks``: 'auto' (a vNIC on the default network
        # unless the flavor gives vNICs of its own) or 'none'.
        'requested_networks': fields.StringField(default=AUTO),
        # With a network service: the ports to make or take, as the API
        # resolved the create's ``networks`` (None: none resolved, as
        # with the fixed networks, or ``networks: none``).
        'network_requests': fields.ListOfObjectsField(
            'NetworkRequest', nullable=True, default=None),
        # {port id: its resource_request}: the network service's ports
        # that ask placement for something (minimum bandwidth), the
        # create's given ones, or a moving server's own.
        'port_resources': fields.JSONDictField(nullable=True, default=None),
        # The zone the create (or an unshelve) asked for; None: any.
        'availability_zone': fields.StringField(nullable=True,
                                                default=None),
    }

    obj_relationships = {'vietstack_requests': [('1.2', '1.0')],
                         'network_requests': [('1.6', '1.0'),
                                              ('1.7', '1.1')]}

    def obj_make_compatible(self, primitive, target_version):
        super().obj_make_compatible(primitive, target_version)
        if target_version == '1.0':
            primitive.pop('requested_destination', None)
        if target_version in ('1.0', '1.1', '1.2'):
            primitive.pop('requested_networks', None)
        if target_version in ('1.0', '1.1', '1.2', '1.3'):
            primitive.pop('availability_zone', None)
        if target_version in ('1.0', '1.1', '1.2', '1.3', '1.4'):
            _force_as_before_1_5(primitive)
        if target_version in ('1.0', '1.1', '1.2', '1.3', '1.4', '1.5',
                              '1.6'):
            primitive.pop('port_resources', None)

    @classmethod
    def from_components(cls, context, instance, flavor, hints=None,
                        requested_destination=None,
                        requested_networks=AUTO, network_requests=None):
        return cls(context, instance_uuid=instance.uuid,
                   project_id=instance.project_id,
                   user_id=instance.user_id, flavor=flavor,
                   num_instances=1, ignore_hosts=[],
                   scheduler_hints=hints or {},
                   requested_destination=requested_destination,
                   requested_networks=requested_networks,
                   network_requests=network_requests,
                   port_resources={
                       r.port_id: r.resource_request
                       for r in network_requests or ()
                       if r.port_id and r.resource_request} or None,
                   availability_zone=(
                       instance.availability_zone if instance.obj_attr_is_set(
                           'availability_zone') else None),
                   vietstack_requests=vietstack.InstanceVietStackRequest
                   .from_extra_specs(flavor.extra_specs))

    def with_flavor(self, flavor):
        """Ask for ``flavor`` (a resize's new one) and what the resource
        plugins read of it."""
        self.flavor = flavor
        self.vietstack_requests = vietstack.InstanceVietStackRequest \
            .from_extra_specs(flavor.extra_specs)

    def to_destination(self, host=None, force=False):
        """Ask for ``host`` (any, if None); ``force``: past the
        scheduler's filters."""
        self.requested_destination = {'host': host} if host else None
        self.force_destination = bool(host and force)

    def forced(self):
        """Whether the filters are skipped for the host asked for. A
        spec from a conductor of the release before 1.5 says so as the
        text 'True' in its requested destination."""
        wanted = (self.requested_destination
                  if self.obj_attr_is_set('requested_destination') else None)
        if not (wanted and wanted.get('host')):
            return False
        if self.obj_attr_is_set('force_destination'):
            return self.force_destination
        return wanted.get('force') == 'True'

    def networks_asked(self):
        """'auto' or 'none' (a spec stored before 1.3: 'auto')."""
        if self.obj_attr_is_set('requested_networks'):
            return self.requested_networks
        return AUTO

    def with_ports(self, resources):
        """Ask for the ports' resources ({port id: resource request}): a
        moving server's as its ports have them now."""
        self.port_resources = resources or None

    def with_made_ports(self, made):
        """Take the ports made for the server before it is scheduled
        ([NetworkRequest], owned), ahead of the create's, and ask for
        their resources."""
        ids = {r.port_id for r in made}
        self.network_requests = list(made) + [
            r for r in self.ports_asked() if r.port_id not in ids]
        self.port_resources = dict(self.ports_resources(), **{
            r.port_id: r.resource_request for r in made
            if r.resource_request}) or None

    def ports_asked(self):
        """The network service's ports to make or take ([] if none)."""
        if self.obj_attr_is_set('network_requests'):
            return list(self.network_requests or [])
        return []

    def zone(self):
        """The zone asked for, or None (a spec stored before 1.4)."""
        return (self.availability_zone
                if self.obj_attr_is_set('availability_zone') else None)

    def group_uuid(self):
        """The server group the request's server is a member of (its
        ``group`` hint), or None."""
        hints = self.scheduler_hints if self.obj_attr_is_set(
            'scheduler_hints') else {}
        return next(iter((hints or {}).get('group') or []), None)

    def placement_request(self, plugins=()):
        """The typed request for placement: the flavor's groups, then
        each resource plugin's."""
        wanted = flavor_placement.request(self.flavor)
        for plugin in plugins:
            wanted.add(plugin.request_groups(self))
        port_placement.add_to(wanted, self.ports_resources())
        return wanted

    def ports_resources(self):
        """{port id: resource request} of the ports that ask placement
        for something (none for a spec stored before 1.7)."""
        if self.obj_attr_is_set('port_resources'):
            return dict(self.port_resources or {})
        return {}

    def _to_text(self):
        primitive = self.obj_to_primitive()
        primitive['nova_lite_object.data'].pop('id', None)
        return jsonutils.dumps(primitive)

    @classmethod
    def _from_row(cls, context, row):
        spec = cls.obj_from_primitive(jsonutils.loads(row.spec), context)
        spec._context = context
        spec.id = row.id
        spec.obj_reset_changes()
        return spec

    @base.remotable_classmethod
    def get_by_instance_uuid(cls, context, instance_uuid):
        return cls._from_row(context,
                             db.get_by_instance_uuid(context, instance_uuid))

    @base.remotable
    def create(self):
        row = db.create(self._context, self.instance_uuid,
                        self.text_to_create())
        self.created(row)

    def text_to_create(self):
        """What the row of a new spec holds (Instance.create writes it
        with the instance)."""
        self.obj_set_defaults()
        return self._to_text()

    def created(self, row):
        self.id = row.id
        self.obj_reset_changes()

    @base.remotable
    def save(self):
        db.update(self._context, self.instance_uuid, self._to_text())
        self.obj_reset_changes()

    @base.remotable_classmethod
    def destroy_by_instance_uuid(cls, context, instance_uuid):
        db.destroy(context, instance_uuid)


def shown_of_instances(context, instance_uuids):
    """{instance uuid: {'availability_zone', 'scheduler_hints'}} of those
    of ``instance_uuids`` that have a spec, read in one query: what a
    server body shows of its request (2.96, 2.100)."""
    return {row.instance_uuid: base.fields_in_text(
                row.spec, ('availability_zone', 'scheduler_hints'))
            for row in db.get_by_instance_uuids(context, instance_uuids)}


def _force_as_before_1_5(primitive):
    """A forced destination as specs before 1.5 carried it."""
    forced = primitive.pop('force_destination', False)
    wanted = primitive.get('requested_destination')
    if forced and wanted:
        primitive['requested_destination'] = dict(wanted, force='True')
