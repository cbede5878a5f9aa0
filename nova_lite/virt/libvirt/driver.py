"""The libvirt driver, on python-libvirt.

One connection per driver, kept for the agent's lifetime: with libvirt's
``test:///`` driver, the host's state lives in that connection, so each
simulated host is one driver holding one connection to its own node file.
"""
import os
import threading

import libvirt
from oslo_log import log as logging

from nova_lite import exception
from nova_lite.objects import fields
from nova_lite.virt import driver
from nova_lite.virt.libvirt import domain_xml

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


class LibvirtDriver(driver.ComputeDriver):

    def __init__(self, conf, host, uri=None):
        super().__init__(conf, host)
        self.uri = uri or conf.libvirt.connection_uri
        self._conn = None
        self._lock = threading.Lock()

    @property
    def virt_type(self):
        if self.uri.startswith('test://'):
            return 'test'
        return self.conf.libvirt.virt_type

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
        info = self._conn.getInfo()
        return driver.HostResources(
            hypervisor_hostname=self.host,
            hypervisor_type=self._conn.getType(),
            hypervisor_version=self._conn.getVersion(),
            vcpus=info[2], memory_mb=info[1], local_gb=self._local_gb())

    def _local_gb(self):
        try:
            pool = self._conn.storagePoolLookupByName(
                self.conf.libvirt.images_pool)
            return pool.info()[1] // (1024 ** 3)
        except libvirt.libvirtError:
            path = self.conf.libvirt.instances_path
            os.makedirs(path, exist_ok=True)
            stat = os.statvfs(path)
            return stat.f_frsize * stat.f_blocks // (1024 ** 3)

    def list_instance_uuids(self):
        return [dom.UUIDString() for dom in self._conn.listAllDomains()]

    def _lookup(self, instance):
        try:
            return self._conn.lookupByUUIDString(instance.uuid)
        except libvirt.libvirtError as e:
            if e.get_error_code() == libvirt.VIR_ERR_NO_DOMAIN:
                return None
            raise

    def get_power_state(self, instance):
        dom = self._lookup(instance)
        if dom is None:
            return fields.PowerState.NOSTATE
        return _POWER_STATES.get(dom.state()[0], fields.PowerState.NOSTATE)

    def spawn(self, context, instance):
        xml = domain_xml.build(instance, self.virt_type)
        try:
            with self._lock:
                dom = self._conn.defineXML(xml)
            dom.create()
        except libvirt.libvirtError as e:
            self._undefine_quietly(instance)
            raise exception.InstanceSpawnError(
                instance_uuid=instance.uuid, reason=e.get_error_message())

    def destroy(self, context, instance):
        dom = self._lookup(instance)
        if dom is None:
            return
        if dom.isActive():
            dom.destroy()
        dom.undefine()

    def _undefine_quietly(self, instance):
        try:
            self.destroy(None, instance)
        except libvirt.libvirtError:
            LOG.warning('could not remove the domain of %s', instance.uuid)
