"""Client side of the compute agent's RPC API.

Version history:

* 1.0 - Initial version: build_and_run_instance, terminate_instance
* 1.1 - build_and_run_instance takes the allocations the scheduler claimed
        for the instance on that host, so that the compute's resource
        plugins need not ask placement for them again
* 1.2 - stop_instance, start_instance, reboot_instance (casts) and
        get_console_output (a call)
"""
import oslo_messaging as messaging

from nova_lite import exception
from nova_lite import rpc

TOPIC = 'compute'


class ComputeAPI:

    VERSION = '1.2'

    def __init__(self, conf, version_cap=None):
        target = messaging.Target(topic=TOPIC, version=self.VERSION)
        if version_cap is None:
            version_cap = conf.upgrade_levels.compute
        self.client = rpc.get_client(conf, target, version_cap=version_cap)

    def build_and_run_instance(self, context, instance, host, request_spec,
                               alternates, allocations=None):
        kwargs = {'instance': instance, 'request_spec': request_spec,
                  'alternates': alternates}
        version = '1.0'
        if self.client.can_send_version('1.1'):
            version = '1.1'
            kwargs['allocations'] = allocations
        cctxt = self.client.prepare(server=host, version=version)
        cctxt.cast(context, 'build_and_run_instance', **kwargs)

    def terminate_instance(self, context, instance):
        cctxt = self.client.prepare(server=instance.host, version='1.0')
        cctxt.cast(context, 'terminate_instance', instance=instance)

    def check_action_supported(self, instance, action):
        """ComputeTooOld (409) if computes are capped below 1.2, which
        brought the power actions and console output (an upgrade under
        way), before anything is changed for the action."""
        if not self.client.can_send_version('1.2'):
            raise exception.ComputeTooOld(host=instance.host, action=action)

    def _prepare_1_2(self, instance, action):
        self.check_action_supported(instance, action)
        return self.client.prepare(server=instance.host, version='1.2')

    def stop_instance(self, context, instance):
        self._prepare_1_2(instance, 'os-stop').cast(
            context, 'stop_instance', instance=instance)

    def start_instance(self, context, instance):
        self._prepare_1_2(instance, 'os-start').cast(
            context, 'start_instance', instance=instance)

    def reboot_instance(self, context, instance, reboot_type):
        self._prepare_1_2(instance, 'reboot').cast(
            context, 'reboot_instance', instance=instance,
            reboot_type=reboot_type)

    def get_console_output(self, context, instance):
        return self._prepare_1_2(instance, 'os-getConsoleOutput').call(
            context, 'get_console_output', instance=instance)
