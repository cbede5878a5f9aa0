# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The libvirt driver, on python-libvirt.

One connection per driver, kept for the agent's lifetime: with libvirt's
``test:///`` driver, the host's state lives in that connection, so each
simulated host is one driver holding one connection to its own node file.
A connection to a real libvirtd that was lost (libvirtd restarted) is
opened again at the next operation.

On a real hypervisor (``virt_type`` qemu or kvm) a guest boots from an
image fetched from the image API and cached on the host, with its files
in its own directory under ``[libvirt] instances_path``
(guest_files); a test-driver guest has no files.
"""
import os
import subprocess
import threading
import time
from xml.etree import ElementTree as ET

import libvirt
from oslo_log import log as logging

from nova_lite import exception
from nova_lite.network import fixed_networks
from nova_lite.objects import fields
from nova_lite.virt import driver
from nova_lite.virt import image_cache
from nova_lite.virt import image_client
from nova_lite.virt.libvirt import chassis_bandwidths
from nova_lite.virt.libvirt import domain_xml
from nova_lite.virt.libvirt import guest_files
from nova_lite.virt.libvirt import guest_moves
from nova_lite.virt.libvirt import host_cpu
from nova_lite.virt.libvirt import interfaces
from nova_lite.virt.libvirt import ovs_ports
from nova_lite.virt.libvirt import pci_devices
from nova_lite.virt.libvirt import serial_ports
from nova_lite.virt.libvirt import tc_shaping
from nova_lite.virt import simulated_console

LOG = logging.getLogger(__name__)

_POWER_STATES = {
    libvirt.VIR_DOMAIN_NOSTATE: fields.PowerState.NOSTATE,
    libvirt.VIR_DOMAIN_RUNNING: fields.PowerState.RUNNING,
    libvirt.VIR_DOMAIN_BLOCKED: fields.PowerState.RUNNING,
    libvirt.VIR_DOMAIN_PAUSED: fields.PowerState.PAUSED,
    libvirt.VIR_DOMAIN_SHUTDOWN: fields.PowerState.SHUTDOWN,
    libvirt.VIR_DOMAIN_SHUTOFF: fields.PowerState.SHUTDOWN,
    libvirt.VIR_DOMAIN_CRASHED: fields.PowerState.CRASHED,
}


def _quiet_libvirt(_ctx, _err):
    """libvirt prints every error on stderr by default; we log our own."""


libvirt.registerErrorHandler(_quiet_libvirt, None)


def _disk_stats(dom, device):
    try:
        rd_req, rd_bytes, wr_req, wr_bytes, errors = dom.blockStats(device)
    except libvirt.libvirtError:  # a stopped guest has none
        rd_req = rd_bytes = wr_req = wr_bytes = errors = 0
    return {'device': device, 'read_bytes': rd_bytes,
            'read_requests': rd_req, 'write_bytes': wr_bytes,
            'write_requests': wr_req, 'errors_count': errors}


_NIC_KEYS = ('rx_octets', 'rx_packets', 'rx_errors', 'rx_drop',
             'tx_octets', 'tx_packets', 'tx_errors', 'tx_drop')


def _nic_stats(dom, device, mac):
    try:
        figures = dom.interfaceStats(device)
    except libvirt.libvirtError:  # a stopped guest has none
        figures = (0,) * len(_NIC_KEYS)
    found = dict(zip(_NIC_KEYS, figures))
    found.update(device=device, mac_address=mac)
    return found


def _memory_stats(dom):
    try:
        return dict(dom.memoryStats())
    except libvirt.libvirtError:  # a stopped guest has none
        return {}


def _ports(instance):
    """The server's vNICs that are a network service's ports."""
    return [vif for vif in instance.vifs if vif.is_port]


class LibvirtDriver(driver.ComputeDriver):

    def __init__(self, conf, host, uri=None):
        super().__init__(conf, host)
        self.uri = uri or conf.libvirt.connection_uri
        self._conn = None
        self._lock = threading.Lock()
        # Absolute: libvirt and qemu-img resolve relative paths elsewhere.
        self.instances_path = os.path.abspath(conf.libvirt.instances_path)
        self._image_cache = None
        self.networks = fixed_networks.networks_of(conf)
        self._compute_shapes = None
        # The consoles of guests on their way here (live migrations).
        self._incoming = {}

    @property
    def virt_type(self):
        if self.uri.startswith('test://'):
            return 'test'
        return self.conf.libvirt.virt_type

    @property
    def is_real(self):
        return self.virt_type != 'test'

    @property
    def compute_shapes(self):
        """Whether this compute shapes the vNICs' taps itself, rather
        than libvirt (``[libvirt] vnic_shaping``; decided once)."""
        if self._compute_shapes is None:
            mode = self.conf.libvirt.vnic_shaping
            self._compute_shapes = self.is_real and (
                mode == 'compute' or
                (mode == 'auto' and not tc_shaping.libvirt_can_shape()))
        return self._compute_shapes

    @property
    def image_cache(self):
        if self._image_cache is None:
            self._image_cache = image_cache.ImageCache(
                os.path.join(self.instances_path, '_base'),
                image_client.ImageClient(self.conf))
        return self._image_cache

    def _is_alive(self):
        try:
            return self._conn is not None and self._conn.isAlive()
        except libvirt.libvirtError:
            return False

    def _connection(self):
        """The open connection, opened again if libvirtd dropped it."""
        if self._is_alive():
            return self._conn
        if self._conn is not None:
            LOG.warning('connection to libvirt at %s lost; opening it '
                        'again', self.uri)
        self.init_host()
        return self._conn

    def init_host(self):
        try:
            self._conn = libvirt.open(self.uri)
        except libvirt.libvirtError as e:
            raise exception.HypervisorUnavailable(
                message='Cannot connect to libvirt at %s: %s' % (
                    self.uri, e.get_error_message()))

    def cleanup_host(self):
        if self._conn is not None:
            try:
                self._conn.close()
            except libvirt.libvirtError:
                pass
            self._conn = None

    def get_available_resource(self):
        conn = self._connection()
        info = conn.getInfo()
        return driver.HostResources(
            hypervisor_hostname=self.host,
            hypervisor_type=conn.getType(),
            hypervisor_version=conn.getVersion(),
            vcpus=info[2], memory_mb=info[1], local_gb=self._local_gb(),
            cpu_info=host_cpu.cpu_info(conn.getCapabilities(), info),
            pci_devices=pci_devices.host_devices(conn))

    def get_host_cpu_stats(self):
        conn = self._connection()
        stats = conn.getCPUStats(libvirt.VIR_NODE_CPU_STATS_ALL_CPUS)
        return {'user': stats['user'], 'kernel': stats['kernel'],
                'idle': stats['idle'], 'iowait': stats['iowait'],
                'frequency': conn.getInfo()[3]}

    def _local_gb(self):
        try:
            pool = self._connection().storagePoolLookupByName(
                self.conf.libvirt.images_pool)
            return pool.info()[1] // (1024 ** 3)
        except libvirt.libvirtError:
            path = self.conf.libvirt.instances_path
            os.makedirs(path, exist_ok=True)
            stat = os.statvfs(path)
            return stat.f_frsize * stat.f_blocks // (1024 ** 3)

    def cache_image(self, image_id):
        return self.image_cache.cache(image_id)

    def list_instance_uuids(self):
        """The guests of this compute: on a real libvirtd, shared with
        other deployments and guests not ours, those whose nova_lite
        metadata names this host."""
        domains = self._connection().listAllDomains()
        if self.is_real:
            domains = [dom for dom in domains if self._is_ours(dom)]
        return [dom.UUIDString() for dom in domains]

    def _is_ours(self, dom):
        try:
            metadata = dom.metadata(libvirt.VIR_DOMAIN_METADATA_ELEMENT,
                                    domain_xml.NAMESPACE)
        except libvirt.libvirtError:
            return False  # no nova_lite metadata
        return domain_xml.host_of(metadata) == self.host

    def _lookup(self, instance):
        try:
            return self._connection().lookupByUUIDString(instance.uuid)
        except libvirt.libvirtError as e:
            if e.get_error_code() == libvirt.VIR_ERR_NO_DOMAIN:
                return None
            raise

    def get_power_state(self, instance):
        dom = self._lookup(instance)
        if dom is None:
            return fields.PowerState.NOSTATE
        return _POWER_STATES.get(dom.state()[0], fields.PowerState.NOSTATE)

    def spawn(self, context, instance, image_id=None):
        self._create_domain(instance, remove_files_on_failure=True,
                            image_id=image_id)

    def rescue(self, context, instance, image_id):
        """The guest's domain replaced by one that boots the rescue image
        (its files in ``rescue/``) with the guest's disk second."""
        self._remove_domain(instance)
        self._create_domain(instance, remove_files_on_failure=False,
                            image_id=image_id, rescue=True)

    def unrescue(self, context, instance):
        self._remove_domain(instance)
        if self.is_real:
            guest_files.remove_rescue(self.instances_path, instance)
        self._create_domain(instance, remove_files_on_failure=False)

    def _create_domain(self, instance, remove_files_on_failure,
                       image_id=None, rescue=False, start=True):
        """Lay the guest's files out (a real host), define and (unless
        not ``start``) start it; on failure no domain stays behind, and
        no file either unless the files were there before (a guest being
        started again)."""
        started = time.monotonic()
        boot = None
        if self.is_real:
            prepare = (guest_files.prepare_rescue if rescue
                       else guest_files.prepare)
            boot = prepare(self.instances_path, self.image_cache, instance,
                           image_id=image_id, networks=self.networks)
        prepared = time.monotonic()
        try:
            conn = self._connection()
            consoles = self._consoles(conn) if boot is not None else None
            xml = domain_xml.build(
                instance, self.virt_type,
                instance.name_from(self.conf.instance_name_template),
                self.host, boot, self.conf.libvirt.bridge_mappings,
                bandwidth=not self.compute_shapes,
                ovs_bridge=self.conf.neutron.ovs_bridge, consoles=consoles)
            with self._lock:
                try:
                    dom = conn.defineXML(xml)
                finally:
                    self._release_serial_port(consoles)
            if start:
                self._start(dom, instance)
            if self.is_real:
                # bench/real_boot.py reads this line to split the time.
                LOG.info('guest of %s started: files %.3f s, libvirt '
                         '%.3f s', instance.uuid, prepared - started,
                         time.monotonic() - prepared)
        except (libvirt.libvirtError, exception.HypervisorUnavailable,
                exception.SocketPortRangeExhausted,
                subprocess.CalledProcessError) as e:
            reason = self._failure_reason(e)
            self._undefine_quietly(instance)
            if self.is_real and remove_files_on_failure:
                guest_files.remove(self.instances_path, instance)
            raise exception.InstanceSpawnError(
                instance_uuid=instance.uuid, reason=reason)

    def _consoles(self, conn):
        """A new real guest's consoles as ``[vnc]`` and
        ``[serial_console]`` ask: a serial port free on this libvirtd."""
        vnc = self.conf.vnc
        serial = self.conf.serial_console
        port = None
        if serial.enabled:
            in_use = {domain_xml.console_port(dom.XMLDesc(), 'serial')
                      for dom in conn.listAllDomains()}
            port = serial_ports.acquire(
                serial.proxyclient_address,
                serial_ports.port_range(serial.port_range), in_use)
        return domain_xml.Consoles(
            vnc.server_listen if vnc.enabled else None,
            serial.proxyclient_address, port)

    @staticmethod
    def _release_serial_port(consoles):
        if consoles is not None and consoles.serial_port is not None:
            serial_ports.release(consoles.serial_host, consoles.serial_port)

    def get_console(self, instance, kind):
        """Where the guest's console of ``kind`` ('vnc', 'serial')
        listens. A simulated host runs no console server: its port is
        -1, as libvirt's test driver reports a VNC server's."""
        address = (self.conf.vnc.server_proxyclient_address if kind == 'vnc'
                   else self.conf.serial_console.proxyclient_address)
        if not self.is_real:
            self._active_domain(instance)
            return driver.ConsoleAddress(address, -1, None)
        port = domain_xml.console_port(
            self._active_domain(instance).XMLDesc(), kind)
        if port is None:
            raise exception.ConsoleTypeUnavailable(
                console_type='novnc' if kind == 'vnc' else kind)
        return driver.ConsoleAddress(address, port, None)

    def _start(self, dom, instance):
        """Start the domain and, where the compute shapes them, its taps
        (libvirt makes them afresh at each start); a simulated host plugs
        the network service's ports itself."""
        dom.create()
        if self.compute_shapes:
            tc_shaping.apply(instance.vifs)
        ovsdb = self._simulated_ovsdb()
        if ovsdb:
            ovs_ports.plug(ovsdb, self.conf.neutron.ovs_bridge,
                           instance.uuid, _ports(instance))

    def attach_interface(self, context, instance, vif):
        """The vNIC into the domain, live if it runs and in its
        definition; a simulated host plugs the port itself."""
        ovsdb = self._simulated_ovsdb()
        if ovsdb:
            ovs_ports.plug(ovsdb, self.conf.neutron.ovs_bridge,
                           instance.uuid, [vif])
        if not self.is_real:
            return
        dom = self._lookup(instance)
        if dom is not None:
            dom.attachDeviceFlags(self._interface_xml(vif),
                                  self._device_flags(dom))

    def detach_interface(self, context, instance, vif):
        ovsdb = self._simulated_ovsdb()
        if ovsdb:
            ovs_ports.unplug(ovsdb, self.conf.neutron.ovs_bridge, [vif])
        if not self.is_real:
            return
        dom = self._lookup(instance)
        if dom is not None:
            dom.detachDeviceFlags(self._interface_xml(vif),
                                  self._device_flags(dom))

    def _interface_xml(self, vif):
        devices = ET.Element('devices')
        interfaces.add(devices, [vif], self.conf.libvirt.bridge_mappings,
                       ovs_bridge=self.conf.neutron.ovs_bridge)
        return ET.tostring(devices[0], encoding='unicode')

    @staticmethod
    def _device_flags(dom):
        flags = libvirt.VIR_DOMAIN_AFFECT_CONFIG
        if dom.isActive():
            flags |= libvirt.VIR_DOMAIN_AFFECT_LIVE
        return flags

    def announce_bandwidths(self, hypervisor, bandwidths):
        ovsdb = (self.conf.neutron.ovsdb_connection if self.is_real
                 else self._simulated_ovsdb())
        if ovsdb:
            chassis_bandwidths.announce(ovsdb, hypervisor, bandwidths)
            LOG.info('told the chassis of %s its bandwidth: %s', hypervisor,
                     bandwidths)

    def _simulated_ovsdb(self):
        """The Open vSwitch database a simulated host plugs ports into,
        or None (a real host's libvirt plugs them)."""
        template = self.conf.neutron.simulated_host_ovsdb
        if self.is_real or not template:
            return None
        return template.replace('{host}', self.host)

    def _failure_reason(self, error):
        """Why an operation failed, saying so when libvirtd went away."""
        if isinstance(error, subprocess.CalledProcessError):
            return 'shaping its vNICs failed: %s: %s' % (
                ' '.join(error.cmd), (error.stderr or '').strip())
        if isinstance(error, libvirt.libvirtError):
            if not self._is_alive():
                return 'the connection to libvirt at %s was lost: %s' % (
                    self.uri, error.get_error_message())
            return error.get_error_message()
        return error.format_message()

    def destroy(self, context, instance):
        self._remove_domain(instance)
        if self.is_real:
            guest_files.remove(self.instances_path, instance)

    def _remove_domain(self, instance):
        """The domain gone, and the IFB devices of its taps where the
        compute shapes them: the domain's own taps, or the server's
        vNICs' if the domain is gone already (a guest that moved away
        live). A guest of a deleted server, known by its uuid alone, has
        its domain."""
        dom = self._lookup(instance)
        taps = []
        if dom is not None:
            taps = domain_xml.interface_targets(dom.XMLDesc())
            if dom.isActive():
                dom.destroy()
            # With the memory a suspend saved, if there is one.
            dom.undefineFlags(libvirt.VIR_DOMAIN_UNDEFINE_MANAGED_SAVE)
        elif instance.obj_attr_is_set('vifs') or instance._context:
            taps = [interfaces.tap_name(vif) for vif in instance.vifs]
        if self.compute_shapes:
            for tap in taps:
                tc_shaping.remove_ifb_of_tap(tap)
        self._unplug_simulated(instance)

    def _unplug_simulated(self, instance):
        ovsdb = self._simulated_ovsdb()
        if ovsdb and (instance.obj_attr_is_set('vifs') or instance._context):
            ovs_ports.unplug(ovsdb, self.conf.neutron.ovs_bridge,
                             _ports(instance))

    def _undefine_quietly(self, instance):
        """After a failed start: no domain may stay behind, even when
        libvirtd is the one that failed (then it has none to keep)."""
        try:
            self._remove_domain(instance)
        except (libvirt.libvirtError, exception.HypervisorUnavailable):
            LOG.warning('could not remove the domain of %s', instance.uuid)

    def _wait_until_off(self, dom, timeout):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if not dom.isActive():
                return True
            time.sleep(0.2)
        return not dom.isActive()

    def power_off(self, instance, timeout=0):
        """The guest off; its taps go with it (on a simulated host, its
        ports are unplugged as libvirt's taps would be)."""
        dom = self._lookup(instance)
        if dom is None or not dom.isActive():
            return
        try:
            self._power_off(dom, instance, timeout)
        finally:
            self._unplug_simulated(instance)

    def _power_off(self, dom, instance, timeout):
        if timeout:
            try:
                dom.shutdown()
                if self._wait_until_off(dom, timeout):
                    return
            except libvirt.libvirtError as e:
                LOG.info('clean shutdown of %s failed (%s); powering it '
                         'off', instance.uuid, e.get_error_message())
            LOG.info('%s did not shut down within %d s; powering it off',
                     instance.uuid, timeout)
        try:
            dom.destroy()
        except libvirt.libvirtError:
            if dom.isActive():
                raise

    def power_on(self, instance):
        """Start the guest; define it again first if the hypervisor lost
        its domain (a test-driver host that restarted)."""
        dom = self._lookup(instance)
        if dom is None:
            self._create_domain(instance, remove_files_on_failure=False)
        elif not dom.isActive():
            self._start(dom, instance)

    def _active_domain(self, instance):
        dom = self._lookup(instance)
        if dom is None:
            raise exception.InstanceNotFound(instance_id=instance.uuid)
        return dom

    def pause(self, instance):
        self._active_domain(instance).suspend()

    def unpause(self, instance):
        self._active_domain(instance).resume()

    def suspend(self, instance):
        self._active_domain(instance).managedSave(0)

    def resume(self, instance):
        """Starting a domain with a managed save image restores it."""
        self._start(self._active_domain(instance), instance)

    def trigger_crash_dump(self, instance):
        self._active_domain(instance).injectNMI(0)

    def get_instance_diagnostics(self, instance):
        dom = self._active_domain(instance)
        state, _, memory_kib, vcpus, _ = dom.info()
        cpu_times = ([v[2] for v in dom.vcpus()[0]] if dom.isActive()
                     else [0] * vcpus)
        xml = dom.XMLDesc()
        return {
            'state': _POWER_STATES.get(state, fields.PowerState.NOSTATE),
            'hypervisor': self._connection().getType().lower(),
            'num_cpus': vcpus, 'memory_mb': memory_kib // 1024,
            'cpu_times': cpu_times,
            'disks': [_disk_stats(dom, dev)
                      for dev in domain_xml.disk_targets(xml)],
            'nics': [_nic_stats(dom, dev, mac)
                     for dev, mac in domain_xml.interfaces_of(xml)],
            'memory_stats': _memory_stats(dom),
        }

    def snapshot(self, instance, path):
        """A real guest's overlay flattened with its image into one qcow2
        (read while the guest may run: what it has written so far); a
        test-driver guest has no disk, and gives an empty raw one."""
        self._active_domain(instance)
        if not self.is_real:
            open(path, 'wb').close()
            return 'raw'
        disk = os.path.join(guest_files.instance_dir(self.instances_path,
                                                     instance), 'disk')
        guest_files.flatten(instance, disk, path)
        return 'qcow2'

    # Moves. A test-driver guest has nothing to carry: the defaults make
    # it anew on the destination. A real guest's files go with it
    # (guest_moves); the hosts' libvirtds reach each other at the
    # computes' my_ip.

    def migrate_disk_and_power_off(self, context, instance, migration,
                                   timeout=0):
        """The guest stopped, its files set aside here until the move is
        confirmed or reverted, its disk sent to the destination (copied,
        for a resize on this host). If sending fails, the files are put
        back and ResizeError says why."""
        self.power_off(instance, timeout)
        if not self.is_real:
            return
        aside = guest_files.set_aside(self.instances_path, instance)
        directory = guest_files.instance_dir(self.instances_path, instance)
        try:
            if migration.same_host:
                guest_files.copy_disk(aside, directory)
            else:
                guest_moves.upload(
                    self.conf, migration.dest_host,
                    os.path.join(aside, 'disk'), directory,
                    'nova-lite-move-%s' % migration.uuid)
        except (OSError, guest_moves.MoveError) as e:
            guest_files.put_back(self.instances_path, instance)
            raise exception.ResizeError(reason=str(e))

    def finish_migration(self, context, instance, power_on=True):
        """The guest defined with its new flavor on the disk it was
        sent, which a failure keeps (the server ends in ERROR here)."""
        if not self.is_real:
            return super().finish_migration(context, instance, power_on)
        self._create_domain(instance, remove_files_on_failure=False,
                            start=power_on)

    def confirm_migration(self, context, instance, same_host=False):
        if not same_host:
            self._remove_own_guest(instance)
        if self.is_real:
            guest_files.remove_set_aside(self.instances_path, instance)

    def revert_migration_on_dest(self, context, instance, same_host=False):
        if not same_host:
            self._remove_own_guest(instance)

    def finish_revert_migration(self, context, instance, power_on=True):
        """The guest as it was, on the files set aside (its old disk:
        what it wrote on the destination is lost, as in a revert). On one
        host the resized guest is this same domain: it stops first."""
        self.power_off(instance)
        if self.is_real:
            guest_files.put_back(self.instances_path, instance)
        self._create_domain(instance, remove_files_on_failure=False,
                            start=power_on)

    def _remove_own_guest(self, instance):
        """Remove the guest's domain and files unless the domain this
        libvirtd has is another compute's (two computes sharing one
        libvirtd: the guest that moved is the other's now)."""
        dom = self._lookup(instance)
        if dom is not None and self.is_real and not self._is_ours(dom):
            LOG.info('the domain of %s is not %s\'s: left alone',
                     instance.uuid, self.host)
            return
        self.destroy(None, instance)

    def pre_live_migration(self, context, instance, block_migration):
        """The guest's files laid out here before it comes: the image
        its disk is an overlay of, an empty overlay the migration fills,
        its kernel and config drive; and where its consoles will listen
        here (a serial port held for it until it arrived or failed to),
        for the source to write into the definition it sends."""
        if not self.is_real:
            return None
        guest_files.prepare(self.instances_path, self.image_cache,
                            instance, networks=self.networks)
        consoles = self._consoles(self._connection())
        self._incoming[instance.uuid] = consoles
        return consoles._asdict()

    def _arrived(self, instance):
        """A guest's live migration here ended: its serial port is its
        domain's (or no one's)."""
        self._release_serial_port(self._incoming.pop(instance.uuid, None))

    def live_migration(self, context, instance, migration,
                       block_migration, dest_consoles=None):
        if not self.is_real:
            return
        dom = self._active_domain(instance)
        started = time.monotonic()
        consoles = (domain_xml.Consoles(**dest_consoles) if dest_consoles
                    else None)
        try:
            guest_moves.live_migrate(dom, self.conf, migration.dest_host,
                                     migration.dest_compute, consoles)
        except guest_moves.MoveAborted as e:
            raise exception.LiveMigrationAborted(reason=str(e))
        except guest_moves.MoveError as e:
            raise exception.LiveMigrationFailed(reason=str(e))
        LOG.info('guest of %s moved to %s (%s) while running: libvirt '
                 '%.3f s', instance.uuid, migration.dest_compute,
                 migration.dest_host, time.monotonic() - started)

    def post_live_migration_at_destination(self, context, instance):
        """The guest arrived running (or paused, if a force-complete
        paused it on its way): running unless the server was paused."""
        if not self.is_real:
            return super().post_live_migration_at_destination(context,
                                                              instance)
        self._arrived(instance)
        dom = self._active_domain(instance)
        paused = dom.state()[0] == libvirt.VIR_DOMAIN_PAUSED
        if paused and instance.vm_state != fields.VMState.PAUSED:
            dom.resume()
        if self.compute_shapes:
            tc_shaping.apply(instance.vifs)

    def post_live_migration_at_source(self, context, instance):
        self._remove_own_guest(instance)

    def rollback_live_migration_at_destination(self, context, instance):
        self._arrived(instance)
        self._remove_own_guest(instance)

    def live_migration_force_complete(self, instance):
        """Pause the moving guest: its last memory pages then copy."""
        if self.is_real:
            self._active_domain(instance).suspend()

    def live_migration_abort(self, instance, job_wait=5):
        """Cancel libvirt's migration job; one asked for just as the
        migration started waits up to ``job_wait`` s for the job."""
        if not self.is_real:
            return
        dom = self._active_domain(instance)
        deadline = time.monotonic() + job_wait
        try:
            while (dom.jobInfo()[0] == libvirt.VIR_DOMAIN_JOB_NONE and
                   time.monotonic() < deadline):
                time.sleep(0.1)
            dom.abortJob()
        except libvirt.libvirtError as e:  # also: the guest has moved
            raise exception.LiveMigrationFailed(
                reason='it could not be aborted: %s' % e.get_error_message())

    def reboot(self, instance, reboot_type, timeout=0):
        self.power_off(instance, timeout if reboot_type == 'SOFT' else 0)
        self.power_on(instance)

    def get_console_output(self, instance):
        if not self.is_real:
            return simulated_console.log_of(instance)
        path = guest_files.console_log(self.instances_path, instance)
        try:
            with open(path, 'rb') as f:
                return f.read().decode('utf-8', errors='replace')
        except FileNotFoundError:
            return ''
