# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Entry point for oslo-config-generator (namespace ``nova_lite.conf``)."""
import collections


def list_opts():
    """Every group's options, those of the installed resource plugins
    (registered only by the services that load them) included."""
    from nova_lite import conf
    from nova_lite import resources
    grouped = collections.OrderedDict()
    sources = [module.list_opts for module in conf.MODULES] + [
        plugin.list_opts for plugin in resources.installed()]
    for list_group_opts in sources:
        for group, opts in list_group_opts():
            grouped.setdefault(group, []).extend(opts)
    return list(grouped.items())
