# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Start-up of every nova_lite process: config files, logging, objects."""
import ctypes
import ctypes.util
import os

from oslo_log import log as logging

from nova_lite import conf as nl_conf
from nova_lite.db import engine
from nova_lite import objects

CONF = nl_conf.CONF
STATE_DIR_ENV = 'NOVA_LITE_STATE_DIR'


def parse_args(args, prog, default_config_files=None):
    """Parse ``args`` (without the program name) and set logging up."""
    logging.register_options(CONF)
    logging.set_defaults(default_log_levels=logging.get_default_log_levels()
                         + ['stevedore=WARN', 'oslo.messaging=WARN',
                            'oslo_messaging=WARN', 'alembic=WARN'])
    if os.environ.get(STATE_DIR_ENV):
        # A default, not an override: a state_path a config file gives
        # (a test's, a benchmark's) wins over the one the Makefile
        # exports for ``make run``.
        CONF.set_default('state_path', os.environ[STATE_DIR_ENV])
    CONF(args, project='nova-lite', prog=prog,
         default_config_files=default_config_files)
    logging.setup(CONF, 'nova-lite')
    objects.register_all()
    return CONF


def setup_database(conf):
    engine.configure(conf.database.connection)


def limit_malloc_arenas(arenas=2):
    """Cap glibc's malloc arenas for a process of many threads.

    glibc gives busy threads arenas of their own (up to 8 per core), and
    memory freed in one arena is not reused by another; with dozens of RPC
    and WSGI threads that shows as RSS growth with no benefit here, where
    the GIL serializes Python code anyway. ``MALLOC_ARENA_MAX`` in the
    environment still wins.
    """
    if os.environ.get('MALLOC_ARENA_MAX'):
        return
    libc_name = ctypes.util.find_library('c')
    if not libc_name:
        return
    try:
        libc = ctypes.CDLL(libc_name)
        libc.mallopt(-8, arenas)  # M_ARENA_MAX
    except (OSError, AttributeError):
        pass
