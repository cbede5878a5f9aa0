# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The API pipeline of api-paste.ini: size limit, rate limit, auth."""
import pytest

from nova_lite.api.middleware import rate_limit


def test_body_over_the_limit_is_413_and_changes_nothing(all_in_one,
                                                        overrides):
    overrides('max_request_body_size', 200, group='api')
    api = all_in_one(hosts=1).client
    body = {'flavor': {'name': 'x' * 150, 'ram': 512, 'vcpus': 1,
                       'disk': 1}}
    status, answer = api.post('/flavors', body)
    assert status == 413
    assert answer == {'overLimit': {
        'code': 413,
        'message': 'Request is too large: the limit is 200 bytes.'}}
    assert api.get('/flavors')[1] == {'flavors': []}


def test_chunked_body_over_the_limit_is_413(all_in_one, overrides):
    overrides('max_request_body_size', 100, group='api')
    api = all_in_one(hosts=1).client

    def chunks():
        yield b'{"flavor": {"name": "'
        yield b'y' * 200
        yield b'", "ram": 512, "vcpus": 1, "disk": 1}}'
    status, answer = api.post('/flavors', raw=chunks(),
                              headers={'Content-Type': 'application/json'})
    assert status == 413
    assert api.get('/flavors')[1] == {'flavors': []}


def test_rate_limit_answers_429_with_retry_after(all_in_one, overrides):
    overrides('rate_limit_per_minute', 3, group='api')
    api = all_in_one(hosts=1).client
    assert [api.get('/flavors')[0] for _ in range(3)] == [200, 200, 200]
    status, body = api.get('/flavors')
    assert status == 429
    assert body['overLimit']['code'] == 429
    assert 'at most 3 requests a minute' in body['overLimit']['message']
    assert 1 <= int(api.last.headers['Retry-After']) <= 20
    # Buckets are per user and project.
    assert api.as_user('alice:demo').get('/flavors')[0] == 200
    # The versions document is not rate limited.
    assert api.call('GET', '/')[0] == 200


def test_token_bucket_refills_at_its_rate():
    now = [0.0]
    bucket = rate_limit.TokenBucket(60, clock=lambda: now[0])
    assert all(bucket.take() == 0 for _ in range(60))
    assert bucket.take() == pytest.approx(1.0)
    now[0] += 0.5
    assert bucket.take() == pytest.approx(0.5)
    now[0] += 0.5
    assert bucket.take() == 0


def test_missing_paste_file_is_a_clear_error(all_in_one, overrides):
    from nova_lite import exception
    overrides('api_paste_config', '/nonexistent/api-paste.ini', group='api')
    with pytest.raises(exception.ConfigInvalid) as error:
        all_in_one(hosts=1)
    assert '/nonexistent/api-paste.ini not found' in str(error.value)
