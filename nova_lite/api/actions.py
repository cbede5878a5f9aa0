# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""``POST .../action`` bodies: one key names the action, as in Nova.

Each resource declares its actions as data, ``{name: (handler, rule)}``;
the dispatcher picks the handler from the body's single key and enforces
its policy rule before calling it, as the router does for routes.
"""
from nova_lite.api import policy
from nova_lite import exception


def dispatch(req, actions, **kwargs):
    body = req.body_json()
    if not isinstance(body, dict) or len(body) != 1:
        raise exception.ValidationError(
            detail='The action body must hold exactly one action, one of: '
                   '%s' % ', '.join(sorted(actions)))
    name = next(iter(body))
    if name not in actions:
        raise exception.ValidationError(
            detail='There is no such action: %s' % name)
    handler, rule = actions[name]
    policy.enforce(req.context, rule)
    return handler(req, body[name], **kwargs)


def not_at_this_version():
    """What an action the request's microversion does not have answers:
    404, as Nova answers any method missing at a version (it does not
    say why)."""
    return exception.NotFound(message='The resource could not be found.')
