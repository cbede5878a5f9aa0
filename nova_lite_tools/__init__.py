# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Tools to deploy and try nova_lite, beside the control plane, not in it.

The multi-host lab (``nova-lite-lab``), the set-up of a real libvirtd
(``nova-lite-libvirtd``) and the demo guest's builder
(``nova-lite-demo-image``). They use the product as an operator would
(its commands, its config, its simulated hosts); nothing in ``nova_lite``
imports them (an import-linter contract says so).
"""
