# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Who may call what, with oslo.policy.

Each route in the route table names its rule; the WSGI dispatcher enforces
it before the handler runs, so no handler carries its own check. Whether a
project member may touch a given server is decided by the lookup itself:
another project's server is not found.
"""
import threading
import time

from oslo_policy import policy

from nova_lite.api import policies
from nova_lite import conf as nl_conf
from nova_lite import exception

_enforcer = None
_added = {}  # name: rule
_lock = threading.Lock()
# How stale the rules may be: an edited policy file counts within this.
RELOAD_INTERVAL = 1.0


class Enforcer(policy.Enforcer):
    """Looks for a changed policy file at most once a RELOAD_INTERVAL.

    oslo.policy checks the file's modification time on every check; a
    request makes a few checks, and those looks were a good part of a
    small request's time.
    """

    _checked_at = None

    def load_rules(self, force_reload=False):
        now = time.monotonic()
        if (force_reload or self._checked_at is None or
                now - self._checked_at >= RELOAD_INTERVAL):
            super().load_rules(force_reload)
            self._checked_at = now


def get_enforcer(conf=None):
    """The process's Enforcer (also the ``oslo.policy.enforcer`` hook)."""
    global _enforcer
    with _lock:
        if _enforcer is None:
            enforcer = Enforcer(conf or nl_conf.CONF)
            enforcer.register_defaults(policies.list_rules())
            _register_new(enforcer, _added.values())
            _enforcer = enforcer
        return _enforcer


def add_defaults(rules):
    """Rules an application adds to the API's own (those of its resource
    plugins' views), for the enforcer now and any made later; a rule added
    again (another application of the same process) counts once."""
    with _lock:
        _added.update((rule.name, rule) for rule in rules)
        if _enforcer is not None:
            _register_new(_enforcer, rules)


def _register_new(enforcer, rules):
    for rule in rules:
        if rule.name not in enforcer.registered_rules:
            enforcer.register_default(rule)


def reset():
    global _enforcer
    with _lock:
        _enforcer = None


def _target(context):
    return {'project_id': context.project_id, 'user_id': context.user_id}


def enforce(context, rule, target=None):
    """Raise Forbidden (403) unless the context passes the rule, on
    ``target`` (by default the caller's own project and user)."""
    if rule is None:
        return
    get_enforcer().authorize(rule, target or _target(context), context,
                             do_raise=True, exc=exception.Forbidden,
                             action=rule)


def check(context, rule):
    """Whether the context passes the rule (for what a body shows)."""
    return get_enforcer().authorize(rule, _target(context), context,
                                    do_raise=False)
