# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""``[libvirt]``: which hypervisor the libvirt driver talks to and how it
builds guests.
"""
from oslo_config import cfg

libvirt_group = cfg.OptGroup('libvirt', title='Libvirt driver options')

opts = [
    cfg.StrOpt('connection_uri', default='test:///default',
               help="""
Libvirt URI the driver connects to.

Possible values:

* ``qemu:///system`` for a real libvirtd.
* ``test:///path/to/node.xml`` for libvirt's in-process test driver with a
  host described by that node file (one file per simulated host keeps the
  hosts isolated; ``test:///default`` is shared inside a process).
"""),
    cfg.StrOpt('virt_type', default='qemu', choices=['qemu', 'kvm', 'test'],
               help="""
Domain type written into the domain XML. ``test`` is used automatically
with a ``test:///`` connection.
"""),
    cfg.StrOpt('images_pool', default='default',
               help="""
Storage pool whose capacity is reported as the host's local disk.

Related options:

* ``instances_path`` is used when this pool does not exist.
"""),
    cfg.StrOpt('instances_path', default='$state_path/instances',
               help='Directory whose filesystem size is the local disk when '
                    'the storage pool named by images_pool is missing.'),
    cfg.DictOpt('bridge_mappings', default={}, help="""
The Linux bridge of each physical network, as ``physnet:bridge`` pairs: a
server's vNIC on that physical network is a virtio interface (a tap
device) on that bridge. A physical network not listed uses the bridge
``nlbr-<physnet>`` (cut to the 15 characters Linux allows), which
``nova-lite-libvirtd`` creates for the physical networks of ``[networks]
network``.
"""),
    cfg.StrOpt('vnic_shaping', default='auto',
               choices=['auto', 'libvirt', 'compute'], help="""
Who enforces a vNIC's rates on a real hypervisor.

* ``libvirt``: a ``<bandwidth>`` element in the domain XML (libvirt
  shapes the tap with tc's htb, sfq, fw and police).
* ``compute``: the compute agent shapes the tap itself with tc's htb, and
  the guest's outbound traffic through an IFB device (for kernels built
  without sch_sfq, cls_fw or act_police, on which libvirt cannot start a
  guest whose interfaces have a ``<bandwidth>``); it needs
  CAP_NET_ADMIN.
* ``auto``: ``libvirt`` if this kernel has what it needs (tried once, on a
  throw-away veth pair), else ``compute``.

Test-driver hosts always carry the ``<bandwidth>`` element.
"""),
    cfg.StrOpt('live_migration_scheme', default='tcp', help="""
How a compute reaches another host's libvirtd to move a guest there:
``qemu+<scheme>://<address>/system``, the address being the destination
compute's ``my_ip``. A live migration's memory and disk stream goes to
``<address>`` directly over TCP; a cold migration's disk is uploaded
through the destination's libvirtd. Every host's libvirtd must accept
such connections (``listen_tcp`` or ``listen_tls`` in libvirtd.conf);
``nova-lite-lab up --real`` sets them up so. Every host must also have
the same ``instances_path``.
"""),
]


def register_opts(conf):
    conf.register_group(libvirt_group)
    conf.register_opts(opts, group=libvirt_group)


def list_opts():
    return [(libvirt_group, opts)]
