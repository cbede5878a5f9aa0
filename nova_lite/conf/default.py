from oslo_config import cfg
import socket

opts = [
    cfg.StrOpt('host',
               default=socket.gethostname(),
               sample_default='<current_hostname>',
               help="""
Name of this node, used as the service's host and as the compute node name.

Possible values:

* A hostname, FQDN or any string unique among the computes of a deployment.
"""),
    cfg.StrOpt('state_path',
               default='./var',
               help="""
Directory for the state nova_lite keeps on disk (SQLite file, generated
libvirt test-driver node files). The ``NOVA_LITE_STATE_DIR`` environment
variable overrides it for the all-in-one.

Related options:

* ``[database] connection`` defaults to a SQLite file under this directory.
"""),
    cfg.IntOpt('report_interval', default=10, min=1,
               help="""
Seconds between two heartbeats of a service.

Related options:

* ``service_down_time`` should be several times this value.
"""),
    cfg.IntOpt('service_down_time', default=60, min=1,
               help="""
Seconds since its last heartbeat after which a service counts as down; the
scheduler's ComputeFilter removes the hosts of down compute services.

Related options:

* ``report_interval``
"""),
]


def register_opts(conf):
    conf.register_opts(opts)


def list_opts():
    return [('DEFAULT', opts)]
