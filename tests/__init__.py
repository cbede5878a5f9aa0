# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""nova_lite's tests: unit, functional (in process) and integration (real
services), as doc/source/contributor/tests.rst describes."""
