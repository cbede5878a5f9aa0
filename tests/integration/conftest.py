# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Fixtures the integration tests share."""
import libvirt
import pytest

from nova_lite_tools import demo_image
from nova_lite_tools import libvirtd as machine_libvirtd
from nova_lite_tools import ports
from nova_lite_tools import private_broker as private_broker_tool
from nova_lite_tools import private_libvirtd as private_libvirtd_mod

# The compute host of the all-in-ones on a real libvirtd (real_aio).
REAL_HOST = 'real-test-host'


@pytest.fixture(scope='session')
def demo_files(tmp_path_factory):
    """The demo guest's files, built once (a minute) for every test that
    boots it."""
    return demo_image.build(str(tmp_path_factory.mktemp('demo-image')))


@pytest.fixture
def private_broker():
    """A RabbitMQ node of the test's own, for a test that stops its
    broker: the machine's is never touched."""
    broker = private_broker_tool.PrivateBroker(
        'nova-lite-test', ports.free_port(), ports.free_port()).start()
    yield broker
    broker.stop()


@pytest.fixture(scope='module')
def private_libvirtd():
    """A libvirtd of the test module's own (its own configuration,
    state and socket; the machine's is neither started nor changed)."""
    daemon = private_libvirtd_mod.PrivateLibvirtd().start()
    machine_libvirtd.ensure_bridges(machine_libvirtd.bridges())
    yield daemon
    daemon.stop()


@pytest.fixture(scope='module')
def libvirtd(private_libvirtd):
    conn = libvirt.open(private_libvirtd.uri)
    yield conn
    conn.close()


@pytest.fixture
def real_aio(all_in_one, overrides, private_libvirtd):
    """Starts an all-in-one whose one compute is on the private
    libvirtd, with a ``demo`` flavor for the demo guest."""
    def start(uri=private_libvirtd.uri):
        overrides('real_host', True, group='all_in_one')
        overrides('connection_uri', uri, group='libvirt')
        overrides('virt_type', 'qemu', group='libvirt')
        overrides('host', REAL_HOST)
        overrides('shutdown_timeout', 1, group='compute')
        # Domain names no other deployment on this libvirtd can take.
        overrides('instance_name_template', 'nl-test-%(uuid)s')
        aio = all_in_one(hosts=0)
        aio.client.post('/flavors', {'flavor': {
            'name': 'demo', 'ram': 256, 'vcpus': 1, 'disk': 1,
            'id': 'demo'}})
        return aio
    return start
