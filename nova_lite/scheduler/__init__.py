# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The scheduler: ``select_destinations`` over placement's candidates,
through filters and weighers loaded as plugins.
"""
