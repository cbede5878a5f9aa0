# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The routes whose answer needs a service the all-in-one does not run
(block storage, shared file systems, a network service), or one it runs
only if enabled (the serial console proxy), at every compute
microversion from 2.1 to 2.104, as Nova answers for a server that holds
none of what the service would give it: no volume attachments, no
shares (from 2.97), no ports on the fixed networks, and "Unavailable
console type" for a console type that is not enabled; beside them the
VNC console's URL (remote-consoles from 2.6, the actions before)."""
import uuid

from tests.functional import compute_calls

MAX_MINOR = compute_calls.NEWEST_MINOR


def _console_refused(kind):
    return 400, {'badRequest': {
        'code': 400, 'message': 'Unavailable console type %s.' % kind}}


def _expected(minor):
    """{what: (status, body or None to skip the body)} at 2.``minor``."""
    return {
        'volume attachments': (200, {'volumeAttachments': []}),
        'one volume attachment': (404, None),
        'interfaces': (200, {'interfaceAttachments': []}),
        'one interface': (404, None),
        'shares': ((200, {'shares': []}) if minor >= 97 else (404, None)),
        'remote console': (200, None) if minor >= 6 else (404, None),
        'VNC console action': (200, None) if minor < 6 else (404, None),
        'serial console action': (_console_refused('serial') if minor < 6
                                  else (404, None)),
    }


def _answers(api, server, minor):
    at = compute_calls.at('2.%d' % minor)
    path = '/servers/%s' % server
    missing = str(uuid.uuid4())
    action = path + '/action'
    return {
        'volume attachments': api.get(path + '/os-volume_attachments',
                                      **at),
        'one volume attachment': api.get(
            '%s/os-volume_attachments/%s' % (path, missing), **at),
        'interfaces': api.get(path + '/os-interface', **at),
        'one interface': api.get('%s/os-interface/%s' % (path, missing),
                                 **at),
        'shares': api.get(path + '/shares', **at),
        'remote console': api.post(path + '/remote-consoles', {
            'remote_console': {'protocol': 'vnc', 'type': 'novnc'}}, **at),
        'VNC console action': api.post(action, {
            'os-getVNCConsole': {'type': 'novnc'}}, **at),
        'serial console action': api.post(action, {
            'os-getSerialConsole': {'type': 'serial'}}, **at),
    }


def test_routes_without_their_service_at_every_version(all_in_one):
    aio = all_in_one()
    aio.client.create_flavor('m1', flavor_id='m1')
    server = aio.client.boot('m1', name='plain')['id']
    aio.client.wait_server(server, ('ACTIVE',))
    wrong = {}
    for minor in range(1, MAX_MINOR + 1):
        answers = _answers(aio.client, server, minor)
        for what, (status, body) in _expected(minor).items():
            got_status, got_body = answers[what]
            if got_status != status or body not in (None, got_body):
                wrong['2.%d %s' % (minor, what)] = (got_status, got_body)
    assert wrong == {}
