"""Entry point for oslo-config-generator (namespace ``nova_lite.conf``)."""
import collections


def list_opts():
    from nova_lite import conf
    grouped = collections.OrderedDict()
    for module in conf.MODULES:
        for group, opts in module.list_opts():
            grouped.setdefault(group, []).extend(opts)
    return list(grouped.items())
