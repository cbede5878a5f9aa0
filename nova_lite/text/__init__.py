# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Reading what clients and operators write: whole numbers in ASCII digits
(never what ``int()`` would also take), and config lines of
``key=value`` pairs.
"""
