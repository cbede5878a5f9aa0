# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""``[quota]``: the default limits counted at each create, as Nova's
``[quota]`` group names them.
"""
from oslo_config import cfg

quota_group = cfg.OptGroup('quota', title='Limits on what a user or '
                           'project may hold')

opts = [
    cfg.IntOpt('instances', default=10, min=-1, help="""
Servers one project may hold (all not deleted, whatever their state).
An admin sets a project's or a user's own limit through os-quota-sets;
the ``default`` quota class (os-quota-class-sets) overrides this value.
-1: no limit.
"""),
    cfg.IntOpt('cores', default=20, min=-1, help="""
vCPUs one project's servers may hold together. -1: no limit.
"""),
    cfg.IntOpt('ram', default=50 * 1024, min=-1, help="""
Megabytes of RAM one project's servers may hold together. -1: no limit.
"""),
    cfg.IntOpt('server_groups', default=10, min=-1, help="""
Server groups one project may hold. -1: no limit.
"""),
    cfg.IntOpt('server_group_members', default=10, min=-1, help="""
Servers one server group may hold. -1: no limit.
"""),
    cfg.IntOpt('metadata_items', default=128, min=-1, help="""
Most metadata items (keys) one server may hold; a create or metadata
change beyond it is refused (403). -1: no limit.
"""),
    cfg.IntOpt('injected_files', default=5, min=-1, help="""
Most personality files one create or rebuild may inject (to 2.56).
-1: no limit.
"""),
    cfg.IntOpt('injected_file_content_bytes', default=10240, min=-1,
               help="""
Largest content, in bytes, of one personality file. -1: no limit.
"""),
    cfg.IntOpt('injected_file_path_length', default=255, min=-1, help="""
Longest path of one personality file. -1: no limit.
"""),
    cfg.IntOpt('key_pairs', default=100, min=-1, help="""
Most key pairs one user may hold; another is refused (403). -1: no limit.
"""),
]


def register_opts(conf):
    conf.register_group(quota_group)
    conf.register_opts(opts, group=quota_group)


def list_opts():
    return [(quota_group, opts)]
