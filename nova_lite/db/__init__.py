# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The database layer: models and small query functions. No SQL elsewhere."""
