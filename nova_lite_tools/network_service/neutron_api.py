# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Neutron's API server: ML2 with the OVN mechanism driver, on a MariaDB
database of its own, under uWSGI, with the lab's tokens (lab_token).

Neutron tells the compute API of port changes (``network-vif-plugged``
and the rest, through ``/os-server-external-events``) as a service user,
and reports bandwidth inventories to placement when asked to.
"""
import os
import subprocess

import requests

from nova_lite_tools.network_service import daemons

SERVICE_TOKEN = 'neutron:service:admin,service'

NEUTRON_CONF = """[DEFAULT]
core_plugin = ml2
service_plugins = ovn-router,qos,placement
auth_strategy = keystone
api_paste_config = {dir}/api-paste.ini
transport_url = fake://
api_workers = 1
rpc_workers = 0
rpc_state_report_workers = 0
state_path = {dir}
notify_nova_on_port_status_changes = true
notify_nova_on_port_data_changes = true
send_events_interval = 1
[database]
connection = {database}
[oslo_concurrency]
lock_path = {dir}/lock
[oslo_messaging_notifications]
driver = noop
[nova]
auth_type = admin_token
endpoint = {compute_url}
token = {token}
[placement]
auth_type = admin_token
endpoint = {placement_url}
token = {token}
"""

ML2_CONF = """[ml2]
mechanism_drivers = ovn
type_drivers = local,flat,vlan,geneve
tenant_network_types = geneve
extension_drivers = port_security,qos
overlay_ip_version = 4
[ml2_type_geneve]
vni_ranges = 1:65536
max_header_size = 38
[ml2_type_flat]
flat_networks = *
[ml2_type_vlan]
network_vlan_ranges = {physnets}
[ovn]
ovn_nb_connection = {nb}
ovn_sb_connection = {sb}
ovn_metadata_enabled = false
"""

# Neutron's own paste file, but for the identity: the lab's tokens read
# by lab_token instead of keystonemiddleware's.
API_PASTE = """[composite:neutron]
use = egg:Paste#urlmap
/: neutronversions
/v2.0: neutronapi_v2_0

[pipeline:neutronapi_v2_0]
pipeline = {pipeline}

[filter:request_id]
paste.filter_factory = oslo_middleware:RequestId.factory

[filter:catch_errors]
paste.filter_factory = oslo_middleware:CatchErrors.factory

[filter:http_proxy_to_wsgi]
paste.filter_factory = {proxy_factory}

[filter:labtoken]
paste.filter_factory = nova_lite_tools.network_service.lab_token:filter_factory

[filter:keystonecontext]
paste.filter_factory = neutron.auth:NeutronKeystoneContext.factory

[filter:extensions]
paste.filter_factory = {extensions_factory}

[app:neutronversions]
paste.app_factory = neutron.pecan_wsgi.app:versions_factory

[app:neutronapiapp_v2_0]
paste.app_factory = neutron.api.v2.router:APIRouter.factory
"""

_PASTE_VALUES = {
    'pipeline': ' '.join(['http_proxy_to_wsgi', 'request_id', 'catch_errors',
                          'labtoken', 'keystonecontext', 'extensions',
                          'neutronapiapp_v2_0']),
    'proxy_factory': 'oslo_middleware.http_proxy_to_wsgi:'
                     'HTTPProxyToWSGI.factory',
    'extensions_factory': 'neutron.api.extensions:'
                          'plugin_aware_extension_middleware_factory',
}

_TOOLS_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))


class NeutronAPI:

    def __init__(self, directory, venv, port, database, central,
                 compute_url, placement_url, physnets=(),
                 listen='127.0.0.1'):
        self.directory = directory
        self.venv = venv
        self.port = port
        self.database = database
        self.central = central
        self.compute_url = compute_url
        self.placement_url = placement_url
        self.physnets = physnets
        self.listen = listen

    @property
    def url(self):
        return 'http://127.0.0.1:%d' % self.port

    def _write_configs(self):
        os.makedirs(os.path.join(self.directory, 'lock'), exist_ok=True)
        files = {
            'neutron.conf': NEUTRON_CONF.format(
                dir=self.directory, database=self.database,
                compute_url=self.compute_url,
                placement_url=self.placement_url, token=SERVICE_TOKEN),
            'ml2_conf.ini': ML2_CONF.format(
                nb=self.central.remote('nb'), sb=self.central.remote('sb'),
                physnets=','.join(self.physnets)),
            'api-paste.ini': API_PASTE.format(**_PASTE_VALUES)}
        for name, text in files.items():
            with open(os.path.join(self.directory, name), 'w') as out:
                out.write(text)

    def _config_args(self):
        return ['--config-file', os.path.join(self.directory, 'neutron.conf'),
                '--config-file', os.path.join(self.directory, 'ml2_conf.ini')]

    def migrate(self):
        """The schema at head (``neutron-db-manage upgrade heads``)."""
        self._write_configs()
        done = subprocess.run(
            [os.path.join(self.venv, 'bin', 'neutron-db-manage')] +
            self._config_args() + ['upgrade', 'heads'],
            capture_output=True, text=True)
        if done.returncode:
            raise daemons.DaemonError('neutron-db-manage failed: %s'
                                      % done.stdout[-2000:])

    def start(self):
        env = dict(os.environ, OS_NEUTRON_CONFIG_DIR=self.directory,
                   OS_NEUTRON_CONFIG_FILES='neutron.conf;ml2_conf.ini',
                   PYTHONPATH=_TOOLS_ROOT)
        argv = [os.path.join(self.venv, 'bin', 'uwsgi'),
                '--http11-socket', '%s:%d' % (self.listen, self.port),
                '--module', 'neutron.wsgi.api:application',
                '--master', '--processes', '1', '--threads', '8',
                '--enable-threads', '--lazy-apps', '--die-on-term',
                '--need-app', '--buffer-size', '65535',
                '--pidfile', daemons.pidfile(self.directory, 'neutron-api')]
        with open(os.path.join(self.directory, 'neutron-api.log'),
                  'ab') as log:
            self.process = subprocess.Popen(
                argv, stdout=log, stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL, env=env, start_new_session=True)

    def get(self, path):
        response = requests.get(self.url + '/v2.0' + path, timeout=10,
                                headers={'X-Auth-Token': SERVICE_TOKEN})
        response.raise_for_status()
        return response.json()

    def wait_ready(self, hostnames, timeout=90):
        """Until the API answers and lists an alive OVN controller for
        each of ``hostnames``."""
        def ready():
            if self.process.poll() is not None:
                raise daemons.DaemonError(
                    'neutron-api exited; see %s' % os.path.join(
                        self.directory, 'neutron-api.log'))
            try:
                agents = self.get('/agents')['agents']
            except requests.RequestException:
                return False
            alive = {a['host'] for a in agents if a['alive']}
            return set(hostnames) <= alive
        daemons.wait_for(ready, timeout, 'Neutron listing the chassis of %s'
                         % ', '.join(hostnames))

    def stop(self):
        daemons.stop(self.directory, 'neutron-api', timeout=15)
