# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Locks that know more than a plain ``threading.Lock``: one per name (an
instance, an image), or one that counts its holders so a reader can tell
whether anything changed since it looked.
"""
