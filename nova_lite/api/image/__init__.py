# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The image API: the part of the OpenStack Image API v2 that a user
needs to upload images and a compute needs to fetch them."""
