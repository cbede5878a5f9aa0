# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The keys of services, aggregates, key pairs, limits, quota sets and
quota class sets at every compute microversion from 2.1 to 2.104, as
Nova's API reference gives them: a service's forced_down from 2.11; an
aggregate's uuid from 2.41; a key pair's type from 2.2; the network
quotas and limits gone from 2.36 (from a class set only at 2.50, where
the server groups' come), the image metadata limit from 2.39, the
injected files ones from 2.57; a host of os-hosts until 2.42."""
from tests.functional import compute_calls

MAX_MINOR = compute_calls.NEWEST_MINOR
keys_at = compute_calls.keys_at
ALWAYS = compute_calls.ALWAYS
SERVICE = dict.fromkeys(('id', 'binary', 'host', 'zone', 'status', 'state',
                         'updated_at', 'disabled_reason'), ALWAYS)
SERVICE['forced_down'] = (11, None)
AGGREGATE = dict.fromkeys(('id', 'name', 'availability_zone', 'hosts',
                           'metadata', 'created_at', 'updated_at',
                           'deleted', 'deleted_at'), ALWAYS)
AGGREGATE['uuid'] = (41, None)
KEYPAIR = dict.fromkeys(('name', 'public_key', 'fingerprint', 'user_id',
                         'created_at', 'deleted', 'deleted_at', 'updated_at',
                         'id'), ALWAYS)
KEYPAIR['type'] = (2, None)
LISTED_KEYPAIR = dict.fromkeys(('name', 'public_key', 'fingerprint'),
                               ALWAYS)
LISTED_KEYPAIR['type'] = (2, None)
_NETWORK = (1, 36)
_FILES = (1, 57)
LIMITS = dict(dict.fromkeys((
    'maxServerMeta', 'maxTotalCores', 'maxTotalInstances',
    'maxTotalKeypairs', 'maxTotalRAMSize', 'maxServerGroups',
    'maxServerGroupMembers', 'totalCoresUsed', 'totalInstancesUsed',
    'totalRAMUsed', 'totalServerGroupsUsed'), ALWAYS), **dict.fromkeys((
        'maxSecurityGroupRules', 'maxSecurityGroups', 'maxTotalFloatingIps',
        'totalFloatingIpsUsed', 'totalSecurityGroupsUsed'), _NETWORK),
    maxImageMeta=(1, 39), maxPersonality=_FILES, maxPersonalitySize=_FILES)
QUOTAS = dict(dict.fromkeys((
    'id', 'cores', 'instances', 'key_pairs', 'metadata_items', 'ram',
    'server_groups', 'server_group_members'), ALWAYS), **dict.fromkeys((
        'fixed_ips', 'floating_ips', 'security_group_rules',
        'security_groups'), _NETWORK), **dict.fromkeys((
            'injected_file_content_bytes', 'injected_file_path_bytes',
            'injected_files'), _FILES))

QUOTA_CLASSES = dict(QUOTAS, fixed_ips=(1, 50), floating_ips=(1, 50),
                     security_group_rules=(1, 50), security_groups=(1, 50),
                     server_groups=(50, None),
                     server_group_members=(50, None))

# os-hosts, served to 2.42: a host's services, and its resources.
LISTED_HOST = dict.fromkeys(('host_name', 'service', 'zone'), (1, 43))
HOST_RESOURCE = dict.fromkeys(('host', 'project', 'cpu', 'memory_mb',
                               'disk_gb'), (1, 43))


def _answers(api, minor, aggregate):
    at = compute_calls.at('2.%d' % minor)

    def get(path, *keys):
        status, body = api.get(path, **at)
        assert status == 200, (minor, path, body)
        for key in keys:
            body = body[key]
        return body
    hosts = {}
    if minor <= 42:
        host = get('/os-hosts', 'hosts', -1)
        hosts = {'listed host': (LISTED_HOST, host),
                 'host resource': (HOST_RESOURCE, get(
                     '/os-hosts/' + host['host_name'], 'host', 0,
                     'resource'))}
    return dict(hosts, **{
        'service': (SERVICE, get('/os-services', 'services', 0)),
        'aggregate': (AGGREGATE, get('/os-aggregates/%d' % aggregate,
                                     'aggregate')),
        'keypair': (KEYPAIR, get('/os-keypairs/k', 'keypair')),
        'listed keypair': (LISTED_KEYPAIR, get('/os-keypairs', 'keypairs',
                                               0, 'keypair')),
        'limits': (LIMITS, get('/limits', 'limits', 'absolute')),
        'quotas': (QUOTAS, get('/os-quota-sets/admin', 'quota_set')),
        'quota classes': (QUOTA_CLASSES, get('/os-quota-class-sets/default',
                                             'quota_class_set')),
    })


def test_keys_at_every_version(all_in_one):
    aio = all_in_one(hosts=1)
    api = aio.client
    status, body = api.post('/os-aggregates', {'aggregate': {'name': 'a'}})
    assert status == 200, body
    aggregate = body['aggregate']['id']
    status, body = api.post('/os-keypairs', {'keypair': {'name': 'k'}},
                            **compute_calls.at('2.1'))  # one generated
    assert status == 200, body
    wrong = {}
    for minor in range(1, MAX_MINOR + 1):
        for what, (table, answer) in _answers(api, minor,
                                              aggregate).items():
            want = keys_at(table, minor)
            if set(answer) != want:
                wrong['2.%d %s' % (minor, what)] = (
                    sorted(set(answer) - want), sorted(want - set(answer)))
    assert wrong == {}
