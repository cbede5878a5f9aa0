# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The compute agent: the manager that serves its RPC API, the objects it
hands each operation family to, and the resource tracker that claims
its host's resources. It never imports the database layer.
"""
