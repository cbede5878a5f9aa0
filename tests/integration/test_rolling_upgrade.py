# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Rolling upgrade: a compute of the previous release against this
release's conductor, over RabbitMQ.

The previous release's code is taken from the repository's history
(``git archive``) and run as a ``nova-lite-compute`` of its own with no
database section. It speaks older object versions (Instance, RequestSpec
and ComputeNode 1.1, before VietStack), the older conductor RPC API (1.1)
and compute RPC API (1.0, the cap the conductor is given): what the
conductor sends it is backported at its request, what it sends the
conductor is taken at its version, and results come back at the versions
it names.
"""
import logging
import os
import signal
import subprocess
import sys
import uuid

import pytest

from nova_lite.objects import instance as instance_obj
from nova_lite.objects import request_spec as request_spec_obj
from tests.integration import remote_compute

pytestmark = pytest.mark.integration

RABBIT = remote_compute.RABBIT
HOST = 'previous-release-compute'
# The last release before VietStack (Instance, RequestSpec, ComputeNode
# 1.1; Placement 1.0; conductor RPC 1.1).
PREVIOUS_RELEASE = 'b4a68b6cfca6460ba81325356e2ed2639b06a26c'
REPO = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))

RUN_COMPUTE = ('import sys; from nova_lite.cmd.compute import main; '
               'sys.argv[0] = "nova-lite-compute"; sys.exit(main())')


def _previous_release(directory):
    """The previous release's package, extracted into ``directory``."""
    known = subprocess.run(['git', '-C', REPO, 'cat-file', '-e',
                            PREVIOUS_RELEASE + '^{commit}'],
                           capture_output=True)
    if known.returncode:
        pytest.skip('needs the repository history (a git clone) for the '
                    'previous release %s' % PREVIOUS_RELEASE[:7])
    os.makedirs(directory)
    archive = subprocess.run(['git', '-C', REPO, 'archive', PREVIOUS_RELEASE,
                              'nova_lite'], capture_output=True, check=True)
    subprocess.run(['tar', '-x', '-C', directory], input=archive.stdout,
                   check=True)
    return directory


@pytest.fixture
def previous_compute(tmp_path):
    launcher = remote_compute.Launcher(tmp_path)

    def start(exchange):
        code = _previous_release(str(tmp_path / 'previous'))
        # The previous release's package comes first on the path (the
        # current one is installed in editable mode, found after it).
        return launcher.start(HOST, exchange,
                              command=[sys.executable, '-c', RUN_COMPUTE],
                              env=dict(os.environ, PYTHONPATH=code))
    yield start
    launcher.kill_all()


def _backports(caplog):
    return {record.getMessage() for record in caplog.records
            if record.getMessage().startswith('backported ')}


def test_previous_release_compute_with_current_conductor(
        all_in_one, overrides, previous_compute, tmp_path, caplog):
    caplog.set_level(logging.DEBUG,
                     logger='nova_lite.conductor.object_indirection')
    exchange = 'nova_lite_test_%s' % uuid.uuid4().hex
    overrides('transport_url', RABBIT)
    overrides('control_exchange', exchange)
    # What an operator sets while computes of the previous release
    # remain: the conductor sends them compute RPC 1.0, which they know.
    overrides('compute', '1.0', group='upgrade_levels')
    aio = all_in_one(hosts=0)
    api = aio.client
    process = previous_compute(exchange)
    # What it wrote through the conductor at its versions is in the
    # database: its service and node (ComputeNode 1.1).
    node = remote_compute.wait_up(api, HOST)
    assert (node['vcpus'], node['memory_mb'], node['running_vms']) == (
        4, 8192, 0)

    api.post('/flavors', {'flavor': {'name': 'm1', 'id': 'm1', 'ram': 1024,
                                     'vcpus': 1, 'disk': 1}})
    status, body = api.post('/servers', {'server': {'name': 'upgrade',
                                                    'flavorRef': 'm1'}})
    assert status == 202
    server = api.wait_server(body['server']['id'], timeout=60)
    assert (server['status'], server['OS-EXT-SRV-ATTR:host']) == (
        'ACTIVE', HOST), server
    # Down: the build cast carried this release's objects; the compute
    # could not read them and asked the conductor for its versions.
    assert {'backported Instance %s to 1.1 for a service of an older '
            'release' % instance_obj.Instance.VERSION,
            'backported RequestSpec %s to 1.1 for a service of an older '
            'release' % request_spec_obj.RequestSpec.VERSION} <= _backports(
                caplog), _backports(caplog)
    # Up: its Instance 1.1 saves made the server ACTIVE above, and its
    # ComputeNode 1.1 counts the server; placement holds the claim.
    node = remote_compute.wait_up(api, HOST)
    assert (node['running_vms'], node['memory_mb_used']) == (1, 1024)
    allocations = aio.placement_client.get('/allocations/%s' % server[
        'id'])[1]['allocations']
    assert [a['resources'] for a in allocations.values()] == [
        {'VCPU': 1, 'MEMORY_MB': 1024, 'DISK_GB': 1}]

    assert api.delete('/servers/%s' % server['id'])[0] == 204
    api.wait_server(server['id'], states=('DELETED',), timeout=60)
    node = remote_compute.wait_up(api, HOST)
    assert (node['running_vms'], node['memory_mb_used']) == (0, 0)

    process.send_signal(signal.SIGTERM)
    assert process.wait(30) == 0
    log = (tmp_path / 'compute.log').read_text()
    assert 'Traceback' not in log and 'ERROR' not in log, log
