# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The openstack client against an all-in-one's compute and image APIs,
as a user runs it (a clouds.yaml with each service's endpoint), and
nova-lite-manage's placement audit as an operator runs it."""
import json
import os
import subprocess
import sys

import requests

from nova_lite.cmd import clouds_file
from nova_lite.db import engine

OPENSTACK = os.path.join(os.path.dirname(sys.executable), 'openstack')


def at(version):
    """The keyword arguments of a REST call at compute ``version``."""
    return {'headers': {'OpenStack-API-Version': 'compute %s' % version}}


def cloud_env(tmp_path, aio):
    """The environment of a user whose clouds.yaml names the all-in-one:
    no auth (the lab's anonymous admin), each service at its own
    endpoint (the openstack client looks images up in the image API)."""
    return cloud_env_at(tmp_path, aio.api.port, aio.image_url)


def cloud_env_at(tmp_path, api_port, image_url):
    """The same for the compute API on ``api_port`` of loopback, in a
    clouds.yaml written as the all-in-one writes its own."""
    path = clouds_file.write(str(tmp_path), 'aio',
                             'http://127.0.0.1:%d/v2.1' % api_port,
                             image_url=image_url)
    return dict(os.environ, OS_CLIENT_CONFIG_FILE=path, OS_CLOUD='aio')


def osc(env, *args, fails=False, version='2.86'):
    """``openstack <args>`` at compute ``version``: its JSON output (with
    ``-f json``) or text; ``fails``: it must fail, its stderr."""
    result = subprocess.run(
        [OPENSTACK, '--os-compute-api-version', version] + list(args),
        capture_output=True, text=True, timeout=120, env=env,
        stdin=subprocess.DEVNULL)
    if fails:
        assert result.returncode != 0, result.stdout
        return result.stderr
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout) if 'json' in args else result.stdout


def active_image(aio, name='disk'):
    """The id of a new active public image called ``name``."""
    headers = {'X-Auth-Token': 'admin:admin'}
    image = requests.post(aio.image_url + '/v2/images', headers=headers,
                          json={'name': name, 'disk_format': 'raw',
                                'container_format': 'bare',
                                'visibility': 'public'}).json()
    requests.put(aio.image_url + '/v2/images/%s/file' % image['id'],
                 data=b'bits', headers=dict(
                     headers, **{'Content-Type': 'application/octet-stream'}))
    return image['id']


# The newest compute microversion's minor number (2.104); the key tables
# ask at every version from 2.1 to it.
NEWEST_MINOR = 104
# In a key table: shown from 2.1 on.
ALWAYS = (1, None)


def keys_at(table, minor):
    """The keys of ``table`` ({key: (first minor version with it, first
    without it or None)}) that 2.``minor`` shows."""
    return {key for key, (since, until) in table.items()
            if since <= minor and (until is None or minor < until)}


def resized(api, server_id, flavor):
    """The server resized to ``flavor`` and the resize confirmed; the
    server once ACTIVE again."""
    path = '/servers/%s/action' % server_id
    status, body = api.post(path, {'resize': {'flavorRef': flavor}})
    assert status == 202, body
    api.wait_server(server_id, ('VERIFY_RESIZE',), timeout=60)
    status, body = api.post(path, {'confirmResize': None})
    assert status == 204, body
    return api.wait_server(server_id, ('ACTIVE',), settled=True)


def placement_audit(tmp_path, *args):
    """``nova-lite-manage placement audit`` (with ``args``) of the
    all-in-one whose state is ``tmp_path``/state, as an operator runs
    it: the result, which must have exited 0."""
    config_file = tmp_path / 'manage.conf'
    config_file.write_text('[database]\nconnection = %s\n' %
                           engine.default_connection(tmp_path / 'state'))
    result = subprocess.run(
        [os.path.join(os.path.dirname(sys.executable), 'nova-lite-manage'),
         '--config-file', str(config_file), 'placement', 'audit'] +
        list(args), capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    return result
