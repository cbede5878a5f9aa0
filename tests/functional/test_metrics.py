# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The all-in-one's Prometheus metrics, scraped over HTTP and read with
prometheus_client's own parser (as a Prometheus server reads them): the
requests per route and status, the scheduler's decisions and why a
NoValidHost, the placement claims, the RPC round trips, a build's and a
move's durations, the servers per state and the periodic tasks; and a
scrape answered within a second while the API takes a burst of 256
requests."""
import json
import subprocess
import sys
import time

from prometheus_client import parser
import pytest
import requests

from tests.functional import compute_calls


@pytest.fixture
def aio(all_in_one, overrides):
    overrides('enabled', True, group='metrics')
    overrides('port', 0, group='metrics')
    aio = all_in_one(hosts=2)
    aio.client.create_flavor('m1', flavor_id='m1')
    aio.client.create_flavor('m2', flavor_id='m2', ram=1024)
    aio.client.create_flavor('huge', flavor_id='huge', ram=10 ** 7)
    return aio


def scrape(aio):
    """{(sample name, sorted label items): value} of one scrape."""
    answer = requests.get('http://127.0.0.1:%d/metrics' % aio.metrics.port,
                          timeout=10)
    assert answer.status_code == 200
    assert answer.headers['Content-Type'].startswith('text/plain')
    return parsed(answer.text)


def parsed(text):
    """The samples of a scrape, as prometheus_client's parser reads
    them."""
    samples = {}
    for family in parser.text_string_to_metric_families(text):
        for sample in family.samples:
            samples[(sample.name, tuple(sorted(sample.labels.items())))] = \
                sample.value
    return samples


def delta(before, after, name, **labels):
    key = (name, tuple(sorted(labels.items())))
    return after.get(key, 0) - before.get(key, 0)


def test_what_the_all_in_one_did_is_in_its_metrics(aio):
    before = scrape(aio)
    api = aio.client
    active = api.boot('m1', name='fine')
    assert active['status'] == 'ACTIVE'
    refused = api.boot('huge', name='too-big')
    assert refused['status'] == 'ERROR'
    assert 'RamFilter removed 2 of 2 hosts' in refused['fault']['message']
    assert api.get('/servers/nope')[0] == 404
    assert aio.placement_client.get('/resource_providers')[0] == 200
    assert requests.get(aio.image_url + '/v2/images', headers={
        'X-Auth-Token': 'admin:admin'}, timeout=10).status_code == 200
    compute_calls.resized(api, api.boot('m1', name='moved')['id'], 'm2')
    after = scrape(aio)

    assert delta(before, after, 'nova_lite_api_requests_total',
                 api='compute', method='POST', route='/servers',
                 status='202') == 3
    assert delta(before, after, 'nova_lite_api_requests_total',
                 api='compute', method='GET', route='/servers/{server_id}',
                 status='404') == 1
    assert delta(before, after, 'nova_lite_api_request_duration_seconds_count',
                 api='compute', method='POST', route='/servers',
                 status='202') == 3
    assert delta(before, after, 'nova_lite_api_requests_total',
                 api='placement', method='GET', route='/resource_providers',
                 status='200') == 1
    assert delta(before, after, 'nova_lite_api_requests_total',
                 api='image', method='GET', route='/v2/images',
                 status='200') == 1
    assert delta(before, after, 'nova_lite_scheduler_decisions_total',
                 result='selected') == 3  # two boots and the resize
    assert delta(before, after, 'nova_lite_scheduler_decisions_total',
                 result='no_valid_host') == 1
    assert delta(before, after, 'nova_lite_scheduler_no_valid_host_total',
                 reason='RamFilter') == 1
    assert delta(before, after,
                 'nova_lite_scheduler_filter_rejected_hosts_total',
                 filter='RamFilter') == 2
    assert delta(before, after, 'nova_lite_placement_claims_total',
                 result='claimed') == 3
    assert delta(before, after, 'nova_lite_rpc_call_duration_seconds_count',
                 topic='scheduler', method='select_destinations') == 4
    assert delta(before, after, 'nova_lite_build_duration_seconds_count',
                 result='active') == 2
    assert delta(before, after, 'nova_lite_move_duration_seconds_count',
                 type='resize', status='confirmed') == 1
    assert after[('nova_lite_servers', (('vm_state', 'active'),))] == 2
    assert after[('nova_lite_servers', (('vm_state', 'error'),))] == 1
    assert [key for key in after if key[0] ==
            'nova_lite_periodic_task_duration_seconds_count'], sorted(after)


BURST = """
import concurrent.futures, json, sys
import requests
url = sys.argv[1]
def one(_):
    return requests.get(url, headers={'X-Auth-Token': 'admin:admin'},
                        timeout=60).status_code
with concurrent.futures.ThreadPoolExecutor(64) as pool:
    print(json.dumps(sorted(set(pool.map(one, range(256))))))
"""


def test_a_scrape_answers_within_a_second_under_a_burst(aio):
    """256 requests, 64 at a time, from a client process of their own
    (as clients are): the scrape is not queued behind them. Its answer
    comes while the burst is still under way, within a second (two on
    a loaded machine, where the burst itself takes several)."""
    for index in range(4):
        aio.client.boot('m1', name='s%d' % index, wait=False)
    burst = subprocess.Popen(
        [sys.executable, '-c', BURST,
         'http://127.0.0.1:%d/v2.1/servers/detail' % aio.api.port],
        stdout=subprocess.PIPE, text=True)
    time.sleep(0.5)  # the burst under way
    started = time.monotonic()
    answer = requests.get('http://127.0.0.1:%d/metrics' % aio.metrics.port,
                          timeout=10)
    took = time.monotonic() - started
    burst_still_running = burst.poll() is None
    statuses, _ = burst.communicate(timeout=120)
    assert answer.status_code == 200
    assert json.loads(statuses) == [200]  # it was answered, all of it
    assert burst_still_running
    assert took < 2.0, took
    samples = parsed(answer.text)
    assert sum(value for (name, _labels), value in samples.items()
               if name == 'nova_lite_servers') == 4


def test_a_scrape_of_the_openstack_clients_requests(aio, tmp_path):
    """The routes of what the openstack client asks, by template."""
    env = compute_calls.cloud_env(tmp_path, aio)
    before = scrape(aio)
    compute_calls.osc(env, 'server', 'list')
    compute_calls.osc(env, 'flavor', 'show', 'm1')
    after = scrape(aio)
    assert delta(before, after, 'nova_lite_api_requests_total',
                 api='compute', method='GET', route='/servers/detail',
                 status='200') == 1
    assert delta(before, after, 'nova_lite_api_requests_total',
                 api='compute', method='GET', route='/flavors/{flavor_id}',
                 status='200') >= 1
