# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The admin views resource plugins add (ours, not OpenStack's): their
paths and policy rules.

A plugin with a ``server_view_schema`` gets ``GET /servers/{server_id}/NAME``
(the server's record), one with a ``host_view_schema`` gets
``GET /os-hypervisors/{hypervisor_id}/NAME`` (the host's use); each answers
``{NAME: view}`` under its own rule, admin only by default. The routes
and rules are made from the plugins, so a plugin brings its views without
a line of the API changing. The handlers are ``api.compute.resource_views``';
the rules are here, so the policy defaults need no handler to be listed.
"""
import typing

from nova_lite.api.policies import base

SERVER_PATH = '/servers/{server_id}/%s'
HOST_PATH = '/os-hypervisors/{hypervisor_id}/%s'


class Kind(typing.NamedTuple):
    """A kind of view: the plugin attributes that declare it, its path and
    rule, and the rule's default description."""
    schema: str
    description: str
    path: str
    rule: str
    default_description: str


SERVER = Kind('server_view_schema', 'server_view_description', SERVER_PATH,
              'servers:%s', 'Show what resource plugin %s keeps of a server.')
HOST = Kind('host_view_schema', 'host_view_description', HOST_PATH,
            'os-hypervisors:%s',
            "Show a hypervisor's use of resource plugin %s.")


def declared(plugins):
    """(kind, plugin) of every view the plugins declare."""
    return [(kind, plugin) for plugin in plugins for kind in (SERVER, HOST)
            if getattr(plugin, kind.schema) is not None]


def rule_name(kind, plugin):
    return base.PREFIX + kind.rule % plugin.name


def rules(plugin_classes):
    """Policy defaults of the plugins' views: admins only."""
    return [base.rule(kind.rule % plugin.name, base.ADMIN, 'GET',
                      kind.path % plugin.name,
                      getattr(plugin, kind.description) or
                      kind.default_description % plugin.name)
            for kind, plugin in declared(plugin_classes)]
