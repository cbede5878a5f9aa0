# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Tests of one piece at a time, with no service started."""
