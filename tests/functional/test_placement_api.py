# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The placement API through REST, as Placement's clients use it (more
of it is declared in gabbits/placement/*.yaml)."""
import uuid as uuidlib

from nova_lite.api.placement import router


def _uuid():
    return str(uuidlib.uuid4())


def _provider(api, name, **extra):
    status, body = api.post('/resource_providers', dict(name=name, **extra))
    assert status == 200, body
    return body


def _inventory(api, rp, generation, **classes):
    status, body = api.put('/resource_providers/%s/inventories' % rp, {
        'resource_provider_generation': generation,
        'inventories': {rc: (v if isinstance(v, dict) else {'total': v})
                        for rc, v in classes.items()}})
    assert status == 200, body
    return body['resource_provider_generation']


def _error(answer, status, code=None):
    got, body = answer
    assert got == status, body
    error = body['errors'][0]
    assert error['status'] == status
    if code:
        assert error['code'] == code
    return error['detail']


def test_allocations_all_or_nothing_with_consumer_generations(placement):
    rp = _provider(placement, 'host')['uuid']
    _inventory(placement, rp, 0, VCPU=4, MEMORY_MB=1024)
    consumer = _uuid()
    body = {'allocations': {rp: {'resources': {'VCPU': 3,
                                               'MEMORY_MB': 512}}},
            'project_id': 'p1', 'user_id': 'u1', 'consumer_generation': None,
            'consumer_type': 'INSTANCE'}
    assert placement.put('/allocations/%s' % consumer, body)[0] == 204
    _error(placement.put('/allocations/%s' % consumer, body), 409,
           'placement.concurrent_update')
    other = _uuid()
    too_much = dict(body, allocations={rp: {'resources': {
        'VCPU': 2, 'MEMORY_MB': 1}}})
    detail = _error(placement.put('/allocations/%s' % other, too_much), 409)
    assert 'VCPU' in detail and 'capacity' in detail
    status, usages = placement.get('/resource_providers/%s/usages' % rp)
    assert usages['usages'] == {'VCPU': 3, 'MEMORY_MB': 512}
    status, shown = placement.get('/allocations/%s' % consumer)
    assert shown['consumer_generation'] == 1
    assert shown['allocations'][rp]['resources'] == {'VCPU': 3,
                                                     'MEMORY_MB': 512}
    moved = dict(body, consumer_generation=1, allocations={
        rp: {'resources': {'VCPU': 4}}})
    assert placement.put('/allocations/%s' % consumer, moved)[0] == 204
    status, usages = placement.at('1.37').get('/usages?project_id=p1')
    assert usages['usages'] == {'VCPU': 4}
    status, usages = placement.get('/usages?project_id=p1')
    assert usages['usages'] == {
        'INSTANCE': {'VCPU': 4, 'consumer_count': 1}}
    status, usages = placement.get('/usages?project_id=p1&consumer_type=all')
    assert usages['usages'] == {'all': {'VCPU': 4, 'consumer_count': 1}}
    _error(placement.put('/allocations/%s' % other, dict(
        body, allocations={_uuid(): {'resources': {'VCPU': 1}}})), 400)
    assert placement.delete('/allocations/%s' % consumer)[0] == 204
    _error(placement.delete('/allocations/%s' % consumer), 404)
    assert placement.get('/resource_providers/%s/usages' % rp)[1][
        'usages'] == {'VCPU': 0, 'MEMORY_MB': 0}
    assert placement.delete('/resource_providers/%s' % rp)[0] == 204


def test_a_huge_body_gets_placements_error_shape(placement):
    body = {'name': 'x' * 2000000}
    detail = _error(placement.post('/resource_providers', body), 413)
    assert 'too large' in detail


def test_reshaper_moves_inventory_and_allocations_together(placement):
    # The reshaper is for services (Placement's default policy), not for
    # an administrator.
    admin, placement = placement, placement.as_user('nova:service:service')
    assert placement.put('/resource_classes/CUSTOM_NIC_RATE')[0] == 201
    host = _provider(placement, 'host')['uuid']
    generation = _inventory(placement, host, 0, VCPU=4, CUSTOM_NIC_RATE=1000)
    consumer = _uuid()
    assert placement.put('/allocations/%s' % consumer, {
        'allocations': {host: {'resources': {'VCPU': 1,
                                             'CUSTOM_NIC_RATE': 300}}},
        'project_id': 'p', 'user_id': 'u', 'consumer_generation': None,
        'consumer_type': 'INSTANCE'})[0] == 204
    nic = _provider(placement, 'nic', parent_provider_uuid=host)['uuid']
    generation = placement.get('/resource_providers/%s' % host)[1][
        'generation']
    # Moving the NIC rate to a child without the allocations is refused.
    _error(placement.put('/resource_providers/%s/inventories' % host, {
        'resource_provider_generation': generation,
        'inventories': {'VCPU': {'total': 4}}}), 409,
        'placement.inventory.inuse')
    body = {
        'inventories': {
            host: {'resource_provider_generation': generation,
                   'inventories': {'VCPU': {'total': 4}}},
            nic: {'resource_provider_generation': 0,
                  'inventories': {'CUSTOM_NIC_RATE': {'total': 1000}}}},
        'allocations': {consumer: {
            'allocations': {host: {'resources': {'VCPU': 1}},
                            nic: {'resources': {'CUSTOM_NIC_RATE': 300}}},
            'project_id': 'p', 'user_id': 'u', 'consumer_generation': 1,
            'consumer_type': 'INSTANCE'}}}
    assert placement.at('1.29').post('/reshaper', body)[0] == 404
    refused = admin.post('/reshaper', body)
    assert 'Policy does not allow placement:reshaper:reshape' in _error(
        refused, 403)
    status, answer = placement.post('/reshaper', body)
    assert status == 204, answer
    allocations = placement.get('/allocations/%s' % consumer)[1][
        'allocations']
    assert {rp: a['resources'] for rp, a in allocations.items()} == {
        host: {'VCPU': 1}, nic: {'CUSTOM_NIC_RATE': 300}}
    # The same body again: stale generations, nothing written.
    _error(placement.post('/reshaper', body), 409)


def test_every_route_is_for_admins_only(placement):
    """Placement's default policy: a project's member is refused every
    route (403 in Placement's error shape and words, naming the rule),
    whatever it asks; nothing is created or changed."""
    rp = _provider(placement, 'guarded')['uuid']
    member = placement.as_user('bob:teamB')
    for method, path, _handler, rule in router.ROUTES:
        if rule is None:
            continue  # the versions document
        url = path.format(uuid=rp, resource_class='VCPU', name='CUSTOM_X',
                          consumer_uuid=_uuid())
        status, body = member.call(method, url, body={} if method in (
            'PUT', 'POST') else None)
        assert status == 403, (method, path, status, body)
        assert body['errors'][0]['title'] == 'Forbidden'
        assert 'Policy does not allow %s to be performed.' % rule in body[
            'errors'][0]['detail']
    assert [p['name'] for p in placement.get('/resource_providers')[1][
        'resource_providers']] == ['guarded']
