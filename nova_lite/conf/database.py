# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The ``[database]`` group comes from oslo.db; we only set our defaults."""
from oslo_db import options as db_options


def register_opts(conf):
    db_options.set_defaults(conf)


def list_opts():
    # oslo.db documents these in its own namespace.
    return []
