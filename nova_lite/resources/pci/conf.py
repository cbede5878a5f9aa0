# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""``[pci]``: which PCI devices guests may have, and the names flavors ask
for them by (Nova's options, Nova's JSON). Registered by the PCI resource
plugin, on the services that load it.
"""
from oslo_config import cfg

group = cfg.OptGroup('pci', title='PCI passthrough')

opts = [
    cfg.MultiStrOpt('alias', default=[], help="""
A kind of PCI device flavors ask for by name
(``pci_passthrough:alias = NAME:COUNT``), as a JSON object (or a list of
them); repeat the option for more.

Keys:

* ``name`` (required): what flavors call it.
* ``vendor_id``, ``product_id``: the devices' IDs in hexadecimal.
* ``device_type``: ``type-PCI``, ``type-PF`` or ``type-VF`` (any, if
  absent).
* ``resource_class``: the placement class the devices are counted in
  (normalized as Nova does: upper case, ``CUSTOM_`` prefixed unless
  standard); default ``CUSTOM_PCI_<VENDOR_ID>_<PRODUCT_ID>``.
* ``traits``: comma-separated traits the device's provider must have.
* ``numa_policy``: ``legacy``, ``preferred``, ``required`` or
  ``socket``; accepted for Nova's configurations, without effect (the
  hosts have no NUMA placement).

Example: ``alias = {"name": "qat", "vendor_id": "8086", "product_id":
"0443", "device_type": "type-PCI"}``

Read by the API (a flavor or server naming an alias not defined is a
400) and the scheduler (the placement request); a compute gives the
devices its allocation names, whatever its own aliases.

Related options: ``device_spec``.
"""),
    cfg.MultiStrOpt('device_spec', default=[], help="""
The host's PCI devices guests may have, as a JSON object (or a list of
them) that matches devices; repeat the option for more. A device no spec
matches is never given.

Keys:

* ``vendor_id``, ``product_id``: hexadecimal, ``*`` for any.
* ``address``: ``[[[[domain]:]bus]:][slot][.[function]]`` with ``*`` for
  any part (``0000:81:00.0``, ``*:81:00.*``), or a JSON object of
  regular expressions for ``domain``, ``bus``, ``slot`` and ``function``.
* ``resource_class``: the placement class of the matched devices
  (normalized as in ``alias``).
* ``traits``: comma-separated traits their providers get (normalized
  as Nova does).

Each device is a child provider of its host (named
``<hypervisor hostname>_<address>``; an SR-IOV physical function's
virtual functions share their function's), with one unit of its class per
device and the trait ``COMPUTE_MANAGED_PCI_DEVICE``.

Example: ``device_spec = {"vendor_id": "8086", "product_id": "0443"}``

Related options: ``alias``; on the all-in-one, ``[all_in_one]
simulated_pci_devices``.
"""),
    cfg.MultiStrOpt('simulated_device_spec', default=[
        '{"vendor_id": "8086", "product_id": "0443"}'], help="""
The all-in-one's ``device_spec`` when that is not set: the devices of
``[all_in_one] simulated_pci_devices`` (by default two on sim-host-1 and
one on sim-host-2).

Related options: ``device_spec``, ``simulated_alias``.
"""),
    cfg.MultiStrOpt('simulated_alias', default=[
        '{"name": "qat", "vendor_id": "8086", "product_id": "0443", '
        '"device_type": "type-PCI"}'], help="""
The all-in-one's ``alias`` when that is not set: ``qat`` names the
simulated devices, so a flavor with ``pci_passthrough:alias=qat:1`` gives
its servers one.

Related options: ``alias``, ``simulated_device_spec``.
"""),
]


def register_opts(conf):
    conf.register_group(group)
    conf.register_opts(opts, group=group)


def list_opts():
    return [(group, opts)]
