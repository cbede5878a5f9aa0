# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""A real OpenStack network service on this machine, started by us.

Neutron's API (ML2 with the OVN mechanism driver, from PyPI in a cached
virtualenv of its own) on a MariaDB database of its own; OVN's northbound
and southbound databases and ovn-northd; and per compute host a chassis:
an Open vSwitch database and ovs-vswitchd (userspace datapath: this
machine has no openvswitch kernel module) with ovn-controller, in the
host's own network namespace. Nothing is a system service: every daemon
runs from the stack's directory and is stopped by ``stack.down``.
"""
