# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Checks of the source itself that the linters we use do not offer."""
