# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""``[upgrade_levels]``: RPC version caps, so a rolling upgrade can run
old and new services side by side.
"""
from oslo_config import cfg

upgrade_group = cfg.OptGroup('upgrade_levels', title='RPC version caps',
                             help="""
During a rolling upgrade, cap the RPC version each client sends so that
services not yet upgraded still understand it; remove the caps once every
service runs the new release.
""")

opts = [
    cfg.StrOpt('compute', help="""
Highest compute RPC API version to send.

Possible values:

* A version such as ``1.0``; unset means the newest this release knows.
"""),
    cfg.StrOpt('conductor', help="""
Highest conductor RPC API version to send (``1.0`` keeps computes off the
conductor's object methods, which arrived in 1.1).
"""),
    cfg.StrOpt('scheduler', help='Highest scheduler RPC API version to send.'),
]


def register_opts(conf):
    conf.register_group(upgrade_group)
    conf.register_opts(opts, group=upgrade_group)


def list_opts():
    return [(upgrade_group, opts)]
