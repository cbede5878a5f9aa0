# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""VietStack: per-vNIC network rate and size served by each host's
physical NICs, the first custom resource plugin (entry point
``nova_lite.resources`` ``vietstack``).
"""
