# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""``[api]``: where the compute API listens and how its WSGI server
buffers and limits requests.
"""
from oslo_config import cfg

api_group = cfg.OptGroup('api', title='Compute API options')

opts = [
    cfg.HostAddressOpt('listen', default='127.0.0.1',
                       help="""
Address the compute API listens on.

Possible values:

* An IPv4 or IPv6 address, or a hostname.
"""),
    cfg.PortOpt('port', default=8774,
                help='Port the compute API listens on.'),
    cfg.IntOpt('threads', default=16, min=1,
               help="""
Worker threads of the API's WSGI server (waitress).

Possible values:

* A positive integer. More threads serve more concurrent requests.
"""),
    cfg.IntOpt('workers', default=1, min=1,
               help="""
Processes of ``nova-lite-api``, each serving the compute API (and the
placement and image APIs where enabled) on the same listening sockets,
which the kernel shares out among them. More than one: a supervising
process starts them, starts again one that dies, and on SIGTERM lets
each finish its requests.

Possible values:

* 1: one process, no supervisor.
* A larger integer: that many worker processes (each with ``threads``
  threads), typically one per core of the controller.
"""),
    cfg.StrOpt('anonymous_token', default='admin:admin',
               help="""
Token assumed for a request that carries a token without a colon (as
keystoneauth's ``none`` plugin sends) or no token at all, in the form
``user:project``. The user named ``admin`` gets the admin role.

Related options:

* Only used by the ``noauth2`` lab authentication (``auth_strategy``).
"""),
    cfg.StrOpt('auth_strategy', default='noauth2',
               choices=[('noauth2', 'lab tokens ``user:project``; anyone '
                                    'can claim anything'),
                        ('keystone', 'keystonemiddleware auth_token against '
                                     'Keystone (``[keystone_authtoken]``)')],
               help="""
How API requests are authenticated: the name of the pipeline of
``api_paste_config`` that serves ``/v2.1``.

Related options:

* ``anonymous_token`` for ``noauth2``; the ``[keystone_authtoken]`` group of
  keystonemiddleware for ``keystone``.
"""),
    cfg.StrOpt('api_paste_config', default='api-paste.ini',
               help="""
The PasteDeploy file that assembles the API's middleware pipeline. A
relative name is looked for next to the configuration files, in
``/etc/nova-lite`` and in the source tree's ``etc/nova-lite``.
"""),
    cfg.ListOpt('disabled_extensions', default=[],
                help="""
API extensions this deployment does not serve; their routes answer 404.
An extension is the resource part of a route's policy rule.

Possible values:

* Any of ``flavors``, ``os-flavor-manage`` (flavor create and delete),
  ``os-flavor-extra-specs``, ``servers``, ``os-hypervisors``.
"""),
    cfg.IntOpt('max_limit', default=1000, min=1,
               help="""
Most items one page of a list (servers, flavors) holds, whatever ``limit``
a client asks for; a full page carries a ``next`` link.
"""),
    cfg.IntOpt('max_request_body_size', default=114688, min=1,
               help="""
Largest request body, in bytes, that the API reads; a larger one is
answered with 413.
"""),
    cfg.IntOpt('rate_limit_per_minute', default=0, min=0,
               help="""
Requests a user (per project) may make per minute through one API process,
with bursts up to the same number; beyond it the answer is 429 with a
``Retry-After`` header.

Possible values:

* 0 (the default) turns rate limiting off.
"""),
    cfg.BoolOpt('enable_instance_password', default=True, help="""
Whether a server create (and rebuild) answer carries ``adminPass``: the
password given in the request, or one made up for it, as Nova answers.
It is not kept: the drivers have no guest agent to set it in the guest.
"""),
]


def register_opts(conf):
    conf.register_group(api_group)
    conf.register_opts(opts, group=api_group)


def list_opts():
    return [(api_group, opts)]
