# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Policy: admins manage flavors, members their servers, readers read."""
import pytest

from nova_lite.api import policy
from nova_lite.api import router

FLAVOR = {'flavor': {'name': 'm1', 'ram': 512, 'vcpus': 1, 'disk': 1,
                     'id': 'm1'}}


@pytest.fixture
def api(all_in_one):
    api = all_in_one(hosts=1).client
    assert api.post('/flavors', FLAVOR)[0] == 200
    return api


def test_every_route_names_a_registered_rule():
    registered = set(policy.get_enforcer().registered_rules)
    for method, path, handler, rule in router.ROUTES:
        assert rule is None or rule in registered, (method, path, rule)


def test_reader_reads_but_does_not_change(api):
    member = api.as_user('alice:demo')
    status, body = member.post('/servers', {'server': {'name': 'a',
                                                       'flavorRef': 'm1'}})
    assert status == 202
    server_id = body['server']['id']
    member.wait_server(server_id)
    reader = api.as_user('rita:demo:reader')
    assert reader.get('/servers/%s' % server_id)[0] == 200
    assert [s['id'] for s in reader.get('/servers')[1]['servers']] == [
        server_id]
    status, body = reader.delete('/servers/%s' % server_id)
    assert status == 403
    assert body['forbidden']['message'] == (
        "Policy doesn't allow os_compute_api:servers:delete to be "
        "performed.")
    assert reader.post('/servers', {'server': {'name': 'b',
                                               'flavorRef': 'm1'}})[0] == 403
    assert len(api.get('/servers?all_tenants=1')[1]['servers']) == 1
    assert reader.post('/flavors/m1/os-extra_specs', {
        'extra_specs': {'a': 'b'}})[0] == 403
    assert reader.get('/flavors/m1/os-extra_specs')[0] == 200


def test_all_tenants_is_for_admins_only(api):
    alice = api.as_user('alice:demo')
    alice.post('/servers', {'server': {'name': 'a', 'flavorRef': 'm1'}})
    bob = api.as_user('bob:other')
    assert bob.get('/servers?all_tenants=1')[1] == {'servers': []}
    assert api.get('/servers')[1] == {'servers': []}
    assert len(api.get('/servers?all_tenants=1')[1]['servers']) == 1


def test_user_without_roles_is_refused(api):
    nobody = api.as_user('eve:demo:')
    assert nobody.get('/servers')[0] == 200  # no roles given: defaults
    guest = api.as_user('eve:demo:guest')
    status, body = guest.get('/servers')
    assert status == 403
    assert 'os_compute_api:servers:index' in body['forbidden']['message']


def test_operator_policy_file_overrides_defaults(api, overrides, tmp_path):
    policy_file = tmp_path / 'policy.yaml'
    policy_file.write_text(
        '"os_compute_api:os-flavor-manage:create": "role:member"\n')
    overrides('policy_file', str(policy_file), group='oslo_policy')
    policy.reset()
    try:
        member = api.as_user('alice:demo')
        status, _ = member.post('/flavors', {'flavor': dict(
            FLAVOR['flavor'], name='m2', id='m2')})
        assert status == 200
        assert member.delete('/flavors/m2')[0] == 403
    finally:
        policy.reset()
