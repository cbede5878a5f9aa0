# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""``[DEFAULT]``: options every service reads (its host name, address,
state directory, name templates).
"""
from oslo_config import cfg
from oslo_utils import netutils
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
    cfg.StrOpt('my_ip',
               default=netutils.get_my_ipv4(),
               sample_default='<host_ipv4>',
               help="""
This host's IP address, as os-hypervisors shows it (``host_ip``) for a
compute host.

Possible values:

* An IPv4 or IPv6 address; the default is the address of the interface
  that holds the default route.
"""),
    cfg.StrOpt('state_path',
               default='./var',
               help="""
Directory for the state nova_lite keeps on disk (SQLite file, generated
libvirt test-driver node files). The ``NOVA_LITE_STATE_DIR`` environment
variable replaces the default (``make run`` exports ``./var``); a value
given here, in a config file, wins over it.

Related options:

* ``[database] connection`` defaults to a SQLite file under this directory.
"""),
    cfg.StrOpt('instance_name_template', default='instance-%08x', help="""
Name of a server's libvirt domain, also shown as
``OS-EXT-SRV-ATTR:instance_name``: ``%08x`` and the like take the
server's database id; ``%(id)d`` and ``%(uuid)s`` may be used instead.
The same on every service. Two deployments on one libvirtd need names
that cannot collide (with ``%(uuid)s``, say).
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
    cfg.BoolOpt('allow_resize_to_same_host', default=False, help="""
Whether a resize may keep the server on its host (the scheduler may then
choose it). Both flavors count on the host until the resize is confirmed
or reverted. A cold migration always leaves its host.
"""),
    cfg.IntOpt('resize_confirm_window', default=0, min=0, help="""
Seconds after which a resize or cold migration waiting to be confirmed
(VERIFY_RESIZE) is confirmed by its source compute.

Possible values:

* 0: never; a user or admin confirms or reverts it.
* A positive number of seconds.
"""),
    cfg.BoolOpt('instance_usage_audit', default=False, help="""
Whether each compute audits its servers' usage once per audit period:
it records, per host, how many servers were active in the period, which
``/os-instance_usage_audit_log`` reports.

Related options:

* ``instance_usage_audit_period``
"""),
    cfg.StrOpt('instance_usage_audit_period', default='month',
               regex=r'^(hour(@([0-9]|[1-5][0-9]))?|'
                     r'day(@([0-9]|1[0-9]|2[0-3]))?|'
                     r'month(@([1-9]|1[0-9]|2[0-8]))?|'
                     r'year(@([1-9]|1[0-2]))?)$',
               help="""
The period usage is audited over: ``hour``, ``day``, ``month`` or
``year``, optionally ``@N``, the minute, hour, day (1 to 28) or month it
starts at (``day@6``: from 06:00 to 06:00 UTC).

Related options:

* ``instance_usage_audit``
"""),
    cfg.StrOpt('default_availability_zone', default='nova', help="""
The availability zone of compute hosts in no aggregate with
``availability_zone`` metadata; a create may name it.

Related options: ``internal_service_availability_zone``.
"""),
    cfg.StrOpt('internal_service_availability_zone', default='internal',
               help="""
The zone os-availability-zone/detail lists the services that are not
computes (api, conductor, scheduler) under. No server is booted there.
"""),
]


def register_opts(conf):
    conf.register_opts(opts)


def list_opts():
    return [('DEFAULT', opts)]
