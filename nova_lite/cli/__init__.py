# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The ``nova-lite`` command-line client: cliff commands over the REST API,
never the database or RPC.
"""
