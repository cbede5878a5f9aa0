# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""``[placement]``: the placement API served beside the compute API, and
how its store answers.
"""
from oslo_config import cfg

placement_group = cfg.OptGroup('placement', title='Placement API options')

opts = [
    cfg.HostAddressOpt('listen', default='127.0.0.1',
                       help="""
Address the placement API listens on (served by nova-lite-api and by the
all-in-one beside the compute API).

Possible values:

* An IPv4 or IPv6 address, or a hostname.
"""),
    cfg.PortOpt('port', default=8778, help="""
Port the placement API listens on.

Possible values:

* A port number; 0 picks a free one (tests).
"""),
    cfg.IntOpt('threads', default=4, min=1, help="""
Worker threads of the placement API's WSGI server (waitress). Its callers
are few (operators, and services that are not in the same process).
"""),
    cfg.BoolOpt('enabled', default=True, help="""
Whether nova-lite-api and the all-in-one serve the placement API.
"""),
]


def register_opts(conf):
    conf.register_group(placement_group)
    conf.register_opts(opts, group=placement_group)


def list_opts():
    return [(placement_group, opts)]
