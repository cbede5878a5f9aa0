"""The move actions of POST /servers/{server_id}/action: resize (202),
confirmResize (204), revertResize (202), and migrate (202, admins; 2.56
names a ``host``).

A resize or migration is scheduled before the answer: one that finds no
host is a 400 saying why, filter by filter, the server as it was.
"""
from nova_lite.api.compute import servers
from nova_lite.api import policy
from nova_lite.api.schemas import moves as schema
from nova_lite.api import validation

MIGRATE_HOST = 'os_compute_api:os-migrate-server:migrate:host'


def resize(req, body, server_id):
    validation.validate(schema.resize, body)
    instance = servers.get(req, server_id, ['flavor'])
    servers.check_not_locked(req, instance)
    flavor = servers.flavor_of_ref(
        req.context, body['flavorRef'],
        not_found='Unable to locate requested flavor.')
    req.compute_api.resize(req.context, instance, flavor)
    return 202, None


def migrate(req, body, server_id):
    host = None
    if req.api_version.matches('2.56'):
        validation.validate(schema.migrate_2_56, body)
        host = (body or {}).get('host')
        if host is not None:
            policy.enforce(req.context, MIGRATE_HOST)
    instance = servers.get(req, server_id, ['flavor'])
    servers.check_not_locked(req, instance)
    req.compute_api.resize(req.context, instance, host=host)
    return 202, None


def confirm_resize(req, body, server_id):
    instance = servers.get(req, server_id)
    servers.check_not_locked(req, instance)
    req.compute_api.confirm_resize(req.context, instance)
    return 204, None


def revert_resize(req, body, server_id):
    instance = servers.get(req, server_id, ['flavor'])
    servers.check_not_locked(req, instance)
    req.compute_api.revert_resize(req.context, instance)
    return 202, None
