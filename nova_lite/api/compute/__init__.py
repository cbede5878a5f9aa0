# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The Compute API's handlers, one module per resource; the route table in
``nova_lite.api.router`` names them.
"""
