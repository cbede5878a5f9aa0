# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""os-stop, os-start, reboot and os-getConsoleOutput on a simulated host:
the states a user sees, and the requests refused in the wrong state."""
from keystoneauth1 import session as ks_session
from keystoneauth1 import token_endpoint
from novaclient import client as nova_client
from novaclient import exceptions as nova_exceptions
import pytest

from nova_lite import context as nl_context
from nova_lite.objects import fields
from nova_lite.objects import instance as instance_obj
from nova_lite.objects import instance_action


@pytest.fixture
def aio(all_in_one):
    return all_in_one(hosts=1)


def _boot(aio):
    """An ACTIVE server on the all-in-one's simulated host."""
    aio.client.create_flavor('f', flavor_id='f')
    return aio.client.wait_server(aio.client.boot('f', wait=False),
                                  ('ACTIVE',), timeout=30, settled=True)


@pytest.fixture
def server(aio):
    return _boot(aio)


def _act(aio, server_id, action, headers=None):
    return aio.client.post('/servers/%s/action' % server_id, action,
                           **({'headers': headers} if headers else {}))


def _power_state(aio, server_id):
    return aio.client.get('/servers/%s' % server_id)[1]['server'][
        'OS-EXT-STS:power_state']


def test_stop_start_and_reboot(aio, server):
    sid = server['id']
    assert _act(aio, sid, {'os-stop': None})[0] == 202
    aio.client.wait_server(sid, ('SHUTOFF',), timeout=30, settled=True)
    assert _power_state(aio, sid) == 4
    status, body = _act(aio, sid, {'os-stop': None})
    assert status == 409
    assert body['conflictingRequest']['message'] == (
        "Cannot 'os-stop' instance %s while it is in vm_state stopped" % sid)
    assert _act(aio, sid, {'reboot': {'type': 'SOFT'}})[0] == 409
    assert _act(aio, sid, {'os-start': None})[0] == 202
    aio.client.wait_server(sid, ('ACTIVE',), timeout=30, settled=True)
    assert _power_state(aio, sid) == 1
    assert _act(aio, sid, {'os-start': None})[0] == 409
    for kind in ('SOFT', 'hard'):
        assert _act(aio, sid, {'reboot': {'type': kind}})[0] == 202
        aio.client.wait_server(sid, ('ACTIVE',), timeout=30, settled=True)
    assert _power_state(aio, sid) == 1


def test_a_stopped_server_revives_with_a_hard_reboot(aio, server):
    sid = server['id']
    _act(aio, sid, {'os-stop': None})
    aio.client.wait_server(sid, ('SHUTOFF',), timeout=30, settled=True)
    assert _act(aio, sid, {'reboot': {'type': 'HARD'}})[0] == 202
    aio.client.wait_server(sid, ('ACTIVE',), timeout=30, settled=True)
    assert _power_state(aio, sid) == 1


@pytest.mark.parametrize('action, fragment', [
    ({'reboot': {'type': 'GENTLE'}}, 'GENTLE'),
    ({'reboot': {}}, "'type' is a required property"),
    ({'os-getConsoleOutput': {'length': 'ten'}}, 'ten'),
    ({'os-stop': None, 'os-start': None}, 'too many properties'),
])
def test_bad_actions_are_refused_and_change_nothing(aio, server, action,
                                                    fragment):
    status, body = _act(aio, server['id'], action)
    assert status == 400
    assert fragment in body['badRequest']['message']
    shown = aio.client.get('/servers/%s' % server['id'])[1]['server']
    assert (shown['status'], shown['OS-EXT-STS:task_state']) == (
        'ACTIVE', None)


def test_a_locked_server_refuses_power_actions_from_its_owner(aio):
    aio.client.post('/flavors', {'flavor': {
        'name': 'f', 'ram': 256, 'vcpus': 1, 'disk': 1, 'id': 'f',
        'os-flavor-access:is_public': True}})
    member = {'X-Auth-Token': 'alice:teamA'}
    status, body = aio.client.post('/servers', {'server': {
        'name': 'vm', 'flavorRef': 'f'}}, headers=member)
    assert status == 202
    sid = body['server']['id']
    aio.client.wait_server(sid, ('ACTIVE',), timeout=30, settled=True)
    assert _act(aio, sid, {'lock': None})[0] == 202
    assert _act(aio, sid, {'os-stop': None}, member)[0] == 409
    assert _act(aio, sid, {'os-stop': None})[0] == 202
    aio.client.wait_server(sid, ('SHUTOFF',), timeout=30, settled=True)


def test_a_simulated_guest_writes_a_console_log(aio, server, tmp_path):
    """A short boot naming the server, ending at its login prompt, as the
    openstack client shows it (the last lines when asked for)."""
    from tests.functional import compute_calls
    env = compute_calls.cloud_env(tmp_path, aio)
    sid = server['id']
    hostname = aio.client.get('/servers/%s' % sid, headers={
        'OpenStack-API-Version': 'compute 2.90'})[1]['server'][
        'OS-EXT-SRV-ATTR:hostname']
    log = compute_calls.osc(env, 'console', 'log', 'show', sid)
    assert 'Linux version' in log and sid in log
    assert log.rstrip().endswith('%s login:' % hostname)
    tail = compute_calls.osc(env, 'console', 'log', 'show', '--lines', '2',
                             sid)
    assert tail.splitlines() == ['nova-lite simulated guest',
                                 '%s login: ' % hostname]
    status, body = _act(aio, sid, {'os-getConsoleOutput': {'length': 1}})
    assert (status, body) == (200, {'output': '%s login: ' % hostname})


def test_a_power_action_cut_off_by_a_restart_ends_as_the_guest_is(
        all_in_one, admin_context):
    """The compute went down after the API claimed the server for an
    os-start (task state powering-on): on restart the server is what its
    guest is, here stopped (a test-driver host forgets its guests), the
    start's action says it was cut off, and it can be started again."""
    aio = all_in_one(hosts=1)
    sid = _boot(aio)['id']
    _act(aio, sid, {'os-stop': None})
    aio.client.wait_server(sid, ('SHUTOFF',), timeout=30, settled=True)
    asked = nl_context.RequestContext(user_id='admin', project_id='admin',
                                      overwrite=False)
    instance = instance_obj.Instance.get_by_uuid(asked, sid)
    # As the API does before it casts to the compute.
    instance_action.InstanceAction.action_start(asked, sid, 'start')
    instance.task_state = fields.TaskState.POWERING_ON
    instance.save()
    all_in_one.stop(aio)

    aio = all_in_one(hosts=1)
    server = aio.client.wait_server(sid, ('SHUTOFF',), timeout=30,
                                    settled=True)
    assert server['OS-EXT-STS:power_state'] == 0
    action = aio.client.get('/servers/%s/os-instance-actions/%s' % (
        sid, asked.request_id), headers={
            'OpenStack-API-Version': 'compute 2.84'})[1]['instanceAction']
    assert [(e['event'], e['result'], e['details']) for e in
            action['events']] == [(
                'compute_init_host', 'Error',
                'powering-on was cut off on sim-host-1; the '
                'server is stopped')]
    assert _act(aio, sid, {'os-start': None})[0] == 202
    aio.client.wait_server(sid, ('ACTIVE',), timeout=30, settled=True)


def test_computes_capped_below_power_actions_refuse_them_changing_nothing(
        all_in_one, overrides):
    """During an upgrade, with computes capped at RPC 1.1 (the release
    before power actions), a stop is a 409 and the server stays as it
    was."""
    overrides('compute', '1.1', group='upgrade_levels')
    aio = all_in_one(hosts=1)
    sid = _boot(aio)['id']
    for action in ({'os-stop': None}, {'reboot': {'type': 'HARD'}},
                   {'os-getConsoleOutput': {}}):
        status, body = _act(aio, sid, action)
        assert status == 409
        assert 'too old' in body['conflictingRequest']['message']
    shown = aio.client.get('/servers/%s' % sid)[1]['server']
    assert (shown['status'], shown['OS-EXT-STS:task_state']) == (
        'ACTIVE', None)


def test_pause_unpause_suspend_and_resume(aio, server, tmp_path):
    """As the openstack client drives them; each refused in the wrong
    state with Nova's words."""
    from tests.functional import compute_calls
    env = compute_calls.cloud_env(tmp_path, aio)
    sid = server['id']
    compute_calls.osc(env, 'server', 'pause', sid)
    aio.client.wait_server(sid, ('PAUSED',), timeout=30, settled=True)
    assert _power_state(aio, sid) == 3
    status, body = _act(aio, sid, {'suspend': None})
    assert (status, body['conflictingRequest']['message']) == (
        409, "Cannot 'suspend' instance %s while it is in vm_state paused"
        % sid)
    compute_calls.osc(env, 'server', 'unpause', sid)
    aio.client.wait_server(sid, ('ACTIVE',), timeout=30, settled=True)
    assert _power_state(aio, sid) == 1
    compute_calls.osc(env, 'server', 'suspend', sid)
    aio.client.wait_server(sid, ('SUSPENDED',), timeout=30, settled=True)
    assert _power_state(aio, sid) == 4
    assert _act(aio, sid, {'unpause': None})[0] == 409
    compute_calls.osc(env, 'server', 'resume', sid)
    aio.client.wait_server(sid, ('ACTIVE',), timeout=30, settled=True)
    assert _power_state(aio, sid) == 1
    assert _act(aio, sid, {'resume': None})[0] == 409


def test_a_locked_server_refuses_pause_to_its_project(aio, server):
    sid = server['id']
    _act(aio, sid, {'lock': None})
    member = aio.client.as_user('bob:admin')
    status, body = member.post('/servers/%s/action' % sid, {'pause': None})
    assert (status, body['conflictingRequest']['message']) == (
        409, 'Instance %s is locked' % sid)


def test_trigger_crash_dump_from_2_17(aio, server):
    sid = server['id']
    status, body = _act(aio, sid, {'trigger_crash_dump': None},
                        {'OpenStack-API-Version': 'compute 2.16'})
    assert status == 404
    status, body = _act(aio, sid, {'trigger_crash_dump': {}},
                        {'OpenStack-API-Version': 'compute 2.17'})
    assert status == 400
    status, _ = _act(aio, sid, {'trigger_crash_dump': None},
                     {'OpenStack-API-Version': 'compute 2.17'})
    assert status == 202
    assert aio.client.get('/servers/%s' % sid)[1]['server']['status'] == \
        'ACTIVE'


def test_reset_state_is_for_admins(aio, server):
    sid = server['id']
    member = aio.client.as_user('bob:admin')
    status, body = member.post('/servers/%s/action' % sid,
                               {'os-resetState': {'state': 'error'}})
    assert status == 403
    assert _act(aio, sid, {'os-resetState': {'state': 'paused'}})[0] == 400
    assert _act(aio, sid, {'os-resetState': {'state': 'error'}})[0] == 202
    assert aio.client.get('/servers/%s' % sid)[1]['server']['status'] == \
        'ERROR'
    assert _act(aio, sid, {'os-resetState': {'state': 'active'}})[0] == 202
    assert aio.client.get('/servers/%s' % sid)[1]['server']['status'] == \
        'ACTIVE'


def test_change_password_needs_a_guest_agent(aio, server):
    sid = server['id']
    assert _act(aio, sid, {'changePassword': {}})[0] == 400
    status, body = _act(aio, sid, {'changePassword': {'adminPass': 'x'}})
    assert (status, body['conflictingRequest']['message']) == (
        409, 'QEMU guest agent is not enabled')


def test_rescue_and_unrescue(aio, server, tmp_path):
    from tests.functional import compute_calls
    env = compute_calls.cloud_env(tmp_path, aio)
    sid = server['id']
    compute_calls.osc(env, 'server', 'rescue', sid)
    rescued = aio.client.wait_server(sid, ('RESCUE',), timeout=30,
                                     settled=True)
    assert _power_state(aio, sid) == 1
    # As Nova: no progress shown but while running, building or moving.
    assert 'progress' not in rescued
    code, body = _act(aio, sid, {'rescue': None})
    assert (code, body['conflictingRequest']['message']) == (
        409, "Cannot 'rescue' instance %s while it is in vm_state rescued"
        % sid)
    compute_calls.osc(env, 'server', 'unrescue', sid)
    aio.client.wait_server(sid, ('ACTIVE',), timeout=30, settled=True)
    assert _act(aio, sid, {'unrescue': None})[0] == 409
    code, body = _act(aio, sid, {'rescue': {'adminPass': 'pw'}})
    assert (code, body) == (200, {'adminPass': 'pw'})
    aio.client.wait_server(sid, ('RESCUE',), timeout=30, settled=True)
    actions = [a['action'] for a in aio.client.get(
        '/servers/%s/os-instance-actions' % sid)[1]['instanceActions']]
    assert actions[:3] == ['rescue', 'unrescue', 'rescue']


@pytest.mark.parametrize('body, words', [
    ({'rescue_image_ref': 'not-a-uuid'}, 'field/attribute rescue_image_ref'),
    ({'rescue_image_ref': '4b3a4c7e-23b4-44c7-a0d1-1c5ee7f6d6a1'},
     'Image 4b3a4c7e-23b4-44c7-a0d1-1c5ee7f6d6a1 could not be found.'),
    ({'other': 1}, 'Additional properties'),
])
def test_bad_rescues_change_nothing(aio, server, body, words):
    code, answer = _act(aio, server['id'], {'rescue': body})
    assert code == 400
    assert words in answer['badRequest']['message']
    shown = aio.client.get('/servers/%s' % server['id'])[1]['server']
    assert (shown['status'], shown['OS-EXT-STS:task_state']) == (
        'ACTIVE', None)


def test_force_delete_deletes_and_restore_has_nothing_to_restore(aio,
                                                                 server):
    sid = server['id']
    code, body = _act(aio, sid, {'restore': None})
    assert (code, body['conflictingRequest']['message']) == (
        409, "Cannot 'restore' instance %s while it is in vm_state active"
        % sid)
    assert _act(aio, sid, {'forceDelete': None})[0] == 202
    aio.client.wait_server(sid, ('DELETED',))
    assert aio.client.get('/servers/%s' % sid)[0] == 404


@pytest.mark.parametrize('action, version, status, words', [
    ({'addSecurityGroup': {'name': 'web'}}, '2.86', 400,
     'Security group web needs the network service'),
    ({'removeSecurityGroup': {'name': 'web'}}, '2.86', 400,
     'Security group web needs the network service'),
    ({'removeSecurityGroup': {'name': '  '}}, '2.86', 400,
     'Security group name cannot be empty'),
    ({'addSecurityGroup': {}}, '2.86', 400, "'name' is a required"),
    ({'addFloatingIp': {'address': '192.0.2.1'}}, '2.43', 400,
     'A floating IP needs the network service'),
    ({'addFloatingIp': {'address': '192.0.2.1'}}, '2.44', 404,
     'The resource could not be found.'),
    ({'addFixedIp': {'networkId': 'x'}}, '2.1', 400,
     'A fixed IP needs the network service'),
    ({'os-getVNCConsole': {'type': 'novnc'}}, '2.86', 404,
     'The resource could not be found.'),
    ({'os-getSerialConsole': {'type': 'serial'}}, '2.1', 400,
     'Unavailable console type serial.'),
])
def test_actions_of_services_this_deployment_lacks(aio, server, action,
                                                   version, status, words):
    code, body = _act(aio, server['id'], action,
                      {'OpenStack-API-Version': 'compute %s' % version})
    assert code == status
    assert words in next(iter(body.values()))['message']
    shown = aio.client.get('/servers/%s' % server['id'])[1]['server']
    assert shown['security_groups'] == [{'name': 'default'}]


def test_the_default_group_is_all_there_is(aio, server):
    """With the fixed networks every server is in the default group,
    and stays in it: adding or removing it changes nothing alike, and
    os-security-groups lists it, with no rules."""
    for action in ('addSecurityGroup', 'removeSecurityGroup'):
        assert _act(aio, server['id'], {action: {
            'name': 'default'}})[0] == 202
    code, body = aio.client.get('/servers/%s/os-security-groups'
                                % server['id'])
    assert code == 200
    [group] = body['security_groups']
    assert (group['name'], group['tenant_id'], group['rules']) == (
        'default', 'admin', [])
    assert sorted(group) == ['description', 'id', 'name', 'rules',
                             'tenant_id']
    shown = aio.client.get('/servers/%s' % server['id'])[1]['server']
    assert shown['security_groups'] == [{'name': 'default'}]
    code, body = aio.client.as_user('other:other').get(
        '/servers/%s/os-security-groups' % server['id'])
    assert code == 404


def test_remote_consoles_from_2_6_with_the_types_of_their_version(
        aio, server):
    path = '/servers/%s/remote-consoles' % server['id']
    body = {'remote_console': {'protocol': 'vnc', 'type': 'novnc'}}
    code, _ = aio.client.post(path, body, headers={
        'OpenStack-API-Version': 'compute 2.5'})
    assert code == 404
    code, answer = aio.client.post(path, body, headers={
        'OpenStack-API-Version': 'compute 2.6'})
    assert code == 200 and 'token' in answer['remote_console']['url']
    code, answer = aio.client.post(path, {'remote_console': {
        'protocol': 'mks', 'type': 'webmks'}}, headers={
        'OpenStack-API-Version': 'compute 2.6'})
    assert code == 400 and 'mks' in answer['badRequest']['message']
    # 2.99's spice-direct: a type like the others, unavailable here.
    spice = {'remote_console': {'protocol': 'spice', 'type': 'spice-direct'}}
    code, answer = aio.client.post(path, spice, headers={
        'OpenStack-API-Version': 'compute 2.98'})
    assert code == 400 and "'spice-direct' is not one of" in answer[
        'badRequest']['message']
    code, answer = aio.client.post(path, spice, headers={
        'OpenStack-API-Version': 'compute 2.99'})
    assert (code, answer['badRequest']['message']) == (
        400, 'Unavailable console type spice-direct.')


def test_inject_network_info_is_for_admins_and_changes_nothing(aio, server):
    """Nova's libvirt driver has nothing to inject (a guest learns its
    network from DHCP or its config drive): 202 for an admin, 403 for a
    member, 404 for no such server, and the server as it was."""
    sid = server['id']
    before = aio.client.get('/servers/%s' % sid)[1]['server']
    member = aio.client.as_user('bob:admin')
    status, body = member.post('/servers/%s/action' % sid,
                               {'injectNetworkInfo': None})
    assert status == 403, body
    assert _act(aio, sid, {'injectNetworkInfo': None}) == (202, None)
    status, body = _act(aio, '00000000-0000-0000-0000-000000000000',
                        {'injectNetworkInfo': None})
    assert status == 404, body
    after = aio.client.get('/servers/%s' % sid)[1]['server']
    assert (after['status'], after['updated'], after['addresses']) == (
        before['status'], before['updated'], before['addresses'])


def test_reset_network_is_gone(aio, server):
    """Gone since the hypervisor that had it went (410 for anyone, before
    the server is looked up), as novaclient's ``reset_network`` finds."""
    session = ks_session.Session(auth=token_endpoint.Token(
        'http://127.0.0.1:%d/v2.1' % aio.api.port, 'alice:teamA'))
    nova = nova_client.Client('2.86', session=session)
    with pytest.raises(nova_exceptions.ClientException) as refused:
        nova.servers.reset_network(server['id'])
    assert refused.value.code == 410
    status, body = _act(aio, '00000000-0000-0000-0000-000000000000',
                        {'resetNetwork': None})
    assert status == 410
    assert body['computeFault']['message'] == (
        'This resource is no longer available.  No forwarding address is '
        'given.')
    # The API's document says the action may answer so.
    document = aio.client.get('/openapi.json')[1]
    assert '410' in document['paths']['/servers/{server_id}/action'][
        'post']['responses']
