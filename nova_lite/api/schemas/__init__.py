# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Request and response JSON schemas, kept apart from the handlers so the
OpenAPI documents and the validators read the same ones.
"""
