# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Versioned notifications, as Nova publishes them (``[notifications]``,
``[oslo_messaging_notifications]``)."""
