# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""In-process tests: the all-in-one on fake://, SQLite and libvirt's test
driver, driven through its APIs and the real clients."""
