# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Usage over REST: os-simple-tenant-usage list and show, hours within
the period times each flavor, deleted servers included, 2.40 paging."""
import datetime
import time

import pytest

FMT = '%Y-%m-%dT%H:%M:%S.%f'


@pytest.fixture
def api(all_in_one):
    aio = all_in_one()
    aio.client.create_flavor('small', ram=512, vcpus=2, disk=3,
                             flavor_id='small')
    return aio.client


def _now():
    return datetime.datetime.now(datetime.timezone.utc).replace(tzinfo=None)


def _hours(usage, start, stop):
    began = datetime.datetime.strptime(usage['started_at'], FMT)
    ended = (datetime.datetime.strptime(usage['ended_at'], FMT)
             if usage['ended_at'] else stop)
    return (min(stop, ended) - max(began, start)).total_seconds() / 3600.0


def test_usage_counts_hours_times_the_flavor(api):
    start = _now() - datetime.timedelta(minutes=1)
    api.boot('small', name='kept')
    gone = api.boot('small', name='gone')
    time.sleep(0.2)
    assert api.delete('/servers/%s' % gone['id'])[0] == 204
    for _ in range(100):
        if api.get('/servers/%s' % gone['id'])[0] == 404:
            break
        time.sleep(0.1)
    other = api.as_user('bob:p2')
    other.boot('small', name='theirs')
    stop = _now() + datetime.timedelta(minutes=1)
    period = 'start=%s&end=%s' % (start.strftime(FMT), stop.strftime(FMT))

    status, body = api.get('/os-simple-tenant-usage/admin?' + period)
    assert status == 200, body
    usage = body['tenant_usage']
    servers = {s['name']: s for s in usage['server_usages']}
    assert set(servers) == {'kept', 'gone'}
    assert servers['gone']['state'] == 'terminated'
    assert servers['kept']['state'] == 'active'
    assert servers['kept']['ended_at'] is None
    assert (servers['kept']['flavor'], servers['kept']['vcpus'],
            servers['kept']['memory_mb'], servers['kept']['local_gb']) == (
        'small', 2, 512, 3)
    hours = {n: _hours(s, start, stop) for n, s in servers.items()}
    for name, server in servers.items():
        assert server['hours'] == pytest.approx(hours[name], abs=1e-6)
    total = sum(hours.values())
    assert usage['total_hours'] == pytest.approx(total, abs=1e-6)
    assert usage['total_vcpus_usage'] == pytest.approx(2 * total, abs=1e-6)
    assert usage['total_memory_mb_usage'] == pytest.approx(512 * total,
                                                           abs=1e-4)
    assert usage['total_local_gb_usage'] == pytest.approx(3 * total,
                                                          abs=1e-6)
    assert usage['start'] == start.strftime(FMT)

    status, body = api.get('/os-simple-tenant-usage?detailed=1&' + period)
    assert sorted(u['tenant_id'] for u in body['tenant_usages']) == [
        'admin', 'p2']
    status, body = api.get('/os-simple-tenant-usage?' + period)
    assert all('server_usages' not in u for u in body['tenant_usages'])
    assert other.get('/os-simple-tenant-usage?' + period)[0] == 403
    assert other.get('/os-simple-tenant-usage/admin?' + period)[0] == 403
    assert other.get('/os-simple-tenant-usage/p2?' + period)[0] == 200


def test_a_server_that_never_launched_is_not_counted(api):
    """As Nova counts: a server that found no host (ERROR, never launched)
    used nothing and is not listed."""
    start = _now() - datetime.timedelta(minutes=1)
    api.boot('small', name='ran')
    for service in api.get('/os-services?binary=nova-compute')[1][
            'services']:
        api.put('/os-services/disable', {'host': service['host'],
                                         'binary': 'nova-compute'})
    assert api.boot('small', name='never')['status'] == 'ERROR'
    stop = _now() + datetime.timedelta(minutes=1)
    period = 'start=%s&end=%s' % (start.strftime(FMT), stop.strftime(FMT))
    usage = api.get('/os-simple-tenant-usage/admin?' + period)[1][
        'tenant_usage']
    assert [s['name'] for s in usage['server_usages']] == ['ran']
    listed = api.get('/os-simple-tenant-usage?detailed=1&' + period)[1][
        'tenant_usages']
    assert [s['name'] for u in listed for s in u['server_usages']] == [
        'ran']


def test_a_period_before_any_server_is_empty(api):
    api.boot('small')
    status, body = api.get('/os-simple-tenant-usage/admin?start=2020-01-01T'
                           '00:00:00&end=2020-02-01T00:00:00')
    assert (status, body) == (200, {'tenant_usage': {}})
    status, body = api.get('/os-simple-tenant-usage?start=2020-01-01T'
                           '00:00:00&end=2020-02-01T00:00:00')
    assert (status, body) == (200, {'tenant_usages': []})


@pytest.mark.parametrize('query,words', [
    ('start=yesterday', 'Invalid datetime string'),
    ('start=2030-01-01T00:00:00', 'The start time cannot occur after'),
    ('start=2020-01-01T00:00:00&end=2019-01-01T00:00:00',
     'The start time cannot occur after'),
])
def test_bad_periods_are_refused(api, query, words):
    status, body = api.get('/os-simple-tenant-usage?' + query)
    assert status == 400 and words in body['badRequest']['message']


def test_2_40_pages_the_servers(api):
    for i in range(3):
        api.boot('small', name='s%d' % i)
    headers = {'OpenStack-API-Version': 'compute 2.40'}
    status, body = api.get('/os-simple-tenant-usage/admin?limit=2',
                           headers=headers)
    assert status == 200, body
    assert [s['name'] for s in body['tenant_usage']['server_usages']] == [
        's0', 's1']
    link = body['tenant_usage_links'][0]
    assert link['rel'] == 'next' and 'marker=' in link['href']
    marker = link['href'].split('marker=')[1]
    status, body = api.get('/os-simple-tenant-usage/admin?limit=2&marker='
                           + marker, headers=headers)
    assert [s['name'] for s in body['tenant_usage']['server_usages']] == [
        's2']
    assert api.get('/os-simple-tenant-usage/admin?limit=2')[1][
        'tenant_usage']['server_usages'].__len__() == 3
    assert api.get('/os-simple-tenant-usage/admin?foo=1', headers={
        'OpenStack-API-Version': 'compute 2.75'})[0] == 400
