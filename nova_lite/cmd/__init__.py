# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Console entry points: each daemon's ``main`` and ``nova-lite-manage``;
they parse the config and start what the other packages define.
"""
