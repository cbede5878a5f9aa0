# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""A real Keystone on loopback, for the keystone auth strategy's tests.

Keystone is installed (once, then reused) into a virtualenv of its own,
bootstrapped on SQLite in a temporary directory (db_sync, fernet_setup,
credential_setup, bootstrap) and served by wsgiref on a free port.
"""
import os
import subprocess
import sys
import time

import requests

from nova_lite_tools import ports

VENV = os.path.join(os.environ.get('XDG_CACHE_HOME') or os.path.expanduser(
    '~/.cache'), 'nova-lite-tests', 'keystone-venv')
ADMIN_PASSWORD = 'keystone-admin-secret'

CONFIG = """[database]
connection = sqlite:///{dir}/keystone.sqlite
[token]
provider = fernet
[fernet_tokens]
key_repository = {dir}/fernet-keys
[fernet_receipts]
key_repository = {dir}/fernet-keys
[credential]
key_repository = {dir}/credential-keys
"""

SERVER = """import os, sys
from wsgiref import simple_server
sys.argv = sys.argv[:1]
from keystone.server import wsgi
app = wsgi.initialize_public_application()
simple_server.make_server('127.0.0.1', int(os.environ['KS_PORT']),
                          app).serve_forever()
"""


def _venv():
    python = os.path.join(VENV, 'bin', 'python')
    if not os.path.exists(os.path.join(VENV, 'bin', 'keystone-manage')):
        subprocess.run([sys.executable, '-m', 'venv', '--clear', VENV],
                       check=True)
        subprocess.run([python, '-m', 'pip', 'install', '-q', 'keystone'],
                       check=True)
    return python


class Keystone:

    def __init__(self, directory):
        self.dir = str(directory)
        self.port = ports.free_port()
        self.url = 'http://127.0.0.1:%d/v3' % self.port
        self.process = None

    def _manage(self, *args):
        manage = os.path.join(VENV, 'bin', 'keystone-manage')
        subprocess.run([manage, '--config-file', self.config] + list(args),
                       check=True, capture_output=True)

    def start(self):
        python = _venv()
        self.config = os.path.join(self.dir, 'keystone.conf')
        with open(self.config, 'w') as out:
            out.write(CONFIG.format(dir=self.dir))
        self._manage('db_sync')
        for setup in ('fernet_setup', 'credential_setup'):
            self._manage(setup, '--keystone-user', 'root',
                         '--keystone-group', 'root')
        self._manage('bootstrap', '--bootstrap-password', ADMIN_PASSWORD,
                     '--bootstrap-admin-url', self.url + '/',
                     '--bootstrap-public-url', self.url + '/',
                     '--bootstrap-internal-url', self.url + '/',
                     '--bootstrap-region-id', 'RegionOne')
        server = os.path.join(self.dir, 'server.py')
        with open(server, 'w') as out:
            out.write(SERVER)
        env = dict(os.environ, KS_PORT=str(self.port),
                   OS_KEYSTONE_CONFIG_DIR=self.dir,
                   OS_KEYSTONE_CONFIG_FILES='keystone.conf')
        self.log = open(os.path.join(self.dir, 'server.log'), 'w')
        self.process = subprocess.Popen([python, server], env=env,
                                        stdout=self.log,
                                        stderr=subprocess.STDOUT)
        self._wait()
        self.admin_token = self.token('admin', ADMIN_PASSWORD, 'admin')

    def _wait(self):
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                if requests.get(self.url, timeout=1).status_code == 200:
                    return
            except requests.ConnectionError:
                time.sleep(0.2)
        raise RuntimeError('keystone did not start; see %s' % self.log.name)

    def stop(self):
        if self.process is not None:
            self.process.terminate()
            self.process.wait(30)

    def token(self, user, password, project):
        body = {'auth': {
            'identity': {'methods': ['password'], 'password': {'user': {
                'name': user, 'domain': {'id': 'default'},
                'password': password}}},
            'scope': {'project': {'name': project,
                                  'domain': {'id': 'default'}}}}}
        response = requests.post(self.url + '/auth/tokens', json=body,
                                 timeout=30)
        response.raise_for_status()
        return response.headers['X-Subject-Token']

    def _admin(self, method, path, body=None):
        response = requests.request(
            method, self.url + path, json=body, timeout=30,
            headers={'X-Auth-Token': self.admin_token})
        response.raise_for_status()
        return response.json() if response.content else None

    def project(self, name):
        return self._admin('POST', '/projects', {'project': {
            'name': name, 'domain_id': 'default'}})['project']['id']

    def user(self, name, password, project_id, role):
        user_id = self._admin('POST', '/users', {'user': {
            'name': name, 'password': password,
            'domain_id': 'default'}})['user']['id']
        roles = self._admin('GET', '/roles?name=%s' % role)['roles']
        self._admin('PUT', '/projects/%s/users/%s/roles/%s' % (
            project_id, user_id, roles[0]['id']))
        return user_id

    def register_endpoint(self, service_type, url):
        """Put a service in the catalog, as a deployer would, in place of
        one an earlier test put there (its API has stopped since)."""
        for stale in self._admin('GET', '/services?type=%s' % service_type)[
                'services']:
            self._admin('DELETE', '/services/%s' % stale['id'])
        service_id = self._admin('POST', '/services', {'service': {
            'type': service_type, 'name': service_type}})['service']['id']
        self._admin('POST', '/endpoints', {'endpoint': {
            'service_id': service_id, 'interface': 'public', 'url': url,
            'region_id': 'RegionOne'}})
