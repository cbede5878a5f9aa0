# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The paste pipeline's filters (request id, rate limit, authentication),
each a WSGI middleware named in ``etc/nova-lite/api-paste.ini``.
"""
