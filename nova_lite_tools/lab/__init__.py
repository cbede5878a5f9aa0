# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""A multi-host lab on one machine: a controller (api, conductor,
scheduler) and K computes, each compute in its own network namespace with
its own address, hostname and libvirt test-driver host, all on the
machine's RabbitMQ and MariaDB (or PostgreSQL). ``nova-lite-lab up`` /
``down``; ``make lab`` / ``make lab-down``."""
