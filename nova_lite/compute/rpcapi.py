"""Client side of the compute agent's RPC API.

Version history:

* 1.0 - Initial version: build_and_run_instance, terminate_instance
* 1.1 - build_and_run_instance takes the allocations the scheduler claimed
        for the instance on that host, so that the compute's resource
        plugins need not ask placement for them again
"""
import oslo_messaging as messaging

from nova_lite import rpc

TOPIC = 'compute'


class ComputeAPI:

    VERSION = '1.1'

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
