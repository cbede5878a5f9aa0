# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Ansible's openstack.cloud modules against the all-in-one, run by
ansible-playbook from this virtualenv (the ``ansible`` package ships the
collection): a server created and waited for, key pairs, server actions
and server metadata.

The collection (2.5.0 in ansible 12) reads ``openstack.version``, which
openstacksdk 4.15 stopped importing; the openstack client here needs a
newer openstacksdk. So the modules run under an interpreter of their own
with openstacksdk pinned to the last release the collection works with
(a virtualenv made once, then reused).
"""
import json
import os
import subprocess
import sys

import pytest

from tests.functional import compute_calls

PLAYBOOK = """
- hosts: localhost
  connection: local
  gather_facts: false
  vars:
    ansible_python_interpreter: %(python)s
  tasks:
    - name: a server, waited for until it is ACTIVE with an address
      openstack.cloud.server:
        cloud: aio
        name: web
        image: cirros
        flavor: m1
        wait: true
        timeout: 120
      register: server
    - name: a key pair from a public key
      openstack.cloud.keypair:
        cloud: aio
        name: deploy
        public_key: "%(public_key)s"
      register: keypair
    - name: the key pair again changes nothing
      openstack.cloud.keypair:
        cloud: aio
        name: deploy
        public_key: "%(public_key)s"
      register: again
    - name: metadata on the server
      openstack.cloud.server_metadata:
        cloud: aio
        server: web
        metadata:
          role: frontend
    - name: pause the server
      openstack.cloud.server_action:
        cloud: aio
        server: web
        action: pause
        wait: true
        timeout: 60
    - name: unpause it
      openstack.cloud.server_action:
        cloud: aio
        server: web
        action: unpause
        wait: true
        timeout: 60
    - name: stop it
      openstack.cloud.server_action:
        cloud: aio
        server: web
        action: stop
        wait: true
        timeout: 60
    - name: what the play did
      copy:
        dest: "%(out)s"
        content: "{{ {'keypair': keypair, 'again': again,
                      'server': server} | to_json }}"
    - name: the key pair removed
      openstack.cloud.keypair:
        cloud: aio
        name: deploy
        state: absent
"""


MODULES_SDK = 'openstacksdk==4.14.0'
MODULES_VENV = os.path.join(os.environ.get('XDG_CACHE_HOME') or
                            os.path.expanduser('~/.cache'),
                            'nova-lite-tests', 'ansible-modules-venv')


def _modules_python():
    python = os.path.join(MODULES_VENV, 'bin', 'python')
    marker = os.path.join(MODULES_VENV, MODULES_SDK)
    if not os.path.exists(marker):
        subprocess.run([sys.executable, '-m', 'venv', '--clear',
                        MODULES_VENV], check=True)
        subprocess.run([python, '-m', 'pip', 'install', '-q', MODULES_SDK],
                       check=True)
        open(marker, 'w').close()
    return python


def _play(aio, tmp_path, text, **values):
    """Run the playbook ``text`` against ``aio``; answer what it wrote to
    its ``out`` file (the registered results it chose to report)."""
    env = compute_calls.cloud_env(tmp_path, aio)
    env['ANSIBLE_LOCALHOST_WARNING'] = 'false'
    env['ANSIBLE_INVENTORY_UNPARSED_WARNING'] = 'false'
    playbook = tmp_path / 'play.yml'
    out = tmp_path / 'out.json'
    playbook.write_text(text % dict(values, python=_modules_python(),
                                    out=out))
    result = subprocess.run(
        [os.path.join(os.path.dirname(sys.executable), 'ansible-playbook'),
         str(playbook)], capture_output=True, text=True, env=env,
        timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr
    return json.loads(out.read_text())


@pytest.fixture
def aio(all_in_one):
    aio = all_in_one(hosts=1)
    aio.client.create_flavor('m1', flavor_id='m1')
    return aio


def test_a_playbook_manages_keypairs_metadata_and_actions(aio, tmp_path):
    compute_calls.active_image(aio, 'cirros')
    subprocess.run(['ssh-keygen', '-q', '-t', 'ed25519', '-N', '', '-f',
                    str(tmp_path / 'id')], check=True)
    done = _play(aio, tmp_path, PLAYBOOK, public_key=(
        tmp_path / 'id.pub').read_text().strip())
    assert done['keypair']['changed'] is True
    assert done['again']['changed'] is False
    assert done['keypair']['keypair']['name'] == 'deploy'
    server = done['server']['server']
    assert done['server']['changed'] is True
    assert server['status'] == 'ACTIVE'
    assert server['addresses']['private'][0]['OS-EXT-IPS:type'] == 'fixed'
    shown = aio.client.get('/servers/%s' % server['id'])[1]['server']
    assert shown['metadata'] == {'role': 'frontend'}
    assert shown['status'] == 'SHUTOFF'
    actions = [a['action'] for a in aio.client.get(
        '/servers/%s/os-instance-actions' % server['id'])[1][
            'instanceActions']]
    assert actions == ['stop', 'unpause', 'pause', 'create']
    assert aio.client.get('/os-keypairs')[1] == {'keypairs': []}


TENANCY_PLAYBOOK = """
- hosts: localhost
  connection: local
  gather_facts: false
  vars:
    ansible_python_interpreter: %(python)s
  tasks:
    - name: an aggregate that makes zone az1 of sim-host-2
      openstack.cloud.host_aggregate:
        cloud: aio
        name: rack1
        availability_zone: az1
        hosts: [sim-host-2]
        metadata:
          ssd: "true"
      register: aggregate
    - name: the same aggregate again changes nothing
      openstack.cloud.host_aggregate:
        cloud: aio
        name: rack1
        availability_zone: az1
        hosts: [sim-host-2]
        metadata:
          ssd: "true"
      register: aggregate_again
    - name: an anti-affinity server group
      openstack.cloud.server_group:
        cloud: aio
        name: spread
        policy: anti-affinity
      register: group
    - name: a server in zone az1 and in the group
      openstack.cloud.server:
        cloud: aio
        name: zoned
        image: cirros
        flavor: m1
        availability_zone: az1
        scheduler_hints:
          group: "{{ group.server_group.id }}"
        wait: true
        timeout: 120
      register: server
    - name: what the play did
      copy:
        dest: "%(out)s"
        content: "{{ {'aggregate': aggregate, 'again': aggregate_again,
                      'group': group, 'server': server} | to_json }}"
"""


def test_a_playbook_makes_aggregates_zones_and_server_groups(all_in_one,
                                                             tmp_path):
    aio = all_in_one(hosts=3)
    aio.client.create_flavor('m1', flavor_id='m1')
    compute_calls.active_image(aio, 'cirros')
    done = _play(aio, tmp_path, TENANCY_PLAYBOOK)
    assert done['aggregate']['changed'] is True
    assert done['again']['changed'] is False
    aggregate = aio.client.get('/os-aggregates')[1]['aggregates'][0]
    assert (aggregate['name'], aggregate['availability_zone'],
            aggregate['hosts'], aggregate['metadata']['ssd']) == (
        'rack1', 'az1', ['sim-host-2'], 'true')
    group = aio.client.get('/os-server-groups')[1]['server_groups'][0]
    assert (group['name'], group['policies']) == ('spread',
                                                  ['anti-affinity'])
    server = aio.client.get('/servers/%s' % done['server']['server'][
        'id'])[1]['server']
    assert server['status'] == 'ACTIVE'
    assert (server['OS-EXT-AZ:availability_zone'],
            server['OS-EXT-SRV-ATTR:host']) == ('az1', 'sim-host-2')
    assert aio.client.get('/os-server-groups/%s' % group['id'])[1][
        'server_group']['members'] == [server['id']]
