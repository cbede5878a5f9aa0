# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""GET /allocation_candidates through REST: simple hosts, traits,
aggregates, nested providers and granular groups."""
import uuid as uuidlib

from tests.functional.test_placement_api import _inventory
from tests.functional.test_placement_api import _provider


def _host(api, name, vcpu=8, ram=8192, traits=(), parent=None):
    extra = {'parent_provider_uuid': parent} if parent else {}
    uuid = _provider(api, name, **extra)['uuid']
    generation = _inventory(api, uuid, 0, VCPU=vcpu, MEMORY_MB=ram)
    if traits:
        status, body = api.put('/resource_providers/%s/traits' % uuid, {
            'resource_provider_generation': generation,
            'traits': list(traits)})
        assert status == 200, body
    return uuid


def _candidates(api, query):
    status, body = api.get('/allocation_candidates?' + query)
    assert status == 200, body
    return body


def _hosts_of(body):
    return [sorted(r['allocations']) for r in body['allocation_requests']]


def test_simple_hosts_fit_and_full_ones_do_not(placement):
    small = _host(placement, 'small', vcpu=2)
    big = _host(placement, 'big', vcpu=16)
    body = _candidates(placement, 'resources=VCPU:4,MEMORY_MB:1024')
    assert _hosts_of(body) == [[big]]
    request = body['allocation_requests'][0]
    assert request['allocations'][big]['resources'] == {
        'VCPU': 4, 'MEMORY_MB': 1024}
    assert request['mappings'] == {'': [big]}
    summary = body['provider_summaries'][big]
    assert summary['resources']['VCPU'] == {'capacity': 16, 'used': 0}
    assert summary['root_provider_uuid'] == big
    # Fill the big one: now nothing fits.
    status, _ = placement.put('/allocations/%s' % uuidlib.uuid4(), {
        'allocations': {big: {'resources': {'VCPU': 14}}},
        'project_id': 'p', 'user_id': 'u', 'consumer_generation': None,
        'consumer_type': 'INSTANCE'})
    assert status == 204
    assert _candidates(placement, 'resources=VCPU:4')[
        'allocation_requests'] == []
    assert _hosts_of(_candidates(placement, 'resources=VCPU:2')) == [
        [small], [big]]
    assert len(_candidates(placement, 'resources=VCPU:1&limit=1')[
        'allocation_requests']) == 1


def test_traits_and_aggregates_narrow_the_hosts(placement):
    avx = _host(placement, 'avx', traits=['HW_CPU_X86_AVX2'])
    plain = _host(placement, 'plain')
    assert _hosts_of(_candidates(
        placement, 'resources=VCPU:1&required=HW_CPU_X86_AVX2')) == [[avx]]
    assert _hosts_of(_candidates(
        placement, 'resources=VCPU:1&required=!HW_CPU_X86_AVX2')) == [
        [plain]]
    agg = str(uuidlib.uuid4())
    placement.put('/resource_providers/%s/aggregates' % plain, {
        'aggregates': [agg], 'resource_provider_generation': 1})
    assert _hosts_of(_candidates(
        placement, 'resources=VCPU:1&member_of=in:%s' % agg)) == [[plain]]
    status, body = placement.get('/allocation_candidates?resources=VCPU:1'
                                 '&required=CUSTOM_NOPE')
    assert status == 400


def test_nested_nics_and_granular_groups(placement):
    assert placement.put('/resource_classes/CUSTOM_NIC_RATE')[0] == 201
    for trait in ('CUSTOM_PHYSNET_1', 'CUSTOM_PHYSNET_2'):
        assert placement.put('/traits/%s' % trait)[0] == 201
    host = _host(placement, 'host')
    nics = {}
    for name, physnet, rate in (('nic1', 'CUSTOM_PHYSNET_1', 1000),
                                ('nic2', 'CUSTOM_PHYSNET_1', 500),
                                ('nic3', 'CUSTOM_PHYSNET_2', 1000)):
        uuid = _provider(placement, name, parent_provider_uuid=host)['uuid']
        generation = _inventory(placement, uuid, 0, CUSTOM_NIC_RATE=rate)
        placement.put('/resource_providers/%s/traits' % uuid, {
            'resource_provider_generation': generation,
            'traits': [physnet]})
        nics[name] = uuid
    body = _candidates(
        placement, 'resources=VCPU:1&resources1=CUSTOM_NIC_RATE:600'
        '&required1=CUSTOM_PHYSNET_1&group_policy=none')
    assert len(body['allocation_requests']) == 1
    request = body['allocation_requests'][0]
    assert request['allocations'] == {
        host: {'resources': {'VCPU': 1}},
        nics['nic1']: {'resources': {'CUSTOM_NIC_RATE': 600}}}
    assert request['mappings'] == {'': [host], '1': [nics['nic1']]}
    assert set(body['provider_summaries']) == {host, *nics.values()}
    # Two vNICs on physnet1, isolated: nic1 and nic2, in either order.
    body = _candidates(
        placement, 'resources1=CUSTOM_NIC_RATE:400&required1=CUSTOM_PHYSNET_1'
        '&resources2=CUSTOM_NIC_RATE:400&required2=CUSTOM_PHYSNET_1'
        '&group_policy=isolate')
    pairs = sorted((r['mappings']['1'][0], r['mappings']['2'][0])
                   for r in body['allocation_requests'])
    assert pairs == sorted([(nics['nic1'], nics['nic2']),
                            (nics['nic2'], nics['nic1'])])
    # Not isolated, both fit on nic1 only if it has room for the sum.
    body = _candidates(
        placement, 'resources1=CUSTOM_NIC_RATE:600&required1=CUSTOM_PHYSNET_1'
        '&resources2=CUSTOM_NIC_RATE:600&required2=CUSTOM_PHYSNET_1'
        '&group_policy=none')
    assert body['allocation_requests'] == []


def test_a_limit_searches_a_sample_of_trees_then_all_of_them(placement):
    """Two 600 vNIC groups fit each of 24 one-NIC hosts group by group
    (the database's first cut) but not together; only the last host, with
    two NICs, serves both. A small limit still finds it."""
    placement.put('/resource_classes/CUSTOM_NIC_RATE')
    hosts = []
    for index in range(25):
        host = _host(placement, 'h%02d' % index)
        hosts.append(host)
        for nic in range(2 if index == 24 else 1):
            uuid = _provider(placement, 'h%02d-nic%d' % (index, nic),
                             parent_provider_uuid=host)['uuid']
            _inventory(placement, uuid, 0, CUSTOM_NIC_RATE=1000)
    query = ('resources=VCPU:1&resources1=CUSTOM_NIC_RATE:600'
             '&resources2=CUSTOM_NIC_RATE:600&group_policy=none')
    for limit in (1, 5):
        body = _candidates(placement, query + '&limit=%d' % limit)
        roots = [r['mappings'][''] for r in body['allocation_requests']]
        assert roots == [[hosts[-1]]] * min(limit, 2)
    # Fewer candidates than the limit: every tree was searched once.
    assert len(_candidates(placement, query)['allocation_requests']) == 2


def test_bad_queries_are_400(placement):
    for query in ('resources=VCPU:x', 'resources=VCPU:1&foo=1',
                  'resources1=VCPU:1&resources2=VCPU:1', 'limit=1',
                  'resources=VCPU:1&limit=0'):
        status, body = placement.get('/allocation_candidates?' + query)
        assert status == 400, (query, body)
        assert body['errors'][0]['status'] == 400
    older = placement.at('1.9')
    assert older.get('/allocation_candidates?resources=VCPU:1')[0] == 404


def test_provider_list_filters(placement):
    _host(placement, 'avx', vcpu=2, traits=['HW_CPU_X86_AVX2'])
    big = _host(placement, 'big', vcpu=16)

    def names(query):
        status, body = placement.get('/resource_providers?' + query)
        assert status == 200, body
        return sorted(p['name'] for p in body['resource_providers'])
    assert names('resources=VCPU:4') == ['big']
    assert names('required=HW_CPU_X86_AVX2') == ['avx']
    assert names('required=!HW_CPU_X86_AVX2') == ['big']
    assert names('resources=VCPU:1,MEMORY_MB:1') == ['avx', 'big']
    agg = str(uuidlib.uuid4())
    placement.put('/resource_providers/%s/aggregates' % big, {
        'aggregates': [agg], 'resource_provider_generation': 1})
    assert names('member_of=%s' % agg) == ['big']
    assert names('member_of=!%s' % agg) == ['avx']


def test_allocation_requests_take_the_shape_of_the_version(placement):
    host = _host(placement, 'host', vcpu=8)
    query = 'resources=VCPU:2'
    listed = _candidates(placement.at('1.11'), query)
    assert listed['allocation_requests'] == [{'allocations': [
        {'resource_provider': {'uuid': host}, 'resources': {'VCPU': 2}}]}]
    keyed = _candidates(placement.at('1.12'), query)
    assert keyed['allocation_requests'] == [{'allocations': {
        host: {'resources': {'VCPU': 2}}}}]
    mapped = _candidates(placement.at('1.34'), query)
    assert mapped['allocation_requests'] == [{
        'allocations': {host: {'resources': {'VCPU': 2}}},
        'mappings': {'': [host]}}]


def test_summaries_count_capacity_use_and_traits_the_same_at_every_version(
        placement):
    """From 1.27 the summaries of SQLite come out of its JSON functions;
    they must say what the older versions' (read row by row) say."""
    host = _provider(placement, 'host')['uuid']
    _inventory(placement, host, 0,
               VCPU={'total': 10, 'reserved': 1, 'allocation_ratio': 1.5},
               MEMORY_MB={'total': 4096, 'reserved': 512},
               DISK_GB={'total': 100, 'allocation_ratio': 0.9})
    assert placement.put('/traits/CUSTOM_FAST')[0] == 201
    status, body = placement.put(
        '/resource_providers/%s/traits' % host, {
            'resource_provider_generation': 1,
            'traits': ['HW_CPU_X86_AVX2', 'CUSTOM_FAST']})
    assert status == 200, body
    status, body = placement.put('/allocations/%s' % uuidlib.uuid4(), {
        'allocations': {host: {'resources': {'VCPU': 3, 'DISK_GB': 7}}},
        'project_id': 'p', 'user_id': 'u', 'consumer_generation': None,
        'consumer_type': 'INSTANCE'})
    assert status == 204, body
    query = 'resources=VCPU:1,MEMORY_MB:256,DISK_GB:1'
    expected = {'VCPU': {'capacity': 13, 'used': 3},
                'MEMORY_MB': {'capacity': 3584, 'used': 0},
                'DISK_GB': {'capacity': 90, 'used': 7}}
    for version in ('1.17', '1.26', '1.27', '1.39'):
        summary = _candidates(placement.at(version), query)[
            'provider_summaries'][host]
        assert summary['resources'] == expected, version
        assert summary['traits'] == ['CUSTOM_FAST', 'HW_CPU_X86_AVX2']


def test_summaries_follow_every_change_to_a_provider(placement):
    """What a summary said is kept only while its provider's generation
    stands still: each change below shows in the next answer."""
    query = 'resources=VCPU:1'
    host = _host(placement, 'host', vcpu=8)

    def summary():
        return _candidates(placement, query)['provider_summaries'][host]
    assert summary()['resources']['VCPU'] == {'capacity': 8, 'used': 0}
    consumer = str(uuidlib.uuid4())
    status, body = placement.put('/allocations/%s' % consumer, {
        'allocations': {host: {'resources': {'VCPU': 3}}},
        'project_id': 'p', 'user_id': 'u', 'consumer_generation': None,
        'consumer_type': 'INSTANCE'})
    assert status == 204, body
    assert summary()['resources']['VCPU'] == {'capacity': 8, 'used': 3}
    generation = _inventory(placement, host, 2, VCPU=12, MEMORY_MB=512)
    assert summary()['resources'] == {
        'VCPU': {'capacity': 12, 'used': 3},
        'MEMORY_MB': {'capacity': 512, 'used': 0}}
    status, body = placement.put('/resource_providers/%s/traits' % host, {
        'resource_provider_generation': generation,
        'traits': ['HW_CPU_X86_AVX2']})
    assert status == 200, body
    assert summary()['traits'] == ['HW_CPU_X86_AVX2']
    assert placement.delete('/allocations/%s' % consumer)[0] == 204
    assert summary()['resources']['VCPU'] == {'capacity': 12, 'used': 0}


def test_a_provider_made_again_is_not_taken_for_the_old_one(placement):
    """Deleted and created again with its uuid, a provider gets its row id
    back on SQLite and climbs to the same generation: its summary must
    still be read anew."""
    host = _host(placement, 'host', vcpu=8)
    assert _candidates(placement, 'resources=VCPU:1')['provider_summaries'][
        host]['resources']['VCPU']['capacity'] == 8
    assert placement.delete('/resource_providers/%s' % host)[0] == 204
    _provider(placement, 'host', uuid=host)
    assert _inventory(placement, host, 0, VCPU=4) == 1
    assert _candidates(placement, 'resources=VCPU:1')['provider_summaries'][
        host]['resources']['VCPU']['capacity'] == 4


def test_a_request_only_hosts_serve_answers_whole_trees(placement):
    """Hosts with NIC children, a request for what only the hosts hold
    (the search takes each host alone): every host fits on its own, the
    summaries hold the whole trees at 1.29 and later, and a NIC class
    asked for sends the search into the trees again."""
    placement.put('/resource_classes/CUSTOM_NIC_RATE')
    trees = {}
    for index in range(3):
        host = _host(placement, 'h%d' % index, traits=(
            ['HW_CPU_X86_AVX2'] if index == 2 else []))
        nic = _provider(placement, 'h%d-nic' % index,
                        parent_provider_uuid=host)['uuid']
        _inventory(placement, nic, 0, CUSTOM_NIC_RATE=1000)
        trees[host] = nic
    body = _candidates(placement, 'resources=VCPU:2,MEMORY_MB:512')
    assert sorted(_hosts_of(body)) == sorted([[h] for h in trees])
    assert set(body['provider_summaries']) == set(trees) | set(
        trees.values())
    for host, nic in trees.items():
        assert body['provider_summaries'][nic] == {
            'resources': {'CUSTOM_NIC_RATE': {'capacity': 1000, 'used': 0}},
            'traits': [], 'parent_provider_uuid': host,
            'root_provider_uuid': host}
    body = _candidates(placement, 'resources=VCPU:1&limit=1')
    host, = [r['mappings'][''][0] for r in body['allocation_requests']]
    assert set(body['provider_summaries']) == {host, trees[host]}
    body = _candidates(placement,
                       'resources=VCPU:1&required=HW_CPU_X86_AVX2')
    assert _hosts_of(body) == [[list(trees)[2]]]
    # Before 1.29 only the providers in the answer are summarized.
    status, body = placement.get(
        '/allocation_candidates?resources=VCPU:1',
        headers={'OpenStack-API-Version': 'placement 1.28'})
    assert status == 200 and set(body['provider_summaries']) == set(trees)
    body = _candidates(placement,
                       'resources=VCPU:1,CUSTOM_NIC_RATE:100')
    assert sorted(sorted(r['allocations']) for r in body[
        'allocation_requests']) == sorted(sorted([h, n])
                                          for h, n in trees.items())
