# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""POST /servers/{server_id}/action: lock and unlock, os-stop, os-start,
reboot, pause and unpause, suspend and resume, trigger_crash_dump (2.17),
os-resetState (admins), changePassword, createImage, createBackup, shelve,
shelveOffload (admins) and unshelve, rebuild, rescue and unrescue,
forceDelete and restore, os-getConsoleOutput, injectNetworkInfo (admins;
nothing to inject, as with Nova's libvirt driver) and resetNetwork (410,
gone as in Nova).

Actions that need a service this deployment does not run answer as Nova
does without it: security groups other than default and fixed or
floating IPs (to 2.43) need the network service (400); the remote
consoles a console proxy ("Unavailable console type", 400).

The power actions answer 202 once the server is claimed for them (its
task state set; 409 if it is in the wrong state or busy); the compute
then does the work. os-getConsoleOutput asks the compute and answers
the last ``length`` lines of the guest's serial console (all of it
without a length, or with -1).

A locked server refuses deletion and actions from anyone but an admin
(409). 2.73 lets the locker say why (``locked_reason``), shown in the
server body and filterable with ``locked``. Who locked it is kept: an
owner may not unlock what an admin locked (403), as in Nova.
"""
from nova_lite.api import actions
from nova_lite.api.compute import create_options
from nova_lite.api.compute import remote_consoles
from nova_lite.api.compute import server_moves
from nova_lite.api.compute import server_view
from nova_lite.api.compute import servers
from nova_lite.api.compute import unshelve_target
from nova_lite.api import policy
from nova_lite.api.schemas import remote_consoles as console_schema
from nova_lite.api.schemas import responses
from nova_lite.api.schemas import servers as schema
from nova_lite.api import validation
from nova_lite.compute import api as compute_api
from nova_lite.compute import flavor_image
from nova_lite.compute import image_properties
from nova_lite import exception
from nova_lite.objects import fields
from nova_lite.objects import quotas

_RULE = 'os_compute_api:os-lock-server:'
UNLOCK_OVERRIDE = _RULE + 'unlock:unlock_override'


def _lock(req, body, server_id):
    validation.validate(schema.lock if req.api_version.matches('2.73')
                        else schema.lock_2_1, body)
    instance = servers.get(req, server_id)
    owner = instance.project_id == req.context.project_id
    req.compute_api.lock(req.context, instance,
                         'owner' if owner else 'admin',
                         (body or {}).get('locked_reason'))
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
    req.compute_api.unlock(req.context, instance)
    return 202, None


def _reboot(req, body, server_id):
    instance = servers.get_unlocked(req, server_id)
    req.compute_api.reboot(req.context, instance, body['type'].upper())
    return 202, None


def _console_output(req, body, server_id):
    length = (body or {}).get('length')
    length = None if length is None else int(length)
    instance = servers.get(req, server_id)
    output = req.compute_api.get_console_output(req.context, instance)
    if length is not None and length >= 0:
        lines = output.splitlines(keepends=True)
        output = ''.join(lines[-length:]) if length else ''
    return 200, {'output': output}


def _simple(method, *args):
    """An action the compute API does on an unlocked server, by name."""
    def handler(req, body, server_id):
        instance = servers.get_unlocked(req, server_id)
        getattr(req.compute_api, method)(req.context, instance, *args)
        return 202, None
    return handler


def _cast(action):
    return _simple('cast_action', action)


def _trigger_crash_dump(req, body, server_id):
    if not req.api_version.matches('2.17'):
        raise actions.not_at_this_version()
    validation.validate(schema.trigger_crash_dump, body)
    return _simple('trigger_crash_dump')(req, body, server_id)


def _reset_state(req, body, server_id):
    instance = servers.get(req, server_id)
    req.compute_api.reset_state(req.context, instance, body['state'])
    return 202, None


def _inject_network_info(req, body, server_id):
    """202 for a server that is not locked, as Nova's libvirt driver
    answers: a guest learns its network settings from the network service
    (DHCP) or its config drive, so there is nothing to inject into it."""
    servers.get_unlocked(req, server_id)
    return 202, None


def _reset_network(req, body, server_id):
    """Gone with the hypervisor that had it (410), before any check, as
    in Nova."""
    raise exception.Gone()


def _change_password(req, body, server_id):
    """Only a guest agent could set it; neither driver has one (409, as
    Nova answers for a libvirt guest without the QEMU agent)."""
    instance = servers.get_unlocked(req, server_id)
    compute_api.check_state(instance, 'changePassword',
                            [fields.VMState.ACTIVE], needs_host=False)
    raise exception.Conflict(message='QEMU guest agent is not enabled')


def _create_image(req, body, server_id):
    """202 once the image is made (queued) and the compute asked to fill
    it: its address in Location before 2.45, its id in the body from
    then on."""
    instance = servers.get_unlocked(req, server_id)
    image_id = req.compute_api.snapshot(req.context, instance, body['name'],
                                        body.get('metadata'))
    return _image_made(req, image_id)


def _image_made(req, image_id, located=True):
    if req.api_version.matches('2.45'):
        return 202, {'image_id': image_id}
    if not located:
        return 202, None
    return 202, None, {'Location': '%s/images/%s' % (
        req.conf.glance.api_servers.rstrip('/'), image_id)}


def _create_backup(req, body, server_id):
    """As createImage, the image a backup that rotation keeps only the
    newest ``rotation`` of (0: none, not even this one, which then has
    no Location)."""
    instance = servers.get_unlocked(req, server_id)
    rotation = int(body['rotation'])
    image_id = req.compute_api.backup(req.context, instance, body['name'],
                                      body['backup_type'], rotation,
                                      body.get('metadata'))
    return _image_made(req, image_id, located=rotation > 0)


def _unshelve(req, body, server_id):
    """From 2.77 an offloaded server may be sent to a zone: it is
    scheduled there, and stays there; from 2.91 an admin may name its
    host (still checked by the scheduler's filters), and a null zone
    unpins it."""
    body = body or {}
    if req.api_version.matches('2.91'):
        validation.validate(schema.unshelve_2_91, body)
    elif req.api_version.matches('2.77'):
        validation.validate(schema.unshelve_2_77, body)
    else:
        body = {}
    host = body.get('host')
    if host is not None:
        policy.enforce(req.context, _SHELVE + 'unshelve_to_host')
    instance = servers.get_unlocked(req, server_id)
    zone, host = unshelve_target.of(req, instance, body)
    req.compute_api.unshelve(req.context, instance, zone, host)
    return 202, None


def _rebuild(req, body, server_id):
    """202 with the server as it now reads (and its new admin
    password); the compute then boots it anew."""
    for low, high in schema.REBUILD_RANGES:
        if req.api_version.matches(low, high):
            validation.validate(schema.rebuild_at(low), body)
    view = server_view.ServerView(req)
    instance = servers.get_unlocked(req, server_id, view.expected_attrs())
    image = servers.bootable_image(req.context, body['imageRef'])
    flavor_image.check_fits(instance.flavor, image)
    changes = create_options.rebuild_fields_of(req, body)
    changes['image_properties'] = image_properties.recorded(
        image, instance.flavor)
    metadata = (create_options.metadata_of(req, body)
                if 'metadata' in body else None)
    limit = quotas.own_limit(req.conf, req.context, 'metadata_items')
    req.compute_api.rebuild(req.context, instance, image.id, changes,
                            metadata, None if limit < 0 else limit)
    server = view.changed(instance, rebuilt=True)
    password = create_options.admin_password(req, body)
    if password is not None:
        server['adminPass'] = password
    return 202, {'server': server}


def _rescue(req, body, server_id):
    """200 with the admin password (Nova's answer; nothing sets it in the
    guest), or an empty body if the API gives none."""
    validation.validate(schema.rescue, body)
    body = body or {}
    instance = servers.get_unlocked(req, server_id)
    image_id = None
    if body.get('rescue_image_ref'):
        image_id = servers.bootable_image(req.context,
                                          body['rescue_image_ref']).id
    req.compute_api.rescue(req.context, instance, image_id)
    password = create_options.admin_password(req, body)
    return 200, {} if password is None else {'adminPass': password}


def _restore(req, body, server_id):
    """Only a soft-deleted server comes back; none is ever soft-deleted
    here."""
    instance = servers.get(req, server_id)
    raise exception.InstanceInvalidState(
        action='restore', instance_uuid=server_id, attr='vm_state',
        state=instance.vm_state)


def _no_network(what):
    def handler(req, body, server_id):
        servers.get(req, server_id)
        raise exception.ServiceNotDeployed(what=what, service='network')
    return handler


def _security_group(adding):
    """The server's ports into or out of the named group (the network
    service's; with the fixed networks only ``default``, all there is)."""
    def handler(req, body, server_id):
        validation.validate(schema.security_group_action, body)
        instance = servers.get(req, server_id)
        network = req.compute_api.network
        change = (network.add_security_group if adding
                  else network.remove_security_group)
        name = body['name'].strip()
        if not name:
            raise exception.Invalid(
                message='Security group name cannot be empty')
        change(req.context, instance, name)
        return 202, None
    return handler


def _until_2_43(handler):
    """Actions 2.44 took away: there is no such action from then on."""
    def versioned(req, body, server_id):
        if req.api_version.matches('2.44'):
            raise actions.not_at_this_version()
        return handler(req, body, server_id)
    return versioned


_SERVERS = 'os_compute_api:servers:'
_CONSOLES = 'os_compute_api:os-remote-consoles'
_SHELVE = 'os_compute_api:os-shelve:'
ACTIONS = {
    'lock': (_lock, _RULE + 'lock'),
    'unlock': (_unlock, _RULE + 'unlock'),
    'os-stop': (_simple('stop'), _SERVERS + 'stop'),
    'os-start': (_simple('start'), _SERVERS + 'start'),
    'reboot': (_reboot, _SERVERS + 'reboot'),
    'os-getConsoleOutput': (_console_output,
                            'os_compute_api:os-console-output'),
    'pause': (_cast('pause'), 'os_compute_api:os-pause-server:pause'),
    'unpause': (_cast('unpause'), 'os_compute_api:os-pause-server:unpause'),
    'suspend': (_cast('suspend'),
                'os_compute_api:os-suspend-server:suspend'),
    'resume': (_cast('resume'), 'os_compute_api:os-suspend-server:resume'),
    'trigger_crash_dump': (_trigger_crash_dump,
                           _SERVERS + 'trigger_crash_dump'),
    'os-resetState': (_reset_state,
                      'os_compute_api:os-admin-actions:reset_state'),
    'injectNetworkInfo': (_inject_network_info, 'os_compute_api:'
                          'os-admin-actions:inject_network_info'),
    'resetNetwork': (_reset_network, None),
    'changePassword': (_change_password, 'os_compute_api:os-admin-password'),
    'createImage': (_create_image, _SERVERS + 'create_image'),
    'createBackup': (_create_backup, 'os_compute_api:os-create-backup'),
    'shelve': (_simple('shelve'), _SHELVE + 'shelve'),
    'shelveOffload': (_cast('shelveOffload'), _SHELVE + 'shelve_offload'),
    'unshelve': (_unshelve, _SHELVE + 'unshelve'),
    'rebuild': (_rebuild, _SERVERS + 'rebuild'),
    # As DELETE: servers are never kept soft-deleted here (no reclaim
    # interval), so there is nothing to wait for.
    'forceDelete': (_simple('delete'), 'os_compute_api:os-deferred-delete:'
                                       'force'),
    'restore': (_restore, 'os_compute_api:os-deferred-delete:restore'),
    'addSecurityGroup': (_security_group(True),
                         'os_compute_api:os-security-groups:add'),
    'removeSecurityGroup': (_security_group(False),
                            'os_compute_api:os-security-groups:remove'),
    'addFloatingIp': (_until_2_43(_no_network('A floating IP')),
                      'os_compute_api:os-floating-ips:add'),
    'removeFloatingIp': (_until_2_43(_no_network('A floating IP')),
                         'os_compute_api:os-floating-ips:remove'),
    'addFixedIp': (_until_2_43(_no_network('A fixed IP')),
                   'os_compute_api:os-multinic:add'),
    'removeFixedIp': (_until_2_43(_no_network('A fixed IP')),
                      'os_compute_api:os-multinic:remove'),
    'rescue': (_rescue, 'os_compute_api:os-rescue'),
    'unrescue': (_cast('unrescue'), 'os_compute_api:os-unrescue'),
    'resize': (server_moves.resize, _SERVERS + 'resize'),
    'confirmResize': (server_moves.confirm_resize,
                      _SERVERS + 'confirm_resize'),
    'revertResize': (server_moves.revert_resize, _SERVERS + 'revert_resize'),
    'migrate': (server_moves.migrate,
                'os_compute_api:os-migrate-server:migrate'),
    'os-migrateLive': (server_moves.migrate_live,
                       'os_compute_api:os-migrate-server:migrate_live'),
    'evacuate': (server_moves.evacuate, 'os_compute_api:os-evacuate'),
}
# os-getVNCConsole, os-getSPICEConsole, os-getRDPConsole and
# os-getSerialConsole (to 2.5).
ACTIONS.update({name: (remote_consoles.action(name), _CONSOLES)
                for name in remote_consoles.ACTION_NAMES})


@validation.schema(schema.action, '2.1', '2.72')
@validation.schema(schema.action_2_73, '2.73')
@validation.responds(202, None)
@validation.responds(204, None)
@validation.responds(200, {'oneOf': [schema.console_output_response,
                                     schema.rescue_response,
                                     console_schema.action_response]})
@validation.responds(410, responses.error)  # resetNetwork
def action(req, server_id):
    return actions.dispatch(req, ACTIONS, server_id=server_id)
