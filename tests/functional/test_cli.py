# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The nova-lite CLI against a running all-in-one, as a user types it."""
import json

import pytest
import requests


@pytest.fixture
def cli(all_in_one, run_cli):
    aio = all_in_one()

    def run(*argv):
        return run_cli(aio, *argv)
    run.image_url = aio.image_url
    return run


def _json(result):
    code, out, err = result
    assert code == 0, err
    return json.loads(out)


def test_flavor_commands(cli):
    created = _json(cli('flavor', 'create', 'm1.small', '--id', '1',
                        '--ram', '2048', '--vcpus', '2', '--disk', '20',
                        '--property', 'hw:cpu_policy=shared', '-f', 'json'))
    assert (created['Name'], created['RAM'], created['VCPUs']) == (
        'm1.small', 2048, 2)
    assert created['Properties'] == 'hw:cpu_policy=shared'
    assert cli('flavor', 'set', 'm1.small', '--property',
               'quota:cpu_shares=5')[0] == 0
    assert cli('flavor', 'unset', 'm1.small', '--property',
               'hw:cpu_policy')[0] == 0
    shown = _json(cli('flavor', 'show', 'm1.small', '-f', 'json'))
    assert shown['Properties'] == 'quota:cpu_shares=5'
    listed = _json(cli('flavor', 'list', '-f', 'json'))
    assert [f['Name'] for f in listed] == ['m1.small']
    assert cli('flavor', 'delete', 'm1.small')[0] == 0
    assert _json(cli('flavor', 'list', '-f', 'json')) == []


def test_server_lifecycle_and_host_usage(cli):
    cli('flavor', 'create', 'small', '--ram', '1024', '--disk', '5')
    code, out, err = cli('server', 'create', 'web', '--flavor', 'small',
                         '--wait', '-f', 'json')
    assert code == 0, err
    assert 'web: ACTIVE' in err
    server = json.loads(out)
    assert server['Status'] == 'ACTIVE'
    assert server['Host'].startswith('sim-host-')
    hosts = _json(cli('host', 'list', '-f', 'json'))
    used = {h['Host']: h['RAM Used (MB)'] for h in hosts}
    assert used[server['Host']] == 1024
    assert sum(used.values()) == 1024
    assert server['Networks'].startswith('private=10.0.0.')
    listed = _json(cli('server', 'list', '-f', 'json'))
    assert [(s['Name'], s['Status'], s['Flavor'], s['Networks'])
            for s in listed] == [('web', 'ACTIVE', 'small',
                                  server['Networks'])]
    isolated = _json(cli('server', 'create', 'isolated', '--flavor', 'small',
                         '--nic', 'none', '--wait', '-f', 'json'))
    assert (isolated['Status'], isolated['Networks']) == ('ACTIVE', '')
    assert cli('server', 'delete', 'isolated', '--wait')[0] == 0
    assert cli('server', 'delete', 'web', '--wait')[0] == 0
    assert _json(cli('server', 'list', '-f', 'json')) == []
    assert all(h['Servers'] == 0
               for h in _json(cli('host', 'list', '-f', 'json')))


def test_errors_are_one_line_and_nonzero(cli):
    code, out, err = cli('server', 'show', 'nope')
    assert code == 1
    assert 'no server named or with id nope (HTTP 404)' in err
    assert 'Traceback' not in err
    cli('flavor', 'create', 'huge', '--ram', '900000')
    code, out, err = cli('server', 'create', 'big', '--flavor', 'huge',
                         '--wait')
    assert code == 1
    assert 'No valid host: RamFilter removed 3 of 3 hosts' in err
    assert 'HTTP' not in err


def test_boot_from_an_image_by_name_then_stop_start_and_reboot(cli):
    image_url = cli.image_url
    headers = {'X-Auth-Token': 'admin:admin'}
    image = requests.post(image_url + '/v2/images', headers=headers, json={
        'name': 'disk', 'disk_format': 'raw',
        'container_format': 'bare'}).json()
    requests.put(image_url + '/v2/images/%s/file' % image['id'],
                 data=b'bits', headers=dict(
                     headers, **{'Content-Type': 'application/octet-stream'}))
    cli('flavor', 'create', 'tiny', '--ram', '256', '--vcpus', '1',
        '--disk', '1')
    code, _out, err = cli('server', 'create', 'vm', '--flavor', 'tiny',
                          '--image', 'no-such-image', '--wait')
    assert code == 1
    assert 'Image no-such-image could not be found.' in err
    _json(cli('server', 'create', 'vm', '--flavor', 'tiny', '--image',
              'disk', '--wait', '-f', 'json'))
    for command, status in (('stop', 'SHUTOFF'), ('start', 'ACTIVE'),
                            ('reboot', 'ACTIVE')):
        assert cli('server', command, 'vm', '--wait')[0] == 0
        assert _json(cli('server', 'show', 'vm', '-f', 'json'))[
            'Status'] == status
    code, _out, err = cli('server', 'start', 'vm')
    assert code == 1
    assert "Cannot 'os-start' instance" in err
    # The simulated guest's console: its boot, ending at its prompt.
    code, out, err = cli('console', 'log', 'show', 'vm')
    assert (code, err) == (0, '')
    assert 'Linux version' in out and out.rstrip().endswith('vm login:')
    shown = _json(cli('console', 'url', 'show', 'vm', '-f', 'json'))
    assert shown['Type'] == 'novnc'
    assert '/vnc_lite.html?path=%3Ftoken%3D' in shown['Url']
    code, _out, err = cli('console', 'url', 'show', 'vm', '--serial')
    assert code == 1 and 'Unavailable console type serial.' in err


def test_quota_commands_set_show_and_hold(cli):
    cli('flavor', 'create', 'q', '--id', 'q', '--ram', '256', '--vcpus', '2')
    shown = _json(cli('quota', 'set', 'admin', '--instances', '1',
                      '--cores', '8', '-f', 'json'))
    assert (shown['instances'], shown['cores']) == (1, 8)
    assert cli('server', 'create', 'one', '--flavor', 'q', '--nic',
               'none', '--wait')[0] == 0
    code, out, err = cli('server', 'create', 'two', '--flavor', 'q',
                         '--nic', 'none')
    assert code != 0
    assert 'Quota exceeded for instances: Requested 1, but already used 1 ' \
        'of 1 instances (HTTP 403)' in err
    rows = {row['Resource']: row for row in _json(cli(
        'quota', 'show', '-f', 'json'))}
    assert (rows['instances']['Limit'], rows['instances']['In Use'],
            rows['cores']['In Use']) == (1, 1, 2)
    limits = dict((row['Name'], row['Value']) for row in _json(cli(
        'limits', '-f', 'json')))
    assert (limits['maxTotalInstances'], limits['totalCoresUsed']) == (1, 2)
    code, out, err = cli('quota', 'set', 'admin', '--instances', '-2')
    assert code != 0 and 'instances' in err


def test_aggregates_zones_groups_and_usage_commands(cli):
    made = _json(cli('aggregate', 'create', 'rack1', '--zone', 'az1', '-f',
                     'json'))
    assert (made['Name'], made['Availability Zone']) == ('rack1', 'az1')
    assert cli('aggregate', 'add', 'host', 'rack1', 'sim-host-1')[0] == 0
    shown = _json(cli('aggregate', 'set', 'rack1', '--property', 'ssd=true',
                      '-f', 'json'))
    assert (shown['Hosts'], shown['Properties']) == ('sim-host-1',
                                                     'ssd=true')
    hosts = {h['Host']: h for h in _json(cli('host', 'list', '-f', 'json'))}
    assert (hosts['sim-host-1']['Zone'], hosts['sim-host-1']['Aggregates'],
            hosts['sim-host-2']['Zone']) == ('az1', 'rack1', 'nova')
    zones = _json(cli('availability-zone', 'list', '-f', 'json'))
    assert [z['Zone'] for z in zones] == ['az1', 'nova']
    code, out, err = cli('aggregate', 'delete', 'rack1')
    assert code != 0 and 'Host aggregate is not empty' in err
    assert cli('aggregate', 'remove', 'host', 'rack1', 'sim-host-1')[0] == 0
    assert cli('aggregate', 'delete', 'rack1')[0] == 0
    assert _json(cli('aggregate', 'list', '-f', 'json')) == []

    group = _json(cli('server', 'group', 'create', 'spread', '--policy',
                      'anti-affinity', '--max-per-host', '2', '-f', 'json'))
    assert (group['Policy'], group['Rules']) == ('anti-affinity',
                                                 'max_server_per_host=2')
    assert [g['Name'] for g in _json(cli('server', 'group', 'list', '-f',
                                         'json'))] == ['spread']
    assert cli('server', 'group', 'delete', 'spread')[0] == 0

    cli('flavor', 'create', 'u', '--id', 'u', '--ram', '256')
    assert cli('server', 'create', 'one', '--flavor', 'u', '--nic', 'none',
               '--wait')[0] == 0
    usage = _json(cli('usage', '-f', 'json'))
    assert [u['Project'] for u in usage] == ['admin']
    assert usage[0]['Servers hours'] >= 0


def test_move_commands(cli):
    cli('flavor', 'create', 'small', '--ram', '512', '--disk', '1')
    cli('flavor', 'create', 'large', '--ram', '1024', '--disk', '2')
    server = _json(cli('server', 'create', 'web', '--flavor', 'small',
                       '--wait', '-f', 'json'))
    assert cli('server', 'resize', 'web', '--flavor', 'large',
               '--wait')[0] == 0
    moved = _json(cli('server', 'show', 'web', '-f', 'json'))
    assert (moved['Status'], moved['Flavor']) == ('VERIFY_RESIZE', 'large')
    assert moved['Host'] != server['Host']
    assert cli('server', 'resize', 'confirm', 'web', '--wait')[0] == 0
    assert cli('server', 'migrate', 'web', '--live', '--host',
               server['Host'], '--wait')[0] == 0
    back = _json(cli('server', 'show', 'web', '-f', 'json'))
    assert (back['Status'], back['Host']) == ('ACTIVE', server['Host'])
    listed = _json(cli('migration', 'list', '--server', 'web', '-f',
                       'json'))
    assert [(m['Type'], m['Status']) for m in listed] == [
        ('live-migration', 'completed'), ('resize', 'confirmed')]
    code, _out, err = cli('server', 'resize', 'web', '--flavor', 'large')
    assert code != 0 and 'When resizing, instances must change flavor!' \
        in err
