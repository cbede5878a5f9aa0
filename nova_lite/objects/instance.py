# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Instance: a server, with its per-instance records kept in instance_extra.

The extra fields (``INSTANCE_EXTRA_FIELDS``) are loaded only when asked for,
either up front through ``expected_attrs`` or lazily on first access, so a
list of servers does not read every flavor snapshot unless it shows them.
"""
import secrets
import string

from oslo_serialization import jsonutils

from nova_lite import conf as nl_conf
from nova_lite.db.api import instance_metadata as metadata_db
from nova_lite.db.api import instances as db
from nova_lite.db.api import tags as tags_db
from nova_lite import exception
from nova_lite.notifications import events
from nova_lite.objects import base
from nova_lite.objects import fields
from nova_lite.objects import instance_fault
from nova_lite.objects import migration as migration_obj
from nova_lite.objects import placement as placement_obj
from nova_lite.objects import virtual_interface

INSTANCE_EXTRA_FIELDS = ['flavor', 'vietstack_request', 'resource_records',
                         'injected_files', 'migration_context',
                         'image_properties', 'pci_devices']
INSTANCE_OPTIONAL_ATTRS = INSTANCE_EXTRA_FIELDS + ['fault', 'tags',
                                                   'metadata', 'vifs']
_COLUMNS = ('uuid', 'display_name', 'user_id', 'project_id', 'host', 'node',
            'vm_state', 'task_state', 'power_state', 'instance_type_id',
            'memory_mb', 'vcpus', 'root_gb', 'ephemeral_gb', 'launched_at',
            'terminated_at', 'deleted', 'deleted_at', 'display_description',
            'hostname', 'reservation_id', 'launch_index', 'locked_by',
            'locked_reason', 'image_ref', 'key_name', 'key_data',
            'user_data', 'config_drive', 'access_ip_v4', 'access_ip_v6',
            'availability_zone', 'auto_disk_config', 'shelved_image_id')
_ADDED_IN_1_1 = ('display_description', 'hostname', 'reservation_id',
                 'launch_index', 'locked_by', 'locked_reason', 'tags')
_ADDED_IN_1_2 = ('vietstack_request', 'resource_records')
_ADDED_IN_1_3 = ('image_ref',)
_ADDED_IN_1_4 = ('key_name', 'key_data', 'user_data', 'config_drive',
                 'access_ip_v4', 'access_ip_v6', 'availability_zone',
                 'auto_disk_config', 'metadata', 'shelved_image_id',
                 'injected_files')
_ADDED_IN_1_5 = ('vifs',)
_ADDED_IN_1_7 = ('migration_context',)
_ADDED_IN_1_11 = ('image_properties',)
_ADDED_IN_1_12 = ('pci_devices',)
# What a write of the instance's row gives back to the object.
WRITTEN = ('host', 'node', 'vm_state', 'task_state', 'updated_at')
# Extra fields kept as plain JSON rather than as an object's primitive.
_PLAIN_JSON_EXTRA = ('resource_records', 'injected_files',
                     'image_properties')


def new_reservation_id():
    """The id shared by the servers of one boot request: r-xxxxxxxx."""
    alphabet = string.ascii_lowercase + string.digits
    return 'r-' + ''.join(secrets.choice(alphabet) for _ in range(8))


def naive(value):
    """Database columns hold naive UTC; objects hold aware UTC."""
    return value.replace(tzinfo=None) if hasattr(value, 'tzinfo') else value


def _serialize_extra(name, value):
    if value is None or name in _PLAIN_JSON_EXTRA:
        return None if value is None else jsonutils.dumps(value)
    return base.db_text(value)


def _deserialize_extra(context, name, text):
    if text is None:
        return None
    if name in _PLAIN_JSON_EXTRA:
        return jsonutils.loads(text)
    obj = base.NovaLiteObject.obj_from_primitive(jsonutils.loads(text),
                                                 context)
    obj._context = context
    return obj


@base.NovaLiteObjectRegistry.register
class Instance(base.NovaLiteTimestampObject, base.NovaLiteObject):
    # Version 1.0: Initial version
    # Version 1.1: display_description, hostname, reservation_id,
    #              launch_index, locked_by, locked_reason, tags
    # Version 1.2: vietstack_request, resource_records
    # Version 1.3: image_ref; task states powering-off, powering-on,
    #              rebooting, rebooting_hard
    # Version 1.4: key_name, key_data, user_data, config_drive,
    #              access_ip_v4, access_ip_v6, availability_zone,
    #              auto_disk_config, metadata; vm states paused and
    #              suspended and their task states; task state
    #              image_snapshot; shelved_image_id, vm states shelved
    #              and shelved_offloaded and their task states; task
    #              state rebuilding; vm state rescued and its task
    #              states; task state image_backup; injected_files
    # Version 1.5: vifs
    # Version 1.6: create() takes quota and group (counted and joined in
    #              the step that writes it)
    # Version 1.7: migration_context; vm state resized and the resize
    #              task states; task state migrating (live migration)
    # Version 1.8: save() takes node (a compute node's change written with
    #              the instance's; conductors are upgraded before computes)
    # Version 1.9: save() takes only expected_task_state: what a claim
    #              writes with the instance is ClaimWrite's (a conductor
    #              still takes a 1.8 compute's save(events, vifs, pools,
    #              node) as one)
    # Version 1.10: VirtualInterface 1.1 in vifs
    # Version 1.11: image_properties
    # Version 1.12: pci_devices; MigrationContext 1.2 in migration_context
    VERSION = '1.12'

    fields = dict(base.NovaLiteTimestampObject.fields, **{
        'id': fields.IntegerField(),
        'uuid': fields.UUIDField(),
        'display_name': fields.StringField(nullable=True),
        'user_id': fields.StringField(nullable=True),
        'project_id': fields.StringField(nullable=True),
        'host': fields.StringField(nullable=True),
        'node': fields.StringField(nullable=True),
        'vm_state': fields.VMStateField(nullable=True),
        'task_state': fields.TaskStateField(nullable=True),
        'power_state': fields.IntegerField(nullable=True),
        'instance_type_id': fields.IntegerField(nullable=True),
        'memory_mb': fields.IntegerField(nullable=True),
        'vcpus': fields.IntegerField(nullable=True),
        'root_gb': fields.IntegerField(nullable=True),
        'ephemeral_gb': fields.IntegerField(nullable=True),
        'launched_at': fields.DateTimeField(nullable=True),
        'terminated_at': fields.DateTimeField(nullable=True),
        'deleted': fields.BooleanField(default=False),
        'deleted_at': fields.DateTimeField(nullable=True),
        'flavor': fields.ObjectField('Flavor'),
        'fault': fields.ObjectField('InstanceFault', nullable=True),
        'display_description': fields.StringField(nullable=True),
        'hostname': fields.StringField(nullable=True),
        'reservation_id': fields.StringField(nullable=True),
        'launch_index': fields.IntegerField(nullable=True),
        'locked_by': fields.StringField(nullable=True),
        'locked_reason': fields.StringField(nullable=True),
        'tags': fields.ListOfStringsField(),
        # The VietStack vNICs and the NIC each was given (instance_extra).
        'vietstack_request': fields.ObjectField('InstanceVietStackRequest',
                                                nullable=True),
        # {resource plugin: its record of what the instance holds}, for
        # plugins without a field of their own (instance_extra, JSON).
        'resource_records': fields.DictOfStringsField(nullable=True),
        # The image the server boots from (an image service id), if any.
        'image_ref': fields.StringField(nullable=True),
        # What the create asked for: the key pair (its name and public
        # key, copied), user data (base64), a config drive ('True' or ''),
        # the addresses the user says reach it, its zone, and whether
        # the guest's disk is resized automatically (diskConfig AUTO).
        'key_name': fields.StringField(nullable=True),
        'key_data': fields.StringField(nullable=True),
        'user_data': fields.StringField(nullable=True),
        'config_drive': fields.StringField(nullable=True),
        'access_ip_v4': fields.StringField(nullable=True),
        'access_ip_v6': fields.StringField(nullable=True),
        'availability_zone': fields.StringField(nullable=True),
        'auto_disk_config': fields.BooleanField(nullable=True),
        # The server's metadata (instance_metadata).
        'metadata': fields.DictOfNullableStringsField(),
        # The snapshot a shelved server is kept in, until unshelved.
        'shelved_image_id': fields.StringField(nullable=True),
        # Personality files ({'path', 'contents' (base64)}), which its
        # config drive carries (instance_extra, JSON).
        'injected_files': fields.ListOfDictOfNullableStringsField(
            nullable=True),
        # Its vNICs with their fixed addresses (virtual_interfaces).
        'vifs': fields.ListOfObjectsField('VirtualInterface'),
        # The move under way, if any (instance_extra).
        'migration_context': fields.ObjectField('MigrationContext',
                                                nullable=True),
        # The properties of the image it was built or rebuilt from, as
        # they were then (instance_extra, JSON; API 2.98).
        'image_properties': fields.DictOfStringsField(nullable=True),
        # The host's PCI devices it was given ([pci] alias in its flavor;
        # instance_extra).
        'pci_devices': fields.ObjectField('PciDeviceList', nullable=True),
    })

    # Sub-object fields by the version they came in: older targets lose
    # them (oslo.versionedobjects drops them).
    obj_relationships = {'vietstack_request': [('1.2', '1.0')],
                         'vifs': [('1.5', '1.0'), ('1.10', '1.1')],
                         'migration_context': [('1.7', '1.1'),
                                               ('1.12', '1.2')],
                         'pci_devices': [('1.12', '1.0')]}

    def obj_make_compatible(self, primitive, target_version):
        super().obj_make_compatible(primitive, target_version)
        version = tuple(int(p) for p in target_version.split('.'))
        dropped = (_ADDED_IN_1_12 if version < (1, 12) else ()) + (
            _ADDED_IN_1_11 if version < (1, 11) else ()) + (
            _ADDED_IN_1_7 if version < (1, 7) else ()) + (
            _ADDED_IN_1_5 if version < (1, 5) else ()) + (
            _ADDED_IN_1_4 if version < (1, 4) else ()) + (
            _ADDED_IN_1_3 if version < (1, 3) else ()) + (
            _ADDED_IN_1_2 if version < (1, 2) else ()) + (
            _ADDED_IN_1_1 if version < (1, 1) else ())
        for name in dropped:
            primitive.pop(name, None)

    @property
    def locked(self):
        return self.locked_by is not None

    def name_from(self, template):
        """The instance's name by ``[DEFAULT] instance_name_template``."""
        if '%(' in template:
            return template % {'id': self.id, 'uuid': self.uuid}
        return template % self.id

    @classmethod
    def from_db(cls, context, db_inst, extra=None):
        instance = cls(context)
        base.fill_from_db(instance, db_inst, skip=('deleted', 'metadata'))
        instance.deleted = bool(db_inst.deleted)
        for name, text in (extra or {}).items():
            setattr(instance, name, _deserialize_extra(context, name, text))
        instance.obj_reset_changes()
        return instance

    @base.remotable_classmethod
    def get_by_uuid(cls, context, uuid, expected_attrs=None,
                    read_deleted=False):
        db_inst = db.get_by_uuid(context, uuid, read_deleted)
        wanted = [a for a in expected_attrs or []
                  if a in INSTANCE_EXTRA_FIELDS]
        extra = db.get_extra(context, uuid, wanted) if wanted else None
        instance = cls.from_db(context, db_inst, extra)
        if 'fault' in (expected_attrs or []):
            instance._load_fault()
        if 'tags' in (expected_attrs or []):
            instance._load_tags()
        if 'metadata' in (expected_attrs or []):
            instance._load_metadata()
        if 'vifs' in (expected_attrs or []):
            instance._load_vifs()
        return instance

    @base.remotable
    def create(self, action=None, request_spec=None, quota=None,
               group=None):
        """Write the new instance (and, with ``action``, record that the
        caller's request does it; with ``request_spec``, create that too:
        all in the same step). With ``quota`` (the limits of
        ``quotas.instance_guard``), OverQuota unless the instance fits them
        when counted in that step; with ``group`` ({'uuid', 'limit'}) it
        joins that server group in the same step."""
        self.obj_set_defaults('deleted')
        values = {k: naive(getattr(self, k)) for k in _COLUMNS
                  if self.obj_attr_is_set(k)}
        values['deleted'] = 0
        extra = {name: _serialize_extra(name, getattr(self, name))
                 for name in INSTANCE_EXTRA_FIELDS
                 if self.obj_attr_is_set(name)}
        tags = self.tags if self.obj_attr_is_set('tags') else []
        metadata = (self.metadata if self.obj_attr_is_set('metadata')
                    else {})
        db_inst = db.create(self._context, values, extra, tags, metadata,
                            action and {
                                'action': action,
                                'request_id': self._context.request_id,
                                'user_id': self._context.user_id,
                                'project_id': self._context.project_id},
                            request_spec and request_spec.text_to_create(),
                            quota, group)
        if request_spec is not None:
            request_spec.created(db_inst.request_spec_row)
        self.id = db_inst.id
        self.created_at = db_inst.created_at
        self.obj_reset_changes()

    @base.remotable
    def save(self, expected_task_state=None):
        """Write the changes; with ``expected_task_state``, Conflict if
        the task state is no longer one of those (another request got
        there first). What a claim writes with the instance (its action's
        steps, vNICs, the host's usage) is ``ClaimWrite``'s."""
        values, extra = self.pending()
        if values or expected_task_state is not None:
            self.written(db.update(
                self._context, self.uuid, values,
                expected_task_state=expected_task_state, extra=extra))
        elif extra:
            db.update_extra(self._context, self.uuid, extra)
        self.obj_reset_changes()

    def pending(self):
        """(column values, instance_extra texts) of the changes not
        written yet."""
        changes = self.obj_get_changes()
        extra = {name: _serialize_extra(name, changes.pop(name))
                 for name in INSTANCE_EXTRA_FIELDS if name in changes}
        values = {k: naive(v) for k, v in changes.items() if k in _COLUMNS}
        return values, extra

    def written(self, row):
        """Take what the database holds after a write of its row, and
        publish ``instance.update`` where asked to: here, where the write
        was made, as Nova publishes it from its instance's save."""
        for name in WRITTEN:
            setattr(self, name, getattr(row, name))
        events.instance_update(nl_conf.CONF, self._context, self,
                               getattr(row, 'state_before', None))

    def fail(self, error, host=None, expected_task_state=None,
             keep_claim=False):
        """End in ERROR: the fault recorded (the API shows it), the
        instance saved with its other pending changes, then its placement
        claim dropped. The save comes first, and only if the task state is
        still one of ``expected_task_state``: a build that a compute took
        meanwhile keeps its claim. A crash between the save and the unclaim
        leaves an ERROR server without a host holding a claim, which the
        audit reports and the conductor's periodic heal removes.
        ``keep_claim``: the server stays on its host and its allocation
        with it; else its addresses are given back after the claim (a crash
        in between leaves them to the audit too).

        False when the instance was deleted, or its task state is no
        longer one of ``expected_task_state``: its new owner finishes it.
        """
        instance_fault.InstanceFault.record(self._context, self.uuid, error,
                                            host=host)
        self.vm_state = fields.VMState.ERROR
        self.task_state = None
        try:
            self.save(expected_task_state=expected_task_state)
        except (exception.Conflict, exception.InstanceNotFound):
            return False
        if not keep_claim:
            placement_obj.Placement.unclaim(self._context, self.uuid)
            virtual_interface.VirtualInterfaceList.free(self._context,
                                                        self.uuid)
        return True

    def forget(self):
        """The claim, then the record (with the instance's pending changes,
        its last state, in the same step): a server the API no longer shows
        holds nothing in placement, and one that crashed in between is
        still there to be deleted again. A move under way ends first, its
        migration's allocation with it."""
        migration_obj.end_moves_of(self._context, self.uuid)
        placement_obj.Placement.unclaim(self._context, self.uuid)
        self.destroy()

    @base.remotable
    def destroy(self):
        changes = self.obj_get_changes()
        db_inst = db.destroy(self._context, self.uuid, {
            k: naive(v) for k, v in changes.items() if k in _COLUMNS})
        self.deleted = True
        self.deleted_at = db_inst.deleted_at
        self.obj_reset_changes()

    def obj_load_attr(self, attrname):
        if attrname not in INSTANCE_OPTIONAL_ATTRS:
            raise exception.Invalid(
                reason='cannot load %s of an instance' % attrname)
        if attrname == 'fault':
            self._load_fault()
        elif attrname == 'tags':
            self._load_tags()
        elif attrname == 'metadata':
            self._load_metadata()
        elif attrname == 'vifs':
            self._load_vifs()
        else:
            self._load_extra(attrname)

    def _load_extra(self, attrname):
        # Through a remotable method, so that a service with no database
        # loads it through the conductor.
        loaded = Instance.get_by_uuid(self._context, self.uuid,
                                      expected_attrs=[attrname],
                                      read_deleted=True)
        setattr(self, attrname, getattr(loaded, attrname))
        self.obj_reset_changes([attrname])

    def _load_fault(self):
        faults = instance_fault.InstanceFaultList.get_latest_by_instance_uuids(
            self._context, [self.uuid])
        self.fault = faults[0] if faults else None
        self.obj_reset_changes(['fault'])

    def _load_tags(self):
        self.tags = Instance.get_tags(self._context, self.uuid)
        self.obj_reset_changes(['tags'])

    def _load_metadata(self):
        self.metadata = Instance.get_metadata(self._context, self.uuid)
        self.obj_reset_changes(['metadata'])

    def _load_vifs(self):
        self.vifs = virtual_interface.VirtualInterfaceList \
            .get_by_instance_uuids(self._context, [self.uuid]).objects
        self.obj_reset_changes(['vifs'])

    @base.remotable_classmethod
    def get_metadata(cls, context, uuid):
        return metadata_db.get_for_many(context, [uuid])[uuid]

    @base.remotable
    def update_metadata(self, changes, replace=False, limit=None):
        """Set the keys of ``changes`` (with ``replace``, drop the
        others), refused beyond ``limit`` keys; the metadata after."""
        self.metadata = metadata_db.update(self._context, self.uuid,
                                           changes, replace, limit)
        self.obj_reset_changes(['metadata'])

    @base.remotable
    def delete_metadata_key(self, key):
        if not metadata_db.delete(self._context, self.uuid, key):
            raise exception.MetadataItemNotFound()
        self._load_metadata()

    @base.remotable_classmethod
    def get_tags(cls, context, uuid):
        return tags_db.get_for_many(context, [uuid])[uuid]

    @base.remotable
    def set_tags(self, tags):
        """Replace the server's tags (at most 50)."""
        self.tags = tags_db.replace(self._context, self.uuid, tags)
        self.obj_reset_changes(['tags'])

    @base.remotable
    def add_tag(self, tag):
        tags_db.add(self._context, self.uuid, tag)
        self._load_tags()

    @base.remotable
    def delete_tag(self, tag):
        tags_db.delete(self._context, self.uuid, tag)
        self._load_tags()


@base.NovaLiteObjectRegistry.register
class InstanceList(base.ObjectListBase, base.NovaLiteObject):
    # Version 1.0: Initial version
    # Version 1.1: get_by_filters() takes marker, sort_keys and sort_dirs
    VERSION = '1.1'

    fields = {'objects': fields.ListOfObjectsField('Instance')}

    @base.remotable_classmethod
    def get_by_filters(cls, context, filters, expected_attrs=None,
                       limit=None, marker=None, sort_keys=None,
                       sort_dirs=None):
        db_insts = db.get_all(context, filters, limit, marker, sort_keys,
                              sort_dirs)
        return cls(context,
                   objects=_with_attrs(context, db_insts, expected_attrs))

    @base.remotable_classmethod
    def get_by_host(cls, context, host, expected_attrs=None):
        return cls.get_by_filters(context, {'host': host}, expected_attrs)

    @classmethod
    def count_by_vm_state(cls, context):
        """{vm_state: how many servers} (the API's metrics; it has the
        database)."""
        return db.count_by_vm_state(context)


def _with_attrs(context, db_insts, expected_attrs):
    if not db_insts:
        return []  # nothing to read their attributes for
    uuids = [i.uuid for i in db_insts]
    wanted = [a for a in expected_attrs or [] if a in INSTANCE_EXTRA_FIELDS]
    extras = db.get_extra_for_many(context, uuids, wanted) if wanted else {}
    instances = [Instance.from_db(context, i, extras.get(i.uuid))
                 for i in db_insts]
    if 'fault' in (expected_attrs or []):
        faults = instance_fault.InstanceFaultList.get_latest_by_instance_uuids(
            context, uuids)
        by_uuid = {f.instance_uuid: f for f in faults}
        for instance in instances:
            instance.fault = by_uuid.get(instance.uuid)
            instance.obj_reset_changes(['fault'])
    if 'tags' in (expected_attrs or []):
        tags = tags_db.get_for_many(context, uuids)
        for instance in instances:
            instance.tags = tags[instance.uuid]
            instance.obj_reset_changes(['tags'])
    if 'metadata' in (expected_attrs or []):
        metadata = metadata_db.get_for_many(context, uuids)
        for instance in instances:
            instance.metadata = metadata[instance.uuid]
            instance.obj_reset_changes(['metadata'])
    if 'vifs' in (expected_attrs or []):
        vifs = virtual_interface.VirtualInterfaceList.get_by_instance_uuids(
            context, uuids).by_instance()
        for instance in instances:
            instance.vifs = vifs.get(instance.uuid, [])
            instance.obj_reset_changes(['vifs'])
    return instances
