# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The conductor: drives builds and moves as task objects, and runs object
methods for computes that have no database.
"""
