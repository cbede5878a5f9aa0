# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""``[conductor]``: how long a build may take to reach a host, how often
placement is healed, how many hosts a build may try.
"""
from oslo_config import cfg

conductor_group = cfg.OptGroup('conductor', title='Conductor options')

opts = [
    cfg.IntOpt('build_timeout', default=600, min=0,
               help="""
Seconds after which an instance still in BUILD with no host is put in
ERROR by the conductor's periodic check (its build request was lost).

Possible values:

* 0 disables the check.
"""),
    cfg.IntOpt('build_retry_after', default=60, min=1, help="""
Seconds after which a build that no conductor has taken (its request was
lost: the API stopped before sending it, or the broker dropped it) is
sent again by the conductor's periodic check. A request still on its way
is not built twice: the first conductor to take the build drives it.
"""),
    cfg.IntOpt('heal_interval', default=60, min=0, help="""
Seconds between the conductor's checks of placement against the servers:
allocations held by deleted servers, or by servers in ERROR that have no
host, are removed (logged); allocations of consumers that are neither a
server nor a migration are logged, and left for ``nova-lite-manage
placement audit --heal``.

Possible values:

* 0 disables the check.
"""),
    cfg.IntOpt('max_build_attempts', default=3, min=1,
               help="""
Hosts tried for one boot: the first choice plus alternates returned by the
scheduler, used when a compute's claim or spawn fails.
"""),
]


def register_opts(conf):
    conf.register_group(conductor_group)
    conf.register_opts(opts, group=conductor_group)


def list_opts():
    return [(conductor_group, opts)]
