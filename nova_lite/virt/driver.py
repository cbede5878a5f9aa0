# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The contract between the compute agent and a hypervisor.

Drivers are loaded by name from the ``nova_lite.virt.drivers`` entry
points, so a new hypervisor is a package, not a patch.
"""
import dataclasses

from stevedore import driver as stevedore_driver

from nova_lite.virt import host_uptime


@dataclasses.dataclass
class HostResources:
    """What a hypervisor host has, as the resource tracker records it."""
    hypervisor_hostname: str
    hypervisor_type: str
    hypervisor_version: int
    vcpus: int
    memory_mb: int
    local_gb: int
    # arch, model, vendor, features, topology (as the hypervisors API
    # shows them).
    cpu_info: dict = dataclasses.field(default_factory=dict)
    # Its PCI devices: {'address', 'vendor_id', 'product_id', 'dev_type',
    # 'parent_addr', 'numa_node', 'dev_id'} each (as libvirt lists them).
    pci_devices: list = dataclasses.field(default_factory=list)


@dataclasses.dataclass
class ConsoleAddress:
    """Where a guest's console listens, for a console proxy to connect
    to: the host's address and port (-1: no console server runs)."""
    host: str
    port: int
    internal_access_path: str = None


class ComputeDriver:

    def __init__(self, conf, host):
        self.conf = conf
        self.host = host

    def init_host(self):
        """Connect to the hypervisor; raise HypervisorUnavailable if not."""
        raise NotImplementedError()

    def cleanup_host(self):
        """Release the hypervisor connection."""

    def get_available_resource(self):
        """Return the host's HostResources."""
        raise NotImplementedError()

    def get_host_cpu_stats(self):
        """{'user', 'kernel', 'idle', 'iowait'}: the host's CPU times
        since boot in ns, and 'frequency': its CPU's in MHz (the
        ``cpu.virt_driver`` monitor's)."""
        raise NotImplementedError()

    def list_instance_uuids(self):
        raise NotImplementedError()

    def instance_exists(self, instance):
        return instance.uuid in self.list_instance_uuids()

    def get_power_state(self, instance):
        raise NotImplementedError()

    def spawn(self, context, instance, image_id=None):
        """Create and start the guest (its disk from ``image_id``, by
        default the server's image); raise InstanceSpawnError on
        failure."""
        raise NotImplementedError()

    def destroy(self, context, instance):
        """Stop and remove the guest and its files; a guest already gone
        is no error."""
        raise NotImplementedError()

    def power_off(self, instance, timeout=0):
        """Shut the guest down, cleanly if it does within ``timeout``
        seconds, else by pulling the plug."""
        raise NotImplementedError()

    def power_on(self, instance):
        raise NotImplementedError()

    def reboot(self, instance, reboot_type, timeout=0):
        """SOFT: a clean shutdown (HARD after ``timeout``), then start;
        HARD: power off and on."""
        raise NotImplementedError()

    def get_console_output(self, instance):
        """The guest's serial console log so far, as text ('' if the
        hypervisor keeps none)."""
        raise NotImplementedError()

    def get_console(self, instance, kind):
        """The ConsoleAddress of the guest's console of ``kind`` ('vnc'
        or 'serial'); ConsoleTypeUnavailable if it has none."""
        raise NotImplementedError()

    def pause(self, instance):
        """Freeze the guest in memory (it keeps its host's memory)."""
        raise NotImplementedError()

    def unpause(self, instance):
        raise NotImplementedError()

    def suspend(self, instance):
        """Save the guest's memory to disk and stop it."""
        raise NotImplementedError()

    def resume(self, instance):
        """Start a suspended guest from its saved memory."""
        raise NotImplementedError()

    def trigger_crash_dump(self, instance):
        """Send the guest a non-maskable interrupt (a kernel set up for it
        dumps its memory)."""
        raise NotImplementedError()

    def rescue(self, context, instance, image_id):
        """Boot the guest from ``image_id`` with its own disk as its
        second disk (to repair it)."""
        raise NotImplementedError()

    def unrescue(self, context, instance):
        """Boot the guest from its own disk again."""
        raise NotImplementedError()

    def get_instance_diagnostics(self, instance):
        """What the hypervisor tells of the guest: {'state', 'hypervisor',
        'num_cpus', 'memory_mb', 'cpu_times' (ns per vCPU), 'disks'
        ([{'device', 'read_bytes', 'read_requests', 'write_bytes',
        'write_requests', 'errors_count'}]), 'nics' ([{'device',
        'mac_address', 'rx_octets', 'rx_packets', 'rx_errors', 'rx_drop',
        'tx_octets', 'tx_packets', 'tx_errors', 'tx_drop'}]),
        'memory_stats' (the balloon's figures in KiB by name, as libvirt's
        memoryStats gives them; empty when the guest does not run)}."""
        raise NotImplementedError()

    def snapshot(self, instance, path):
        """Write the guest's disk to ``path``, whole (no backing file), as
        a new image's bits; their disk format."""
        raise NotImplementedError()

    # Moves (resize, cold migration). The defaults serve a driver whose
    # guests have nothing to carry (the test driver's, the fake's): the
    # guest is made anew on the destination from the server's record.

    def migrate_disk_and_power_off(self, context, instance, migration,
                                   timeout=0):
        """On the source: stop the guest and send its disk to the
        migration's destination (``dest_host``, its address); the guest
        stays defined here until the move is confirmed (a revert starts
        it again)."""
        self.power_off(instance, timeout)

    def finish_migration(self, context, instance, power_on=True):
        """On the destination: the guest made with the instance's new
        flavor from the disk it was sent; started if ``power_on``."""
        self.spawn(context, instance)
        if not power_on:
            self.power_off(instance)

    def confirm_migration(self, context, instance, same_host=False):
        """On the source, once the move is kept: the old guest goes
        (unless the move stayed on this host, where the new one is)."""
        if not same_host:
            self.destroy(context, instance)

    def revert_migration_on_dest(self, context, instance, same_host=False):
        """On the destination of a move being reverted: its guest goes
        (on one host, the source's restart redefines it)."""
        if not same_host:
            self.destroy(context, instance)

    def finish_revert_migration(self, context, instance, power_on=True):
        """On the source: the guest as it was (old flavor) again."""
        self.spawn(context, instance)
        if not power_on:
            self.power_off(instance)

    # Live migration: the running guest moves; the defaults again serve a
    # driver whose guests carry nothing (the guest is defined and started
    # on the destination from the server's record once it has moved).

    def pre_live_migration(self, context, instance, block_migration):
        """On the destination, before the guest comes: what it needs
        there (a real guest's files). Returns what the source needs to
        know of this host for the guest's definition (where its consoles
        will listen here), or None."""
        return None

    def live_migration(self, context, instance, migration,
                       block_migration, dest_consoles=None):
        """On the source: move the running guest to the hypervisor of
        the migration's destination (``dest_compute``, at ``dest_host``;
        its consoles where ``dest_consoles``, pre_live_migration's answer
        there, says), or raise LiveMigrationFailed (the guest still runs
        here; LiveMigrationAborted if ``live_migration_abort`` stopped
        it)."""

    def attach_interface(self, context, instance, vif):
        """Plug one more vNIC (a port attached while the server lives)
        into its guest; nothing where guests carry none."""

    def detach_interface(self, context, instance, vif):
        """Unplug the vNIC from the guest."""

    def post_live_migration_at_destination(self, context, instance):
        """On the destination: the guest that arrived, as the server's
        (started, paused again if it was paused)."""
        if not self.instance_exists(instance):
            self.spawn(context, instance)
        if instance.vm_state == 'paused':
            self.pause(instance)

    def post_live_migration_at_source(self, context, instance):
        """On the source, once the guest runs on the destination: what
        is left of it here goes."""
        self.destroy(context, instance)

    def rollback_live_migration_at_destination(self, context, instance):
        """On the destination of a live migration that failed: whatever
        of the guest got there goes."""
        self.destroy(context, instance)

    def live_migration_force_complete(self, instance):
        """Make a live migration under way finish (pause the guest for
        its last copy); nothing to do where moves are instant."""

    def live_migration_abort(self, instance):
        """Stop a live migration under way; the guest stays on its
        source. Nothing to do where moves are instant."""

    def announce_bandwidths(self, hypervisor, bandwidths):
        """Tell the host's network service chassis the bandwidth of its
        physical networks ({name: (egress, ingress)} kbit/s), for the
        service's providers under ``hypervisor``; nothing by default."""

    def cache_image(self, image_id):
        """Fetch the image into this host's image cache ahead of use;
        True if fetched now, False if it was there already."""
        raise NotImplementedError()

    def get_host_uptime(self):
        """The host's ``uptime`` line (time, up for, users, load): the
        agent runs on the host it drives."""
        return host_uptime.line()


def load_driver(conf, host, name=None):
    manager = stevedore_driver.DriverManager(
        'nova_lite.virt.drivers', name or conf.compute.compute_driver,
        invoke_on_load=True, invoke_args=(conf, host))
    return manager.driver
