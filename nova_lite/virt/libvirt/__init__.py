# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The libvirt driver: real guests on a libvirtd (``qemu:///system``) and
simulated hosts on the test driver (``test:///`` with a node file).
"""
