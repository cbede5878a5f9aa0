# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""/extensions and /extensions/{alias}: the API extensions of the v2 API
that this deployment serves, as Nova still lists them for old clients
(microversions replaced them; nothing here can be turned on or off).
"""
from nova_lite.api.schemas import responses
from nova_lite.api import validation
from nova_lite import exception

_NAMESPACE = 'http://docs.openstack.org/compute/ext/fake_xml'
_UPDATED = '2014-12-03T00:00:00Z'

# alias: (name, description), for the resources and actions served.
_SERVED = {
    'os-admin-actions': ('AdminActions',
                         'Enable admin-only server actions.'),
    'os-admin-password': ('AdminPassword', 'Admin password management '
                                           'support.'),
    'os-console-output': ('ConsoleOutput', 'Console log output support, '
                                           'with tailing ability.'),
    'os-extended-server-attributes': (
        'ExtendedServerAttributes',
        'Extended Server Attributes support.'),
    'os-extended-status': ('ExtendedStatus', 'Extended Status support.'),
    'os-flavor-access': ('FlavorAccess', 'Flavor access support.'),
    'os-flavor-extra-specs': ('FlavorExtraSpecs', 'Flavors extra specs '
                                                  'support.'),
    'os-flavor-manage': ('FlavorManage', 'Flavor create/delete API '
                                         'support.'),
    'os-hypervisors': ('Hypervisors', 'Admin-only hypervisor '
                                      'administration.'),
    'os-instance-actions': ('InstanceActions', 'View a log of actions and '
                                               'events taken on an '
                                               'instance.'),
    'os-keypairs': ('Keypairs', 'Keypair Support.'),
    'os-lock-server': ('LockServer', 'Enable lock/unlock server actions.'),
    'os-pause-server': ('PauseServer', 'Enable pause/unpause server '
                                       'actions.'),
    'os-server-start-stop': ('ServerStartStop', 'Start/Stop instance '
                                                'compute API support.'),
    'os-services': ('Services', 'Services support.'),
    'os-suspend-server': ('SuspendServer', 'Enable suspend/resume server '
                                           'actions of servers.'),
    'server-metadata': ('ServerMetadata', 'Server metadata Support.'),
    'ips': ('Ips', 'Server addresses.'),
    'servers': ('Servers', 'Servers.'),
    'flavors': ('Flavors', 'Flavors Extension.'),
}


def _view(alias):
    name, description = _SERVED[alias]
    return {'alias': alias, 'name': name, 'description': description,
            'namespace': _NAMESPACE, 'updated': _UPDATED, 'links': []}


@validation.responds(200, responses.extension_list)
def index(req):
    return 200, {'extensions': [_view(a) for a in sorted(_SERVED)]}


@validation.responds(200, responses.extension_one)
def show(req, alias):
    if alias not in _SERVED:
        raise exception.NotFound(message='Extension %s could not be found.'
                                         % alias)
    return 200, {'extension': _view(alias)}
