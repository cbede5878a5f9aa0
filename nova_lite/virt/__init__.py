# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Hypervisor drivers behind one interface (``virt.driver``), chosen by
``[compute] compute_driver``: libvirt for real and simulated hosts, fake
for unit tests.
"""
