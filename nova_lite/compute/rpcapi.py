"""Client side of the compute agent's RPC API.

Version history:

* 1.0 - Initial version: build_and_run_instance, terminate_instance
"""
import oslo_messaging as messaging

from nova_lite import rpc

TOPIC = 'compute'


class ComputeAPI:

    VERSION = '1.0'

    def __init__(self, conf, version_cap=None):
        target = messaging.Target(topic=TOPIC, version=self.VERSION)
        if version_cap is None:
            version_cap = conf.upgrade_levels.compute
        self.client = rpc.get_client(conf, target, version_cap=version_cap)

    def build_and_run_instance(self, context, instance, host, request_spec,
                               alternates):
        cctxt = self.client.prepare(server=host, version='1.0')
        cctxt.cast(context, 'build_and_run_instance', instance=instance,
                   request_spec=request_spec, alternates=alternates)

    def terminate_instance(self, context, instance):
        cctxt = self.client.prepare(server=instance.host, version='1.0')
        cctxt.cast(context, 'terminate_instance', instance=instance)
