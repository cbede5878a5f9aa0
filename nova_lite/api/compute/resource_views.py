# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The handlers of the admin views resource plugins add, and their routes
(``api.policies.resource_views`` declares their paths and rules)."""
from nova_lite.api.compute import hypervisors
from nova_lite.api.compute import servers
from nova_lite.api.policies import resource_views as views
from nova_lite.api.schemas import responses
from nova_lite.api import validation


def _server_view(plugin):
    @validation.responds(200, responses.wrap(
        plugin.name, plugin.server_view_schema))
    def show(req, server_id):
        instance = servers.get(req, server_id, plugin.instance_attrs)
        return 200, {plugin.name: plugin.server_view(instance)}
    return show


def _host_view(plugin):
    @validation.responds(200, responses.wrap(
        plugin.name, plugin.host_view_schema))
    def show(req, hypervisor_id):
        node = hypervisors.get(req, hypervisor_id)
        return 200, {plugin.name: plugin.host_view(node)}
    return show


_HANDLERS = {views.SERVER: _server_view, views.HOST: _host_view}


def routes(plugins):
    """Route table entries of the plugins' views."""
    return [('GET', kind.path % plugin.name, _HANDLERS[kind](plugin),
             views.rule_name(kind, plugin))
            for kind, plugin in views.declared(plugins)]
