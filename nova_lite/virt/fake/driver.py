# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""An in-memory driver for unit tests. Services use the libvirt driver."""
import platform
import threading

from nova_lite.objects import fields
from nova_lite.virt import driver
from nova_lite.virt import simulated_console


class FakeDriver(driver.ComputeDriver):

    vcpus = 8
    memory_mb = 16384
    local_gb = 100

    def __init__(self, conf, host):
        super().__init__(conf, host)
        self._guests = {}
        self.cached_images = set()
        self._lock = threading.Lock()

    def init_host(self):
        pass

    def get_available_resource(self):
        return driver.HostResources(
            self.host, 'fake', 1, self.vcpus, self.memory_mb, self.local_gb,
            cpu_info={'arch': platform.machine(), 'model': None,
                      'vendor': None, 'features': [],
                      'topology': {'cells': 1, 'sockets': 1,
                                   'cores': self.vcpus, 'threads': 1}})

    def cache_image(self, image_id):
        with self._lock:
            fetched = image_id not in self.cached_images
            self.cached_images.add(image_id)
        return fetched

    def list_instance_uuids(self):
        with self._lock:
            return list(self._guests)

    def get_power_state(self, instance):
        with self._lock:
            return self._guests.get(instance.uuid, fields.PowerState.NOSTATE)

    def spawn(self, context, instance, image_id=None):
        with self._lock:
            self._guests[instance.uuid] = fields.PowerState.RUNNING

    def destroy(self, context, instance):
        with self._lock:
            self._guests.pop(instance.uuid, None)

    def _set(self, instance, state):
        with self._lock:
            if instance.uuid in self._guests:
                self._guests[instance.uuid] = state

    def power_off(self, instance, timeout=0):
        self._set(instance, fields.PowerState.SHUTDOWN)

    def power_on(self, instance):
        self._set(instance, fields.PowerState.RUNNING)

    def reboot(self, instance, reboot_type, timeout=0):
        self._set(instance, fields.PowerState.RUNNING)

    def get_console_output(self, instance):
        return simulated_console.log_of(instance)

    def get_console(self, instance, kind):
        """No console server runs in memory (port -1)."""
        return driver.ConsoleAddress('127.0.0.1', -1, None)

    def snapshot(self, instance, path):
        open(path, 'wb').close()
        return 'raw'
