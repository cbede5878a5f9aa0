from oslo_config import cfg

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
]

glance_opts = [
    cfg.URIOpt('api_servers', default='http://127.0.0.1:9292', help="""
Image API endpoint the compute agents fetch image metadata and bits from.
"""),
    cfg.StrOpt('lab_token', default='nova-lite-compute:service:admin',
               help="""
Token the compute sends to the image API, which must accept it: the lab
authentication's ``user:project:roles`` (``[api] auth_strategy =
noauth2``). Computes do not yet fetch images from an image API behind
Keystone.
"""),
    cfg.IntOpt('timeout', default=60, min=1, help="""
Seconds a compute waits on the image API for each read of a download.
"""),
]


def register_opts(conf):
    conf.register_group(image_group)
    conf.register_opts(image_opts, group=image_group)
    conf.register_group(glance_group)
    conf.register_opts(glance_opts, group=glance_group)


def list_opts():
    return [(image_group, image_opts), (glance_group, glance_opts)]
