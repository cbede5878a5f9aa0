# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""PCI passthrough: a host's PCI devices given to servers whole, as
Nova's flavors ask for them (``pci_passthrough:alias``), a resource
plugin (entry point ``nova_lite.resources`` ``pci``).

``[pci] device_spec`` says which of the devices the hypervisor reports
guests may have, ``[pci] alias`` names the kinds a flavor asks for. Each
device is a child provider of its host in placement (as Nova's with
``[pci] report_in_placement`` and ``[filter_scheduler]
pci_in_placement``), so the scheduler's claim holds exact devices and two
servers never get one; the compute gives the server the devices its
allocation names, and its guest has them as ``<hostdev>``.
"""
