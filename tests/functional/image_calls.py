# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Calls of the image API's tests: over HTTP, and through the openstack
and glance command-line clients (run from this virtualenv)."""
import json
import os
import subprocess
import sys

import requests

ADMIN = {'X-Auth-Token': 'admin:admin'}
ALICE = {'X-Auth-Token': 'alice:teamA'}
BOB = {'X-Auth-Token': 'bob:teamB'}


def osc(aio, *args, token=None, fails=False):
    """The openstack client against the image API (as ``token``'s user,
    or without a token: the lab's anonymous admin). ``fails``: it must
    fail; its stderr is returned."""
    # With a token the client does no version discovery: it is given
    # the v2 endpoint itself.
    auth = (['--os-auth-type', 'admin_token', '--os-token', token,
             '--os-endpoint', aio.image_url + '/v2']
            if token else ['--os-auth-type', 'none',
                           '--os-endpoint', aio.image_url])
    command = ([os.path.join(os.path.dirname(sys.executable), 'openstack')]
               + auth + ['--os-identity-api-version', '3'] + list(args))
    result = subprocess.run(command, capture_output=True, text=True,
                            timeout=120, stdin=subprocess.DEVNULL)
    if fails:
        assert result.returncode != 0, result.stdout
        return result.stderr
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout) if 'json' in args else result.stdout


def create(aio, headers=ADMIN, body=None, **attributes):
    return requests.post(aio.image_url + '/v2/images',
                         json=attributes if body is None else body,
                         headers=headers)


def upload(aio, image_id, data, headers=ADMIN):
    return requests.put(
        aio.image_url + '/v2/images/%s/file' % image_id, data=data,
        headers=dict(headers, **{'Content-Type': 'application/octet-stream'}))


def active_image(aio, headers=ADMIN, **body):
    body.setdefault('disk_format', 'qcow2')
    body.setdefault('container_format', 'bare')
    image = create(aio, headers, **body).json()
    assert upload(aio, image['id'], b'bits', headers).status_code == 204
    return image['id']


def glance(aio, *args, token='admin:admin'):
    command = [os.path.join(os.path.dirname(sys.executable), 'glance'),
               '--os-image-url', aio.image_url, '--os-auth-token',
               token, '--os-image-api-version', '2'] + list(args)
    result = subprocess.run(command, capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 0, result.stderr
    return result.stdout
