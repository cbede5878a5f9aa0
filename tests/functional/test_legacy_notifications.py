# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Nova's legacy (unversioned) notifications of servers, as a consumer
of them receives them on the ``notifications`` topic: with
``notification_format = unversioned`` a server's life is
``compute.instance.*`` from ``compute.<host>`` in Nova's order and
names, each payload a dict with Nova's legacy keys, and no versioned
notification is sent; with ``both``, both are."""
import time

import pytest

from nova_lite.notifications import sender
from tests.functional import compute_calls
from tests.functional import notification_calls

LEGACY_TOPIC = 'notifications'  # oslo.messaging's default topics
# Every legacy notification of a server has these keys (Nova's
# info_from_instance).
INSTANCE_KEYS = {
    'tenant_id', 'user_id', 'instance_id', 'display_name', 'reservation_id',
    'hostname', 'instance_type', 'instance_type_id', 'instance_flavor_id',
    'architecture', 'memory_mb', 'disk_gb', 'vcpus', 'root_gb',
    'ephemeral_gb', 'host', 'node', 'availability_zone', 'cell_name',
    'created_at', 'terminated_at', 'deleted_at', 'launched_at',
    'image_ref_url', 'os_type', 'kernel_id', 'ramdisk_id', 'state',
    'state_description', 'progress', 'access_ip_v4', 'access_ip_v6',
    'fixed_ips', 'image_meta', 'metadata'}


@pytest.fixture
def formats(all_in_one, overrides):
    """An all-in-one publishing in the format asked for (the test's
    ``notification_format``), a listener on each topic: (aio,
    {'legacy': Received, 'versioned': Received})."""
    listeners = []

    def start(notification_format, **options):
        overrides('driver', ['messagingv2'],
                  group='oslo_messaging_notifications')
        overrides('notification_format', notification_format,
                  group='notifications')
        for name, value in options.items():
            overrides(name, value, group='notifications')
        sender.reset()
        aio = all_in_one(hosts=2)
        received = {}
        for form, topic in (('legacy', LEGACY_TOPIC),
                            ('versioned', 'versioned_notifications')):
            listener, received[form] = notification_calls.listen(
                sender.get(aio.conf).transport, topic)
            listeners.append(listener)
        return aio, received
    yield start
    for listener in listeners:
        notification_calls.stop(listener)
    sender.reset()


def _life_in_legacy_events(built, resized):
    source = 'compute.%s' % built['OS-EXT-SRV-ATTR:host']
    dest = 'compute.%s' % resized['OS-EXT-SRV-ATTR:host']

    def phases(*actions):
        return [('compute.instance.%s.%s' % (action, phase), 'INFO', host)
                for action, host in actions for phase in ('start', 'end')]
    return phases(('create', source), ('power_off', source),
                  ('power_on', source)) + [
        ('compute.instance.exists', 'INFO', dest)] + phases(
        ('resize.prep', dest), ('resize', source), ('finish_resize', dest),
        ('resize.confirm', source)) + [
        ('compute.instance.%s' % event, 'INFO', dest) for event in (
            'delete.start', 'shutdown.start', 'shutdown.end', 'delete.end')]


def _payloads(received, event_type):
    return [entry[4] for entry in received.found if entry[3] == event_type]


def test_a_servers_life_in_the_legacy_format(formats):
    aio, received = formats('unversioned')
    legacy = received['legacy']
    aio.client.create_flavor('m1', flavor_id='m1')
    aio.client.create_flavor('m2', flavor_id='m2', ram=1024)
    image = compute_calls.active_image(aio)
    server = aio.client.boot('m1', metadata={'role': 'web'}, imageRef=image)
    path = '/servers/%s/action' % server['id']
    for action, state in (('os-stop', 'SHUTOFF'), ('os-start', 'ACTIVE')):
        assert aio.client.post(path, {action: None})[0] == 202
        aio.client.wait_server(server['id'], (state,), settled=True)
    resized = compute_calls.resized(
        aio.client, server['id'], 'm2')
    assert aio.client.delete('/servers/%s' % server['id'])[0] == 204
    legacy.wait_for('compute.instance.delete.end')
    assert sender.get(aio.conf).flush()

    assert legacy.events() == _life_in_legacy_events(server, resized)
    assert received['versioned'].events() == []
    for entry in legacy.found:
        assert INSTANCE_KEYS <= set(entry[4]), (entry[3], sorted(
            INSTANCE_KEYS - set(entry[4])))
    created = _payloads(legacy, 'compute.instance.create.end')[0]
    address = [a['addr'] for net in server['addresses'].values()
               for a in net]
    assert {key: created[key] for key in (
        'instance_id', 'tenant_id', 'display_name', 'instance_type',
        'instance_flavor_id', 'memory_mb', 'vcpus', 'disk_gb', 'host',
        'node', 'state', 'state_description', 'message', 'metadata')} == {
        'instance_id': server['id'], 'tenant_id': server['tenant_id'],
        'display_name': server['name'], 'instance_type': 'm1',
        'instance_flavor_id': 'm1', 'memory_mb': 256, 'vcpus': 1,
        'disk_gb': 1, 'host': server['OS-EXT-SRV-ATTR:host'],
        'node': server['OS-EXT-SRV-ATTR:hypervisor_hostname'],
        'state': 'active', 'state_description': '', 'message': 'Success',
        'metadata': {'role': 'web'}}
    assert [ip['address'] for ip in created['fixed_ips']] == address
    assert created['launched_at'] and created['terminated_at'] == ''
    assert created['image_ref_url'] == '%s/images/%s' % (aio.image_url,
                                                         image)
    assert (created['image_meta']['disk_format'],
            created['image_meta']['base_image_ref']) == ('raw', image)
    started = _payloads(legacy, 'compute.instance.create.start')[0]
    assert (started['state'], started['launched_at']) == ('building', '')
    prep = _payloads(legacy, 'compute.instance.resize.prep.start')[0]
    assert (prep['instance_type'], prep['new_instance_type']) == ('m1',
                                                                  'm2')
    deleted = _payloads(legacy, 'compute.instance.delete.end')[0]
    assert deleted['state'] == 'deleted' and deleted['terminated_at']


def test_both_formats_at_once(formats):
    aio, received = formats('both')
    aio.client.create_flavor('m1', flavor_id='m1')
    server = aio.client.boot('m1')
    received['legacy'].wait_for('compute.instance.create.end')
    received['versioned'].wait_for('instance.create.end', server['id'])
    assert [event for event, _, _ in received['legacy'].events()] == [
        'compute.instance.create.start', 'compute.instance.create.end']
    assert notification_calls.invalid_payloads(received['versioned']) == []


def test_a_failed_build_and_a_state_change_in_the_legacy_format(
        formats, monkeypatch):
    aio, received = formats('unversioned',
                            notify_on_state_change='vm_state')
    legacy = received['legacy']

    def spawn(context, instance):
        raise RuntimeError('no room on the disk')
    for svc in aio.services:
        if getattr(svc.manager, 'driver', None) is not None:
            monkeypatch.setattr(svc.manager.driver, 'spawn', spawn)
    aio.client.create_flavor('m1', flavor_id='m1')
    server = aio.client.boot('m1')
    assert server['status'] == 'ERROR'
    legacy.wait_for('compute.instance.create.error', count=2)
    failed = _payloads(legacy, 'compute.instance.create.error')[0]
    # One per host tried (the build is rescheduled once).
    assert [entry[1] for entry in legacy.found
            if entry[3] == 'compute.instance.create.error'] == ['ERROR'] * 2
    assert 'no room on the disk' in failed['message']
    assert failed['code'] == 500
    deadline = time.monotonic() + 10  # the conductor fails it last
    while ('building', 'error') not in [
            (p['old_state'], p['state'])
            for p in _payloads(legacy, 'compute.instance.update')
            if p['instance_id'] == server['id']]:
        assert time.monotonic() < deadline, legacy.events()
        time.sleep(0.05)
    update = _payloads(legacy, 'compute.instance.update')[-1]
    assert {'old_task_state', 'new_task_state', 'audit_period_beginning',
            'audit_period_ending', 'bandwidth'} <= set(update)
    assert update['audit_period_beginning'].endswith('-01T00:00:00.000000')
