# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The HTTP front: the compute, placement and image APIs as WSGI
applications, with the middleware, schemas and policies they share.
"""
