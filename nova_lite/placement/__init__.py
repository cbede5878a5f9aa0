# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The placement store: providers, inventories, allocations, classes and
traits, on top of the database functions that hold its SQL."""
