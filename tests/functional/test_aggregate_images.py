# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Image pre-caching (2.81), as ``openstack aggregate cache image`` asks
for it: the computes of the aggregate's hosts fetch the image into their
image cache; bad requests are refused and send nothing."""
import os
import time

import pytest

from tests.functional import compute_calls

at = compute_calls.at


@pytest.fixture
def aio(all_in_one):
    aio = all_in_one(hosts=2)
    host = sorted(s['host'] for s in aio.client.get(
        '/os-services?binary=nova-compute')[1]['services'])[0]
    status, body = aio.client.post('/os-aggregates', {'aggregate': {
        'name': 'cachers'}})
    assert status == 200, body
    aio.aggregate = body['aggregate']['id']
    aio.client.post('/os-aggregates/%s/action' % aio.aggregate,
                    {'add_host': {'host': host}})
    return aio


def _cached(aio, image_id, timeout=20):
    path = os.path.join(os.path.abspath(aio.conf.libvirt.instances_path),
                        '_base', image_id)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if os.path.exists(path):
            with open(path, 'rb') as bits:
                return bits.read()
        time.sleep(0.1)
    return None


def test_the_client_has_an_aggregate_cache_an_image(aio, tmp_path):
    env = compute_calls.cloud_env(tmp_path, aio)
    image_id = compute_calls.active_image(aio, 'precached')
    assert _cached(aio, image_id, timeout=0) is None
    compute_calls.osc(env, 'aggregate', 'cache', 'image', 'cachers',
                      'precached', version='2.81')
    assert _cached(aio, image_id) == b'bits'


def test_bad_requests_are_refused(aio):
    api = aio.client
    image_id = compute_calls.active_image(aio, 'one')
    path = '/os-aggregates/%s/images' % aio.aggregate
    missing = '6e0a3f55-8d1e-4a36-9d47-1c0c8c7a0b3e'
    for body, fragment in (
            ({'cache': []}, 'field/attribute cache'),
            ({'cache': [{'id': 'not-a-uuid'}]}, "is not a 'uuid'"),
            ({'cache': [{'id': image_id, 'x': 1}]}, 'was unexpected'),
            ({'cache': [{'id': image_id}, {'id': image_id}]},
             'Duplicate images in request'),
            ({'cache': [{'id': missing}]},
             'Image %s could not be found.' % missing)):
        status, answer = api.post(path, body, **at('2.81'))
        assert status == 400, (body, answer)
        assert fragment in answer['badRequest']['message'], answer
    assert api.post('/os-aggregates/999/images', {'cache': [
        {'id': image_id}]}, **at('2.81'))[0] == 404
    assert api.post(path, {'cache': [{'id': image_id}]},
                    **at('2.80'))[0] == 404
    assert api.as_user('alice:demo').post(path, {'cache': [
        {'id': image_id}]}, **at('2.81'))[0] == 403
    assert _cached(aio, image_id, timeout=1) is None
    assert api.post(path, {'cache': [{'id': image_id}]},
                    **at('2.81')) == (202, None)
    assert _cached(aio, image_id) == b'bits'
