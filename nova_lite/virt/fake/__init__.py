# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""An in-memory driver, for tests that need no libvirt at all."""
