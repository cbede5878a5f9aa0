# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Tests against this machine's real services (RabbitMQ, MariaDB, PostgreSQL,
libvirtd) and the peers our tooling starts."""
