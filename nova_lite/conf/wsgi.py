# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""How the HTTP listeners of all three APIs (compute, placement, image)
treat their clients: what a connection may hold and for how long."""
from oslo_config import cfg

wsgi_group = cfg.OptGroup('wsgi', title='HTTP server options', help="""
The compute, placement and image APIs are served by waitress, which reads
each request whole in its event loop before a worker thread sees it: a
slow or stalled client holds a connection, never a worker.
""")

opts = [
    cfg.IntOpt('backlog', default=1024, min=1, help="""
Connections the kernel queues for a listener before the server accepts
them (capped by ``net.core.somaxconn``). A burst larger than this is
refused by the kernel.
"""),
    cfg.IntOpt('connection_limit', default=4096, min=1, help="""
Connections a listener holds open at once; beyond it, new ones wait in the
backlog. Each takes a file descriptor: keep it below ``ulimit -n``.
"""),
    cfg.IntOpt('client_header_timeout', default=20, min=1, help="""
Seconds a client has to send a request's whole header section, counted
from its first byte (not restarted by each byte, so a client that trickles
a header line at a time is closed all the same).
"""),
    cfg.IntOpt('client_body_timeout', default=20, min=1, help="""
Seconds a client has to send a request body before it must keep up
``client_body_min_rate``; counted from the end of the headers.
"""),
    cfg.IntOpt('client_body_min_rate', default=500, min=1, help="""
Bytes per second a request body must average, past
``client_body_timeout``: a large image upload may take as long as it needs
at this rate; a body that stalls is closed.
"""),
    cfg.IntOpt('keepalive_timeout', default=60, min=1, help="""
Seconds an idle kept-alive connection stays open between requests.
"""),
    cfg.IntOpt('max_header_size', default=65536, min=1024, help="""
Largest request header section, in bytes (request line included); a larger
one is answered with 431 or 400 and closed.
"""),
]


def register_opts(conf):
    conf.register_group(wsgi_group)
    conf.register_opts(opts, group=wsgi_group)


def list_opts():
    return [(wsgi_group, opts)]
