"""The admin views resource plugins add (ours, not OpenStack's).

A plugin with a ``server_view_schema`` gets ``GET /servers/{server_id}/NAME``
(the server's record), one with a ``host_view_schema`` gets
``GET /os-hypervisors/{hypervisor_id}/NAME`` (the host's use); each answers
``{NAME: view}`` under its own rule, admin only by default. The routes
and rules are made from the plugins, so a plugin brings its views without
a line of the API changing.
"""
from nova_lite.api.compute import hypervisors
from nova_lite.api.compute import servers
from nova_lite.api.policies import base
from nova_lite.api.schemas import responses
from nova_lite.api import validation

SERVER_PATH = '/servers/{server_id}/%s'
HOST_PATH = '/os-hypervisors/{hypervisor_id}/%s'


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


def routes(plugins):
    """Route table entries of the plugins' views."""
    found = []
    for plugin in plugins:
        if plugin.server_view_schema is not None:
            found.append(('GET', SERVER_PATH % plugin.name,
                          _server_view(plugin),
                          base.PREFIX + 'servers:%s' % plugin.name))
        if plugin.host_view_schema is not None:
            found.append(('GET', HOST_PATH % plugin.name,
                          _host_view(plugin),
                          base.PREFIX + 'os-hypervisors:%s' % plugin.name))
    return found


def rules(plugin_classes):
    """Policy defaults of the plugins' views: admins only."""
    found = []
    for plugin in plugin_classes:
        if plugin.server_view_schema is not None:
            found.append(base.rule(
                'servers:%s' % plugin.name, base.ADMIN, 'GET',
                SERVER_PATH % plugin.name,
                plugin.server_view_description or
                'Show what resource plugin %s keeps of a server.' %
                plugin.name))
        if plugin.host_view_schema is not None:
            found.append(base.rule(
                'os-hypervisors:%s' % plugin.name, base.ADMIN, 'GET',
                HOST_PATH % plugin.name,
                plugin.host_view_description or
                "Show a hypervisor's use of resource plugin %s." %
                plugin.name))
    return found
