# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""CPU monitors: the host's CPU times, frequency and busy percentages
(Nova's ``cpu.*`` metrics)."""
