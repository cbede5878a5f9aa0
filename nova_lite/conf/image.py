# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""``[image]`` and ``[glance]``: the built-in image API, and where computes
fetch images from (it, or a real Glance), with what credentials
(keystoneauth's auth and session options, as Nova's ``[glance]``).
"""
import copy

from keystoneauth1 import loading as ks_loading
from oslo_config import cfg
from oslo_config import types

image_group = cfg.OptGroup('image', title='Image service options')
glance_group = cfg.OptGroup('glance', title='Where computes fetch images')

image_opts = [
    cfg.BoolOpt('enabled', default=True, help="""
Whether the all-in-one and nova-lite-api serve the image API (a subset of
the OpenStack Image API v2) beside the compute API.
"""),
    cfg.HostAddressOpt('listen', default='127.0.0.1',
                       help='Address the image API listens on.'),
    cfg.PortOpt('port', default=9292, help="""
Port the image API listens on.

Possible values:

* A port number; 0 picks a free one (tests).
"""),
    cfg.IntOpt('threads', default=4, min=1, help="""
Worker threads of the image API's WSGI server: an upload holds one while
its data is copied into the store (after it has arrived), a download for
as long as it runs.
"""),
    cfg.StrOpt('store_path', default='$state_path/images', help="""
Directory that holds the bits of every image, one file per image.
"""),
    cfg.IntOpt('image_size_cap', default=1099511627776, min=1, help="""
Largest image, in bytes, that an upload may store (1 TiB by default); a
larger one is refused with 413 and nothing of it is kept. The upload is
spooled to disk as it arrives, never held in memory.
"""),
    cfg.ListOpt('enabled_import_methods', default=['glance-direct'],
                item_type=types.String(choices=['glance-direct',
                                                'web-download']),
                help="""
The image import methods the image API offers (``/v2/info/import``).
``glance-direct`` imports data staged with ``PUT /v2/images/{id}/stage``;
``web-download`` has the image API fetch the data from a URL, and is off
by default: it lets a user make this service connect to any address that
``web_download_allowed_hosts`` allows.
"""),
    cfg.ListOpt('web_download_allowed_hosts', default=[], help="""
Hosts (names or addresses, as written in the URL) that ``web-download``
may fetch from. Empty: none, whatever ``enabled_import_methods`` says. A
redirect is followed only to an allowed host.
"""),
    cfg.ListOpt('web_download_allowed_schemes', default=['http', 'https'],
                help='URL schemes that web-download may fetch.'),
    cfg.ListOpt('web_download_allowed_ports', default=[80, 443],
                item_type=types.Integer(min=1, max=65535), help="""
Ports that ``web-download`` may connect to (a URL without a port means its
scheme's). Empty: any port of an allowed host.
"""),
    cfg.IntOpt('import_workers', default=2, min=1, help="""
Imports each image API process runs at once; more wait their turn (their
task ``pending``).
"""),
    cfg.IntOpt('import_stale_after', default=120, min=10, help="""
Seconds after which an unfinished import that its worker has stopped
reporting on (the process died) is failed, its image put back to
``queued`` and its data removed. A running import reports every few
seconds.
"""),
]

glance_opts = [
    cfg.URIOpt('api_servers', default='http://127.0.0.1:9292', help="""
Image API endpoint the compute agents fetch image metadata and bits from.
"""),
    cfg.StrOpt('lab_token', default='nova-lite-compute:service:admin',
               help="""
Token the services send to the image API when no keystoneauth plugin is
set here (``auth_type``): the lab authentication's ``user:project:roles``
(``[api] auth_strategy = noauth2``). Behind Keystone, set ``auth_type``
(e.g. ``password``) and the service user's credentials in this section,
as Nova's ``[glance]`` reads them; that user needs the admin role to
write the images of users' snapshots.
"""),
]
# Seconds a service waits on the image API for each read (keystoneauth's
# session option ``timeout``, set here by default).
DEFAULT_TIMEOUT = 60


def register_opts(conf):
    conf.register_group(image_group)
    conf.register_opts(image_opts, group=image_group)
    conf.register_group(glance_group)
    conf.register_opts(glance_opts, group=glance_group)
    ks_loading.register_session_conf_options(conf, glance_group.name)
    ks_loading.register_auth_conf_options(conf, glance_group.name)
    conf.set_default('timeout', DEFAULT_TIMEOUT, group=glance_group.name)


def list_opts():
    auth_opts = ks_loading.get_auth_common_conf_options() + \
        ks_loading.get_auth_plugin_conf_options('password')
    return [(image_group, image_opts),
            (glance_group, glance_opts + _session_opts() + auth_opts)]


def _session_opts():
    """keystoneauth's session options, ``timeout`` with our default (as
    the sample should say)."""
    opts = [copy.copy(opt) for opt in ks_loading.get_session_conf_options()]
    for opt in opts:
        if opt.dest == 'timeout':
            opt.default = DEFAULT_TIMEOUT
    return opts
