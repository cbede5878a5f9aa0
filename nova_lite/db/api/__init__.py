# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Small reader/writer functions, one module per table."""
