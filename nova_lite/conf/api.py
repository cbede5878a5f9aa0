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
Worker threads of the API's WSGI server (cheroot).

Possible values:

* A positive integer. More threads serve more concurrent requests.
"""),
    cfg.StrOpt('anonymous_token', default='admin:admin',
               help="""
Token assumed for a request that carries a token without a colon (as
keystoneauth's ``none`` plugin sends) or no token at all, in the form
``user:project``. The user named ``admin`` gets the admin role.

Related options:

* Only used by the ``noauth2`` lab authentication.
"""),
]


def register_opts(conf):
    conf.register_group(api_group)
    conf.register_opts(opts, group=api_group)


def list_opts():
    return [(api_group, opts)]
