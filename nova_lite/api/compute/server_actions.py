"""POST /servers/{server_id}/action: lock and unlock.

A locked server refuses deletion and actions from anyone but an admin
(409). 2.73 lets the locker say why (``locked_reason``), shown in the
server body and filterable with ``locked``. Who locked it is kept: an
owner may not unlock what an admin locked (403), as in Nova.
"""
from nova_lite.api import actions
from nova_lite.api.compute import servers
from nova_lite.api import policy
from nova_lite.api.schemas import servers as schema
from nova_lite.api import validation
from nova_lite import exception

_RULE = 'os_compute_api:os-lock-server:'
UNLOCK_OVERRIDE = _RULE + 'unlock:unlock_override'


def _lock(req, body, server_id):
    validation.validate(schema.lock if req.api_version.matches('2.73')
                        else schema.lock_2_1, body)
    instance = servers.get(req, server_id)
    owner = instance.project_id == req.context.project_id
    instance.locked_by = 'owner' if owner else 'admin'
    instance.locked_reason = (body or {}).get('locked_reason')
    instance.save()
    return 202, None


def _unlock(req, body, server_id):
    validation.validate(schema.unlock, body)
    instance = servers.get(req, server_id)
    if (instance.locked_by == 'admin' and
            instance.project_id == req.context.project_id and
            not policy.check(req.context, UNLOCK_OVERRIDE)):
        raise exception.Forbidden(
            message='Server %s was locked by an administrator; only an '
                    'administrator may unlock it.' % server_id)
    instance.locked_by = None
    instance.locked_reason = None
    instance.save()
    return 202, None


ACTIONS = {
    'lock': (_lock, _RULE + 'lock'),
    'unlock': (_unlock, _RULE + 'unlock'),
}


@validation.schema(schema.action, '2.1', '2.72')
@validation.schema(schema.action_2_73, '2.73')
@validation.responds(202, None)
def action(req, server_id):
    return actions.dispatch(req, ACTIONS, server_id=server_id)
