"""Selection: one host the scheduler picked, as returned to the conductor."""
from nova_lite.objects import base
from nova_lite.objects import fields


@base.NovaLiteObjectRegistry.register
class Selection(base.NovaLiteObject):
    # Version 1.0: Initial version
    VERSION = '1.0'

    fields = {
        'service_host': fields.StringField(),
        'nodename': fields.StringField(),
        'compute_node_uuid': fields.UUIDField(),
        'weight': fields.FloatField(default=0.0),
    }

    @classmethod
    def from_host_state(cls, host_state, weight=0.0):
        return cls(service_host=host_state.host,
                   nodename=host_state.nodename,
                   compute_node_uuid=host_state.uuid, weight=weight)
