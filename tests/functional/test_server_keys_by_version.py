# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The keys of a server, shown and listed in detail, at every compute
microversion from 2.1 to 2.104, to an admin and to a member of the
server's project: each key appears at the version Nova's API reference
gives it, and the admin-only ones only to admins (the policy defaults:
extended server attributes and host_status are for admins; the guest
hostname is everyone's from 2.90)."""
from tests.functional import compute_calls

MAX_MINOR = compute_calls.NEWEST_MINOR
# Shown from 2.1 to everyone.
BASE = {
    'id', 'name', 'status', 'tenant_id', 'user_id', 'metadata', 'hostId',
    'image', 'flavor', 'created', 'updated', 'addresses', 'accessIPv4',
    'accessIPv6', 'links', 'key_name', 'config_drive', 'progress',
    'security_groups', 'OS-DCF:diskConfig', 'OS-EXT-AZ:availability_zone',
    'OS-EXT-STS:power_state', 'OS-EXT-STS:task_state',
    'OS-EXT-STS:vm_state', 'OS-SRV-USG:launched_at',
    'OS-SRV-USG:terminated_at', 'os-extended-volumes:volumes_attached'}
# key: (first minor version, admins only, in the detailed list too)
ADDED = {
    'OS-EXT-SRV-ATTR:host': (1, True, True),
    'OS-EXT-SRV-ATTR:hypervisor_hostname': (1, True, True),
    'OS-EXT-SRV-ATTR:instance_name': (1, True, True),
    'OS-EXT-SRV-ATTR:reservation_id': (3, True, True),
    'OS-EXT-SRV-ATTR:launch_index': (3, True, True),
    'OS-EXT-SRV-ATTR:kernel_id': (3, True, True),
    'OS-EXT-SRV-ATTR:ramdisk_id': (3, True, True),
    'OS-EXT-SRV-ATTR:root_device_name': (3, True, True),
    'OS-EXT-SRV-ATTR:user_data': (3, True, True),
    'locked': (9, False, True),
    'host_status': (16, True, True),
    'description': (19, False, True),
    'tags': (26, False, True),
    'trusted_image_certificates': (63, False, True),
    'server_groups': (71, False, False),
    'locked_reason': (73, False, True),
    'pinned_availability_zone': (96, False, True),
    'scheduler_hints': (100, False, True),
}


def expected(minor, admin, detail):
    keys = set(BASE)
    for key, (since, admins_only, listed) in ADDED.items():
        if minor >= since and (admin or not admins_only) and (
                listed or not detail):
            keys.add(key)
    if admin and minor >= 3 or minor >= 90:
        keys.add('OS-EXT-SRV-ATTR:hostname')
    return keys


def _seen(aio):
    """{(minor, role): (keys shown, keys listed in detail)}."""
    api = aio.client
    api.create_flavor('m1', flavor_id='m1')
    image = compute_calls.active_image(aio)
    server = api.boot('m1', name='keys', imageRef=image)
    member = api.as_user('alice:admin')
    found = {}
    for minor in range(1, MAX_MINOR + 1):
        at = compute_calls.at('2.%d' % minor)
        for role, client in (('admin', api), ('member', member)):
            status, shown = client.get('/servers/' + server['id'], **at)
            assert status == 200, (minor, role, shown)
            status, listed = client.get('/servers/detail', **at)
            assert status == 200, (minor, role, listed)
            found[minor, role] = (set(shown['server']),
                                  set(listed['servers'][0]))
    return found


def test_each_key_from_its_version_to_whom_it_is_shown(all_in_one):
    seen = _seen(all_in_one(hosts=1))
    wrong = {}
    for (minor, role), (shown, listed) in sorted(seen.items()):
        for what, keys, detail in (('show', shown, False),
                                   ('detail', listed, True)):
            want = expected(minor, role == 'admin', detail)
            if keys != want:
                wrong['2.%d %s %s' % (minor, role, what)] = (
                    sorted(keys - want), sorted(want - keys))
    assert wrong == {}
