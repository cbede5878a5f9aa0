# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""A clouds.yaml that names a running nova_lite, so that the tools users
already run find each of its APIs without a Keystone catalog.

The openstack client, openstacksdk and Ansible's openstack.cloud modules
read it when ``OS_CLIENT_CONFIG_FILE`` names it and ``OS_CLOUD`` (or
``cloud:``) names the cloud. They need every service's endpoint, not just
the compute API's: ``openstack server create --image NAME`` looks the
image up in the image API. osc-placement's commands (``openstack
resource provider list``) take the cloud ``<cloud>-placement``.

Only written for the ``noauth2`` strategy (the labs' default), where a
client that sends no token is the anonymous admin; behind Keystone the
user's own clouds.yaml, with the catalog, is what to use.
"""
import os

FILE_NAME = 'clouds.yaml'

# ``auth: endpoint`` is needed beside the overrides: without it the
# openstack client refuses ``image create`` (it finds no identity
# version); with the compute API there, it goes on to the image API.
_TEMPLATE = """# Written by nova_lite at start; use it with
#   export OS_CLIENT_CONFIG_FILE={path} OS_CLOUD={cloud}
clouds:
  {cloud}:
    auth_type: none
    auth:
      endpoint: {compute}
    compute_endpoint_override: {compute}
{others}    identity_api_version: 3
{placement_cloud}"""

# osc-placement, without a Keystone catalog, sends every request to the
# auth plugin's endpoint (it takes no endpoint override): a cloud of its
# own, whose endpoint is placement's.
_PLACEMENT_CLOUD = """  {cloud}-placement:
    auth_type: none
    auth:
      endpoint: {placement}
    identity_api_version: 3
"""


def loopback_url(listen, port, path=''):
    """The URL a client on this machine uses for a server listening on
    ``listen``: a wildcard address is reached on loopback."""
    host = {'': '127.0.0.1', '0.0.0.0': '127.0.0.1', '::': '::1'}.get(
        listen, listen)
    if ':' in host:
        host = '[%s]' % host
    return 'http://%s:%d%s' % (host, port, path)


def write(directory, cloud, compute_url, image_url=None,
          placement_url=None, network_url=None):
    """Write ``directory``/clouds.yaml naming ``cloud``; its path (with
    ``network_url``, the network service the compute API uses)."""
    os.makedirs(directory, exist_ok=True)
    path = os.path.abspath(os.path.join(directory, FILE_NAME))
    others = ''.join('    %s_endpoint_override: %s\n' % (service, url)
                     for service, url in (('image', image_url),
                                          ('placement', placement_url),
                                          ('network', network_url))
                     if url)
    placement_cloud = _PLACEMENT_CLOUD.format(
        cloud=cloud, placement=placement_url) if placement_url else ''
    text = _TEMPLATE.format(path=path, cloud=cloud, compute=compute_url,
                            others=others, placement_cloud=placement_cloud)
    temporary = path + '.tmp'
    with open(temporary, 'w') as out:
        out.write(text)
    os.replace(temporary, path)
    return path


def hint(path, cloud):
    """What to tell a user at start."""
    return 'clients: export OS_CLIENT_CONFIG_FILE=%s OS_CLOUD=%s' % (
        path, cloud)
