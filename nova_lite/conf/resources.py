# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""``[resources]``: which custom resource plugins run."""
from oslo_config import cfg

group = cfg.OptGroup('resources', title='Custom resource plugins')

opts = [
    cfg.ListOpt('enabled', help="""
Custom resource plugins, by entry point name (group
``nova_lite.resources``) or as ``package.module:Class``; unset, every
plugin installed in that group.

Every service reads it: the scheduler asks for the plugins' request groups,
the compute reports and claims their resources. Set it alike everywhere.

Possible values:

* Unset: every installed plugin.
* A list, empty for none.
"""),
]


def register_opts(conf):
    conf.register_group(group)
    conf.register_opts(opts, group=group)


def list_opts():
    return [(group, opts)]
