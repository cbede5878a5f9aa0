# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The placement API: an OpenStack Placement compatible REST API over the
placement store."""
