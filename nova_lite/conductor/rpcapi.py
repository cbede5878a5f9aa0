"""Client side of the conductor's RPC API.

Version history:

* 1.0 - Initial version: build_instances
"""
import oslo_messaging as messaging

from nova_lite import rpc

TOPIC = 'conductor'


class ConductorAPI:

    VERSION = '1.0'

    def __init__(self, conf, version_cap=None):
        target = messaging.Target(topic=TOPIC, version=self.VERSION)
        self.client = rpc.get_client(conf, target, version_cap=version_cap)

    def build_instances(self, context, instance, request_spec,
                        alternates=None, last_error=None):
        """Place and build an instance; with alternates, a reschedule."""
        cctxt = self.client.prepare(version='1.0')
        cctxt.cast(context, 'build_instances', instance=instance,
                   request_spec=request_spec, alternates=alternates,
                   last_error=last_error)
