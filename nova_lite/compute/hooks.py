# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Pre/post hooks around internal API calls, from entry points.

A function decorated with ``@add_hook('create_server')`` runs, around each
call, the ``pre(*args, **kwargs)`` and ``post(result, *args, **kwargs)``
of every class registered under that name in the ``nova_lite.hooks``
entry point group, so another package can act on servers and flavors
without patching nova_lite. A hook that raises a nova_lite exception in
``pre`` refuses the call with that exception's status; any other error of
a hook is logged and the call goes on.
"""
import functools
import threading

from oslo_log import log as logging
from stevedore import named

from nova_lite import exception

LOG = logging.getLogger(__name__)
NAMESPACE = 'nova_lite.hooks'

_managers = {}
_lock = threading.Lock()


def _hooks(name):
    with _lock:
        if name not in _managers:
            _managers[name] = named.NamedExtensionManager(
                NAMESPACE, names=[name], invoke_on_load=True,
                on_load_failure_callback=_failed_to_load,
                warn_on_missing_entrypoint=False)
        return [ext.obj for ext in _managers[name]]


def _failed_to_load(manager, entrypoint, error):
    LOG.error('hook %s could not be loaded: %s', entrypoint, error)


def reset():
    with _lock:
        _managers.clear()


def _run(name, hook, stage, *args, **kwargs):
    method = getattr(hook, stage, None)
    if method is None:
        return
    try:
        method(*args, **kwargs)
    except exception.NovaLiteException:
        if stage == 'pre':
            raise
        LOG.exception('%s hook %s of %s failed', stage, hook, name)
    except Exception:
        LOG.exception('%s hook %s of %s failed', stage, hook, name)


def add_hook(name):
    def decorator(func):
        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            hooks = _hooks(name)
            for hook in hooks:
                _run(name, hook, 'pre', *args, **kwargs)
            result = func(*args, **kwargs)
            for hook in hooks:
                _run(name, hook, 'post', result, *args, **kwargs)
            return result
        return wrapper
    return decorator
