"""The contract between the compute agent and a hypervisor.

Drivers are loaded by name from the ``nova_lite.virt.drivers`` entry
points, so a new hypervisor is a package, not a patch.
"""
import dataclasses

from stevedore import driver as stevedore_driver


@dataclasses.dataclass
class HostResources:
    """What a hypervisor host has, as the resource tracker records it."""
    hypervisor_hostname: str
    hypervisor_type: str
    hypervisor_version: int
    vcpus: int
    memory_mb: int
    local_gb: int


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

    def list_instance_uuids(self):
        raise NotImplementedError()

    def instance_exists(self, instance):
        return instance.uuid in self.list_instance_uuids()

    def get_power_state(self, instance):
        raise NotImplementedError()

    def spawn(self, context, instance):
        """Create and start the guest; raise InstanceSpawnError on failure."""
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


def load_driver(conf, host, name=None):
    manager = stevedore_driver.DriverManager(
        'nova_lite.virt.drivers', name or conf.compute.compute_driver,
        invoke_on_load=True, invoke_args=(conf, host))
    return manager.driver
