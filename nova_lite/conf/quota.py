from oslo_config import cfg

quota_group = cfg.OptGroup('quota', title='Limits on what a user or '
                                           'project may hold')

opts = [
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
