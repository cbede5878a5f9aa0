# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The lab tools' console entry points (``nova-lite-lab``,
``nova-lite-libvirtd``, ``nova-lite-demo-image``).
"""
