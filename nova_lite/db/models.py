# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""SQLAlchemy models of the nova_lite database.

The initial alembic migration creates exactly these tables; a test compares
the two on SQLite, MariaDB and PostgreSQL so they cannot drift apart.
"""
import datetime

from sqlalchemy import (Boolean, DateTime, Float, ForeignKey, Index, Integer,
                        String, Text, UniqueConstraint)
import sqlalchemy as sa
from sqlalchemy import orm
from sqlalchemy.orm import Mapped, mapped_column


def _utcnow():
    return datetime.datetime.now(datetime.timezone.utc).replace(tzinfo=None)


class Base(orm.DeclarativeBase):
    pass


class TimestampMixin:
    created_at: Mapped[datetime.datetime | None] = mapped_column(
        DateTime, default=_utcnow)
    updated_at: Mapped[datetime.datetime | None] = mapped_column(
        DateTime, onupdate=_utcnow)


class Service(TimestampMixin, Base):
    __tablename__ = 'services'
    __table_args__ = (
        UniqueConstraint('host', 'binary', name='uniq_services0host0binary'),
    )
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    host: Mapped[str] = mapped_column(String(255))
    binary: Mapped[str] = mapped_column(String(255))
    topic: Mapped[str | None] = mapped_column(String(255))
    report_count: Mapped[int] = mapped_column(Integer, default=0)
    disabled: Mapped[bool] = mapped_column(Boolean, default=False)
    disabled_reason: Mapped[str | None] = mapped_column(String(255))
    last_seen_up: Mapped[datetime.datetime | None] = mapped_column(DateTime)
    version: Mapped[int] = mapped_column(Integer, default=0)
    uuid: Mapped[str | None] = mapped_column(String(36), unique=True)
    forced_down: Mapped[bool] = mapped_column(Boolean, default=False,
                                              server_default=sa.false())


class ComputeNode(TimestampMixin, Base):
    __tablename__ = 'compute_nodes'
    __table_args__ = (
        UniqueConstraint('host', 'hypervisor_hostname',
                         name='uniq_compute_nodes0host0hypervisor_hostname'),
    )
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    uuid: Mapped[str] = mapped_column(String(36), unique=True)
    service_id: Mapped[int | None] = mapped_column(Integer)
    host: Mapped[str] = mapped_column(String(255))
    hypervisor_hostname: Mapped[str] = mapped_column(String(255))
    hypervisor_type: Mapped[str] = mapped_column(String(255))
    hypervisor_version: Mapped[int] = mapped_column(Integer, default=0)
    vcpus: Mapped[int] = mapped_column(Integer)
    memory_mb: Mapped[int] = mapped_column(Integer)
    local_gb: Mapped[int] = mapped_column(Integer)
    vcpus_used: Mapped[int] = mapped_column(Integer, default=0)
    memory_mb_used: Mapped[int] = mapped_column(Integer, default=0)
    local_gb_used: Mapped[int] = mapped_column(Integer, default=0)
    running_vms: Mapped[int] = mapped_column(Integer, default=0)
    cpu_allocation_ratio: Mapped[float] = mapped_column(Float)
    ram_allocation_ratio: Mapped[float] = mapped_column(Float)
    disk_allocation_ratio: Mapped[float] = mapped_column(Float)
    reserved_host_memory_mb: Mapped[int] = mapped_column(Integer, default=0)
    reserved_host_disk_mb: Mapped[int] = mapped_column(Integer, default=0)
    reserved_host_cpus: Mapped[int] = mapped_column(Integer, default=0)
    vietstack_stat: Mapped[str | None] = mapped_column(Text)
    host_ip: Mapped[str | None] = mapped_column(String(39))
    cpu_info: Mapped[str | None] = mapped_column(Text)
    # The host's assignable PCI devices (PciDeviceList) and its monitors'
    # last metrics (MonitorMetricList), as the objects' primitives.
    pci_stats: Mapped[str | None] = mapped_column(Text)
    metrics: Mapped[str | None] = mapped_column(Text)


class Flavor(TimestampMixin, Base):
    __tablename__ = 'flavors'
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    flavorid: Mapped[str] = mapped_column(String(255), unique=True)
    name: Mapped[str] = mapped_column(String(255), unique=True)
    memory_mb: Mapped[int] = mapped_column(Integer)
    vcpus: Mapped[int] = mapped_column(Integer)
    root_gb: Mapped[int] = mapped_column(Integer, default=0)
    ephemeral_gb: Mapped[int] = mapped_column(Integer, default=0)
    swap: Mapped[int] = mapped_column(Integer, default=0)
    rxtx_factor: Mapped[float] = mapped_column(Float, default=1.0)
    disabled: Mapped[bool] = mapped_column(Boolean, default=False)
    is_public: Mapped[bool] = mapped_column(Boolean, default=True)
    description: Mapped[str | None] = mapped_column(Text)
    extra_specs: Mapped[list['FlavorExtraSpec']] = orm.relationship(
        cascade='all, delete-orphan', lazy='selectin')
    projects: Mapped[list['FlavorProject']] = orm.relationship(
        cascade='all, delete-orphan', lazy='noload')


class FlavorProject(TimestampMixin, Base):
    """A project that may use a private flavor."""
    __tablename__ = 'flavor_projects'
    __table_args__ = (
        UniqueConstraint('flavor_id', 'project_id',
                         name='uniq_flavor_projects0flavor_id0project_id'),
    )
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    flavor_id: Mapped[int] = mapped_column(
        Integer, ForeignKey('flavors.id', ondelete='CASCADE'))
    project_id: Mapped[str] = mapped_column(String(255))


class FlavorExtraSpec(TimestampMixin, Base):
    __tablename__ = 'flavor_extra_specs'
    __table_args__ = (
        UniqueConstraint('flavor_id', 'key',
                         name='uniq_flavor_extra_specs0flavor_id0key'),
    )
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    flavor_id: Mapped[int] = mapped_column(
        Integer, ForeignKey('flavors.id', ondelete='CASCADE'))
    key: Mapped[str] = mapped_column(String(255))
    value: Mapped[str | None] = mapped_column(String(255))


class Instance(TimestampMixin, Base):
    __tablename__ = 'instances'
    __table_args__ = (
        Index('instances_host_deleted_idx', 'host', 'deleted'),
        Index('instances_project_id_deleted_idx', 'project_id', 'deleted'),
    )
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    uuid: Mapped[str] = mapped_column(String(36), unique=True)
    display_name: Mapped[str | None] = mapped_column(String(255))
    user_id: Mapped[str | None] = mapped_column(String(255))
    project_id: Mapped[str | None] = mapped_column(String(255))
    host: Mapped[str | None] = mapped_column(String(255))
    node: Mapped[str | None] = mapped_column(String(255))
    vm_state: Mapped[str | None] = mapped_column(String(255))
    task_state: Mapped[str | None] = mapped_column(String(255))
    power_state: Mapped[int | None] = mapped_column(Integer)
    instance_type_id: Mapped[int | None] = mapped_column(Integer)
    memory_mb: Mapped[int | None] = mapped_column(Integer)
    vcpus: Mapped[int | None] = mapped_column(Integer)
    root_gb: Mapped[int | None] = mapped_column(Integer)
    ephemeral_gb: Mapped[int | None] = mapped_column(Integer)
    launched_at: Mapped[datetime.datetime | None] = mapped_column(DateTime)
    terminated_at: Mapped[datetime.datetime | None] = mapped_column(DateTime)
    deleted_at: Mapped[datetime.datetime | None] = mapped_column(DateTime)
    deleted: Mapped[int] = mapped_column(Integer, default=0)
    display_description: Mapped[str | None] = mapped_column(Text)
    hostname: Mapped[str | None] = mapped_column(String(255))
    reservation_id: Mapped[str | None] = mapped_column(String(255))
    launch_index: Mapped[int | None] = mapped_column(Integer)
    locked_by: Mapped[str | None] = mapped_column(String(255))
    locked_reason: Mapped[str | None] = mapped_column(String(255))
    image_ref: Mapped[str | None] = mapped_column(String(255))
    # ``host:incarnation`` of the conductor driving the build while it is
    # scheduled; read and written only by conductors, never an object field.
    build_owner: Mapped[str | None] = mapped_column(String(255))
    # What the server was created with (Nova's columns of these names).
    key_name: Mapped[str | None] = mapped_column(String(255))
    key_data: Mapped[str | None] = mapped_column(Text)
    user_data: Mapped[str | None] = mapped_column(Text)
    config_drive: Mapped[str | None] = mapped_column(String(255))
    access_ip_v4: Mapped[str | None] = mapped_column(String(39))
    access_ip_v6: Mapped[str | None] = mapped_column(String(39))
    availability_zone: Mapped[str | None] = mapped_column(String(255))
    auto_disk_config: Mapped[bool | None] = mapped_column(Boolean)
    # The snapshot a shelved server is kept in (and unshelved from).
    shelved_image_id: Mapped[str | None] = mapped_column(String(36))


class InstanceMetadata(TimestampMixin, Base):
    """A server's metadata: key/value pairs its owner sets."""
    __tablename__ = 'instance_metadata'
    instance_uuid: Mapped[str] = mapped_column(
        String(36), ForeignKey('instances.uuid'), primary_key=True)
    key: Mapped[str] = mapped_column(String(255), primary_key=True)
    value: Mapped[str | None] = mapped_column(String(255))


class VirtualInterface(TimestampMixin, Base):
    """A server's vNIC: its fixed address on a network and its MAC (each
    unique, so two servers never share one), and how the host plugs it:
    the physical network, the host NIC serving it (a resource plugin's
    choice, if any), its rates in kbit/s (0: not shaped) and queues."""
    __tablename__ = 'virtual_interfaces'
    __table_args__ = (
        UniqueConstraint('network', 'address',
                         name='uniq_virtual_interfaces0network0address'),
        UniqueConstraint('mac', name='uniq_virtual_interfaces0mac'),
        UniqueConstraint('instance_uuid', 'vnic_index',
                         name='uniq_virtual_interfaces0instance0index'),
    )
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    uuid: Mapped[str] = mapped_column(String(36), unique=True)
    instance_uuid: Mapped[str] = mapped_column(
        String(36), ForeignKey('instances.uuid'))
    vnic_index: Mapped[int] = mapped_column(Integer)
    network: Mapped[str] = mapped_column(String(255))
    address: Mapped[str] = mapped_column(String(39))
    mac: Mapped[str] = mapped_column(String(17))
    physical_network: Mapped[str | None] = mapped_column(String(255))
    device: Mapped[str | None] = mapped_column(String(255))
    inbound_rate: Mapped[int] = mapped_column(Integer, default=0)
    outbound_rate: Mapped[int] = mapped_column(Integer, default=0)
    queues: Mapped[int] = mapped_column(Integer, default=1)
    # A network service's port: its network's name (``network`` is then
    # the network's id) and how it is plugged (JSON).
    label: Mapped[str | None] = mapped_column(String(255))
    details: Mapped[str | None] = mapped_column(Text)


class Quota(TimestampMixin, Base):
    """A project's own limit of one resource (os-quota-sets)."""
    __tablename__ = 'quotas'
    __table_args__ = (UniqueConstraint(
        'project_id', 'resource', name='uniq_quotas0project_id0resource'),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    project_id: Mapped[str] = mapped_column(String(255))
    resource: Mapped[str] = mapped_column(String(255))
    hard_limit: Mapped[int] = mapped_column(Integer)


class ProjectUserQuota(TimestampMixin, Base):
    """One user's own limit of one resource within a project."""
    __tablename__ = 'project_user_quotas'
    __table_args__ = (UniqueConstraint(
        'user_id', 'project_id', 'resource',
        name='uniq_project_user_quotas0user_id0project_id0resource'),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    project_id: Mapped[str] = mapped_column(String(255))
    user_id: Mapped[str] = mapped_column(String(255))
    resource: Mapped[str] = mapped_column(String(255))
    hard_limit: Mapped[int] = mapped_column(Integer)


class QuotaClass(TimestampMixin, Base):
    """A quota class's limit of one resource; the ``default`` class
    overrides the configured defaults (os-quota-class-sets)."""
    __tablename__ = 'quota_classes'
    __table_args__ = (UniqueConstraint(
        'class_name', 'resource',
        name='uniq_quota_classes0class_name0resource'),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    class_name: Mapped[str] = mapped_column(String(255))
    resource: Mapped[str] = mapped_column(String(255))
    hard_limit: Mapped[int] = mapped_column(Integer)


class QuotaLock(Base):
    """One row per project, locked (SELECT ... FOR UPDATE) by the
    transaction that counts a project's usage and adds to it, so two
    creates of one project count one after the other. It holds no usage:
    usage is always counted from the records themselves."""
    __tablename__ = 'quota_locks'
    project_id: Mapped[str] = mapped_column(String(255), primary_key=True)


class InstanceGroup(TimestampMixin, Base):
    """A server group: its policy binds where its members may be placed.
    ``rules``: JSON ({"max_server_per_host": N} for anti-affinity)."""
    __tablename__ = 'instance_groups'
    __table_args__ = (Index('instance_groups_project_id_idx', 'project_id'),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    uuid: Mapped[str] = mapped_column(String(36), unique=True)
    name: Mapped[str | None] = mapped_column(String(255))
    user_id: Mapped[str] = mapped_column(String(255))
    project_id: Mapped[str] = mapped_column(String(255))
    policy: Mapped[str] = mapped_column(String(255))
    rules: Mapped[str | None] = mapped_column(Text)


class Migration(TimestampMixin, Base):
    """A move of a server (resize, migration, live-migration,
    evacuation): where from, where to, which flavors, how far it got.
    Its uuid is the consumer that holds the source's allocation while
    the move is under way."""
    __tablename__ = 'migrations'
    __table_args__ = (
        Index('migrations_instance_uuid_idx', 'instance_uuid'),
        Index('migrations_by_host_nodes_and_status_idx', 'source_compute',
              'dest_compute', 'status'),
        Index('migrations_updated_at_idx', 'updated_at'))
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    uuid: Mapped[str] = mapped_column(String(36), unique=True)
    instance_uuid: Mapped[str] = mapped_column(String(36))
    migration_type: Mapped[str] = mapped_column(String(20))
    status: Mapped[str] = mapped_column(String(255))
    source_compute: Mapped[str | None] = mapped_column(String(255))
    source_node: Mapped[str | None] = mapped_column(String(255))
    dest_compute: Mapped[str | None] = mapped_column(String(255))
    dest_node: Mapped[str | None] = mapped_column(String(255))
    dest_host: Mapped[str | None] = mapped_column(String(255))
    old_instance_type_id: Mapped[int | None] = mapped_column(Integer)
    new_instance_type_id: Mapped[int | None] = mapped_column(Integer)
    user_id: Mapped[str | None] = mapped_column(String(255))
    project_id: Mapped[str | None] = mapped_column(String(255))
    memory_total: Mapped[int | None] = mapped_column(sa.BigInteger)
    memory_processed: Mapped[int | None] = mapped_column(sa.BigInteger)
    memory_remaining: Mapped[int | None] = mapped_column(sa.BigInteger)
    disk_total: Mapped[int | None] = mapped_column(sa.BigInteger)
    disk_processed: Mapped[int | None] = mapped_column(sa.BigInteger)
    disk_remaining: Mapped[int | None] = mapped_column(sa.BigInteger)


class InstanceGroupMember(TimestampMixin, Base):
    """A server in a group (in one group at most)."""
    __tablename__ = 'instance_group_member'
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    group_id: Mapped[int] = mapped_column(
        Integer, ForeignKey('instance_groups.id'), index=True)
    instance_uuid: Mapped[str] = mapped_column(String(36), unique=True)


class Aggregate(TimestampMixin, Base):
    """A host aggregate (os-aggregates); its ``availability_zone``
    metadata makes its hosts an availability zone. Mirrored into
    placement as the aggregate of the same uuid on its hosts' providers."""
    __tablename__ = 'aggregates'
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    uuid: Mapped[str] = mapped_column(String(36), unique=True)
    name: Mapped[str] = mapped_column(String(255), unique=True)


class AggregateHost(TimestampMixin, Base):
    __tablename__ = 'aggregate_hosts'
    __table_args__ = (
        UniqueConstraint('host', 'aggregate_id',
                         name='uniq_aggregate_hosts0host0aggregate_id'),
        Index('aggregate_hosts_host_idx', 'host'))
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    host: Mapped[str] = mapped_column(String(255))
    aggregate_id: Mapped[int] = mapped_column(
        Integer, ForeignKey('aggregates.id'))


class AggregateMetadata(TimestampMixin, Base):
    __tablename__ = 'aggregate_metadata'
    __table_args__ = (
        UniqueConstraint('aggregate_id', 'key',
                         name='uniq_aggregate_metadata0aggregate_id0key'),
        Index('aggregate_metadata_key_idx', 'key'))
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    aggregate_id: Mapped[int] = mapped_column(
        Integer, ForeignKey('aggregates.id'))
    key: Mapped[str] = mapped_column(String(255))
    value: Mapped[str] = mapped_column(String(255))


class KeyPair(TimestampMixin, Base):
    """A user's public key (ssh or x509), named per user."""
    __tablename__ = 'key_pairs'
    __table_args__ = (UniqueConstraint('user_id', 'name',
                                       name='uniq_key_pairs0user_id0name'),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(255))
    user_id: Mapped[str] = mapped_column(String(255))
    fingerprint: Mapped[str | None] = mapped_column(String(255))
    public_key: Mapped[str | None] = mapped_column(Text)
    type: Mapped[str] = mapped_column(String(10))


class TaskLog(TimestampMixin, Base):
    """A run of a periodic task on one host for one period (the usage
    audit): its state, how many items it went through, and errors."""
    __tablename__ = 'task_log'
    __table_args__ = (UniqueConstraint(
        'task_name', 'host', 'period_beginning', 'period_ending',
        name='uniq_task_log0task_name0host0period_beginning0period_ending'),
    )
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    task_name: Mapped[str] = mapped_column(String(255))
    state: Mapped[str] = mapped_column(String(255))
    host: Mapped[str] = mapped_column(String(255))
    period_beginning: Mapped[datetime.datetime] = mapped_column(DateTime)
    period_ending: Mapped[datetime.datetime] = mapped_column(DateTime)
    message: Mapped[str] = mapped_column(String(255))
    task_items: Mapped[int | None] = mapped_column(Integer)
    errors: Mapped[int | None] = mapped_column(Integer)


class InstanceAction(TimestampMixin, Base):
    """One request's action on a server (create, reboot, ...): who asked,
    when, and whether it failed. Kept after the server is deleted."""
    __tablename__ = 'instance_actions'
    __table_args__ = (
        Index('instance_actions_instance_uuid_idx', 'instance_uuid'),
        Index('instance_actions_request_id_idx', 'request_id'),
    )
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    action: Mapped[str] = mapped_column(String(255))
    instance_uuid: Mapped[str] = mapped_column(String(36))
    request_id: Mapped[str] = mapped_column(String(255))
    user_id: Mapped[str | None] = mapped_column(String(255))
    project_id: Mapped[str | None] = mapped_column(String(255))
    start_time: Mapped[datetime.datetime | None] = mapped_column(DateTime)
    finish_time: Mapped[datetime.datetime | None] = mapped_column(DateTime)
    message: Mapped[str | None] = mapped_column(String(255))


class InstanceActionEvent(TimestampMixin, Base):
    """A step of an action done by one service (the conductor's
    scheduling, the compute's build...), with its outcome."""
    __tablename__ = 'instance_actions_events'
    __table_args__ = (
        Index('instance_actions_events_action_id_idx', 'action_id'),
    )
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    action_id: Mapped[int] = mapped_column(
        Integer, ForeignKey('instance_actions.id'))
    event: Mapped[str] = mapped_column(String(255))
    start_time: Mapped[datetime.datetime | None] = mapped_column(DateTime)
    finish_time: Mapped[datetime.datetime | None] = mapped_column(DateTime)
    result: Mapped[str | None] = mapped_column(String(255))
    traceback: Mapped[str | None] = mapped_column(Text)
    host: Mapped[str | None] = mapped_column(String(255))
    details: Mapped[str | None] = mapped_column(Text)


class Tag(Base):
    """A tag on a server (resource_id is the instance uuid)."""
    __tablename__ = 'tags'
    __table_args__ = (Index('tags_tag_idx', 'tag'),)
    resource_id: Mapped[str] = mapped_column(String(36), primary_key=True)
    tag: Mapped[str] = mapped_column(String(60), primary_key=True)


class InstanceExtra(TimestampMixin, Base):
    """Per-instance records kept as JSON text, loaded only when asked for."""
    __tablename__ = 'instance_extra'
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    instance_uuid: Mapped[str] = mapped_column(
        String(36), ForeignKey('instances.uuid'), unique=True)
    flavor: Mapped[str | None] = mapped_column(Text, deferred=True)
    vietstack_request: Mapped[str | None] = mapped_column(Text,
                                                          deferred=True)
    # {plugin name: record} of resource plugins without a column of their
    # own (JSON), so that a new plugin needs no migration.
    resource_records: Mapped[str | None] = mapped_column(Text, deferred=True)
    # The PCI devices the server was given (PciDeviceList).
    pci_devices: Mapped[str | None] = mapped_column(Text, deferred=True)
    # Personality files a create or rebuild gave (JSON: path, contents).
    injected_files: Mapped[str | None] = mapped_column(Text, deferred=True)
    # The move under way (MigrationContext), while it is.
    migration_context: Mapped[str | None] = mapped_column(Text,
                                                          deferred=True)
    # The properties of the image the server was built (or rebuilt) from,
    # as they were then (JSON: name -> text).
    image_properties: Mapped[str | None] = mapped_column(Text,
                                                         deferred=True)


class InstanceFault(Base):
    __tablename__ = 'instance_faults'
    __table_args__ = (
        Index('instance_faults_instance_uuid_idx', 'instance_uuid'),
    )
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    instance_uuid: Mapped[str] = mapped_column(
        String(36), ForeignKey('instances.uuid'))
    code: Mapped[int] = mapped_column(Integer)
    message: Mapped[str | None] = mapped_column(String(255))
    details: Mapped[str | None] = mapped_column(Text)
    host: Mapped[str | None] = mapped_column(String(255))
    created_at: Mapped[datetime.datetime | None] = mapped_column(
        DateTime, default=_utcnow)


class RequestSpec(TimestampMixin, Base):
    __tablename__ = 'request_specs'
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    instance_uuid: Mapped[str] = mapped_column(String(36), unique=True)
    spec: Mapped[str] = mapped_column(Text)


# The placement store: providers of resources, what they hold
# (inventories), who uses what (allocations by consumers), and the traits
# and aggregates that qualify them. Standard resource classes and traits
# come from os-resource-classes and os-traits; only custom ones are rows.


class ResourceProvider(TimestampMixin, Base):
    __tablename__ = 'resource_providers'
    __table_args__ = (
        Index('resource_providers_root_provider_id_idx',
              'root_provider_id'),
        Index('resource_providers_parent_provider_id_idx',
              'parent_provider_id'),
    )
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    uuid: Mapped[str] = mapped_column(String(36), unique=True)
    name: Mapped[str] = mapped_column(String(200), unique=True)
    # Bumped by every change to the provider, its inventory, traits,
    # aggregates or allocations made on it: the compare-and-swap that
    # keeps concurrent writers from over-allocating.
    generation: Mapped[int] = mapped_column(Integer, default=0)
    # Allocations removed from the provider (a consumer's deleted, or
    # moved elsewhere) leave the generation alone, as in Placement; they
    # are counted here, for what caches the provider's usage.
    usage_changes: Mapped[int] = mapped_column(Integer, default=0,
                                               server_default='0')
    root_provider_id: Mapped[int | None] = mapped_column(
        Integer, ForeignKey('resource_providers.id'))
    parent_provider_id: Mapped[int | None] = mapped_column(
        Integer, ForeignKey('resource_providers.id'))


class ResourceClass(TimestampMixin, Base):
    """A custom resource class (CUSTOM_*)."""
    __tablename__ = 'resource_classes'
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(255), unique=True)


class Inventory(TimestampMixin, Base):
    __tablename__ = 'inventories'
    __table_args__ = (
        UniqueConstraint('resource_provider_id', 'resource_class',
                         name='uniq_inventories0provider0class'),
        Index('inventories_resource_class_idx', 'resource_class'),
    )
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    resource_provider_id: Mapped[int] = mapped_column(
        Integer, ForeignKey('resource_providers.id'))
    resource_class: Mapped[str] = mapped_column(String(255))
    total: Mapped[int] = mapped_column(Integer)
    reserved: Mapped[int] = mapped_column(Integer, default=0)
    min_unit: Mapped[int] = mapped_column(Integer, default=1)
    max_unit: Mapped[int] = mapped_column(Integer)
    step_size: Mapped[int] = mapped_column(Integer, default=1)
    allocation_ratio: Mapped[float] = mapped_column(Float, default=1.0)


class Consumer(TimestampMixin, Base):
    __tablename__ = 'consumers'
    __table_args__ = (
        Index('consumers_project_id_user_id_idx', 'project_id', 'user_id'),
    )
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    uuid: Mapped[str] = mapped_column(String(36), unique=True)
    project_id: Mapped[str] = mapped_column(String(255))
    user_id: Mapped[str] = mapped_column(String(255))
    generation: Mapped[int] = mapped_column(Integer, default=0)
    consumer_type: Mapped[str | None] = mapped_column(String(255))


class Allocation(TimestampMixin, Base):
    __tablename__ = 'allocations'
    __table_args__ = (
        Index('allocations_provider_class_idx', 'resource_provider_id',
              'resource_class'),
        Index('allocations_consumer_id_idx', 'consumer_id'),
    )
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    resource_provider_id: Mapped[int] = mapped_column(
        Integer, ForeignKey('resource_providers.id'))
    consumer_id: Mapped[str] = mapped_column(String(36))
    resource_class: Mapped[str] = mapped_column(String(255))
    used: Mapped[int] = mapped_column(Integer)


class Trait(TimestampMixin, Base):
    """A custom trait (CUSTOM_*)."""
    __tablename__ = 'traits'
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(255), unique=True)


class ProviderTrait(Base):
    __tablename__ = 'resource_provider_traits'
    __table_args__ = (Index('resource_provider_traits_trait_idx', 'trait'),)
    resource_provider_id: Mapped[int] = mapped_column(
        Integer, ForeignKey('resource_providers.id'), primary_key=True)
    trait: Mapped[str] = mapped_column(String(255), primary_key=True)


class ProviderAggregate(Base):
    __tablename__ = 'resource_provider_aggregates'
    __table_args__ = (
        Index('resource_provider_aggregates_aggregate_idx', 'aggregate'),
    )
    resource_provider_id: Mapped[int] = mapped_column(
        Integer, ForeignKey('resource_providers.id'), primary_key=True)
    aggregate: Mapped[str] = mapped_column(String(36), primary_key=True)


class PlacementAggregate(Base):
    """Every aggregate placement has been told of, numbered in the order
    it first heard of each: a provider's aggregates are listed in that
    order, as Placement lists them."""
    __tablename__ = 'placement_aggregates'
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    uuid: Mapped[str] = mapped_column(String(36), unique=True)


class Image(TimestampMixin, Base):
    """An image of the image service; its bits are a file in the store."""
    __tablename__ = 'images'
    __table_args__ = (Index('images_name_idx', 'name'),)
    id: Mapped[str] = mapped_column(String(36), primary_key=True)
    name: Mapped[str | None] = mapped_column(String(255))
    status: Mapped[str] = mapped_column(String(30))
    disk_format: Mapped[str | None] = mapped_column(String(20))
    container_format: Mapped[str | None] = mapped_column(String(20))
    size: Mapped[int | None] = mapped_column(sa.BigInteger)
    checksum: Mapped[str | None] = mapped_column(String(32))
    os_hash_algo: Mapped[str | None] = mapped_column(String(64))
    os_hash_value: Mapped[str | None] = mapped_column(String(128))
    visibility: Mapped[str] = mapped_column(String(20))
    owner: Mapped[str | None] = mapped_column(String(255))
    min_disk: Mapped[int] = mapped_column(Integer, default=0)
    min_ram: Mapped[int] = mapped_column(Integer, default=0)
    protected: Mapped[bool] = mapped_column(Boolean, default=False)
    # Left out of lists unless asked for (os_hidden=true); shown by id.
    os_hidden: Mapped[bool] = mapped_column(Boolean, default=False,
                                            server_default=sa.false())
    # Free-form properties (kernel_id, ramdisk_id, os_command_line...)
    # and tags, as JSON text: read and written with the image, whole.
    properties: Mapped[str | None] = mapped_column(Text)
    tags: Mapped[str | None] = mapped_column(Text)


class ImageTask(TimestampMixin, Base):
    """An import of data into an image (Glance's ``api_image_import``
    task): what was asked, how it went. Kept after the image is gone."""
    __tablename__ = 'image_tasks'
    __table_args__ = (Index('image_tasks_image_id_idx', 'image_id'),
                      Index('image_tasks_status_idx', 'status'))
    id: Mapped[str] = mapped_column(String(36), primary_key=True)
    type: Mapped[str] = mapped_column(String(30))
    status: Mapped[str] = mapped_column(String(30))
    image_id: Mapped[str] = mapped_column(String(36))
    owner: Mapped[str | None] = mapped_column(String(255))
    user_id: Mapped[str | None] = mapped_column(String(255))
    request_id: Mapped[str | None] = mapped_column(String(255))
    # The request's body and the outcome, as JSON text.
    input: Mapped[str | None] = mapped_column(Text)
    result: Mapped[str | None] = mapped_column(Text)
    message: Mapped[str] = mapped_column(Text, default='')
    expires_at: Mapped[datetime.datetime | None] = mapped_column(DateTime)


class ImageMember(TimestampMixin, Base):
    """A project an image is shared with, and its answer (pending,
    accepted or rejected)."""
    __tablename__ = 'image_members'
    __table_args__ = (Index('image_members_member_idx', 'member'),)
    image_id: Mapped[str] = mapped_column(
        String(36), ForeignKey('images.id'), primary_key=True)
    member: Mapped[str] = mapped_column(String(255), primary_key=True)
    status: Mapped[str] = mapped_column(String(20))


class MetadefNamespace(TimestampMixin, Base):
    """A namespace of the image API's metadata definitions catalogue."""
    __tablename__ = 'metadef_namespaces'
    __table_args__ = (
        UniqueConstraint('namespace',
                         name='uniq_metadef_namespaces0namespace'),
    )
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    namespace: Mapped[str] = mapped_column(String(80))
    display_name: Mapped[str | None] = mapped_column(String(80))
    description: Mapped[str | None] = mapped_column(Text)
    visibility: Mapped[str] = mapped_column(String(32))
    protected: Mapped[bool] = mapped_column(Boolean, default=False)
    owner: Mapped[str] = mapped_column(String(255))


class MetadefRecord(TimestampMixin, Base):
    """What a namespace holds: an object, a property, a tag or a resource
    type association (``kind``), unique by name within its kind; the rest
    of its definition is JSON text (``body``)."""
    __tablename__ = 'metadef_records'
    __table_args__ = (
        UniqueConstraint('namespace_id', 'kind', 'name',
                         name='uniq_metadef_records0namespace_id0kind0name'),
    )
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    namespace_id: Mapped[int] = mapped_column(
        Integer, ForeignKey('metadef_namespaces.id', ondelete='CASCADE'))
    kind: Mapped[str] = mapped_column(String(16))
    name: Mapped[str] = mapped_column(String(255))
    body: Mapped[str] = mapped_column(Text)


class ConsoleAuthToken(TimestampMixin, Base):
    """A token a console proxy admits one connection with: the guest's
    console address it stands for, until ``expires`` (a Unix time). Only
    the token's SHA-256 is kept, so the table gives no one a console."""
    __tablename__ = 'console_auth_tokens'
    __table_args__ = (
        UniqueConstraint('token_hash',
                         name='uniq_console_auth_tokens0token_hash'),
        Index('console_auth_tokens_instance_uuid_idx', 'instance_uuid'),
        Index('console_auth_tokens_expires_idx', 'expires'),
    )
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(255))
    console_type: Mapped[str] = mapped_column(String(255))
    host: Mapped[str] = mapped_column(String(255))
    port: Mapped[int] = mapped_column(Integer)
    tls_port: Mapped[int | None] = mapped_column(Integer)
    internal_access_path: Mapped[str | None] = mapped_column(String(255))
    instance_uuid: Mapped[str] = mapped_column(String(36))
    expires: Mapped[int] = mapped_column(Integer)
    access_url_base: Mapped[str | None] = mapped_column(String(255))
