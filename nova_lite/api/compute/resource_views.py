"""The admin views resource plugins add (ours, not OpenStack's).

A plugin with a ``server_view_schema`` gets ``GET /servers/{server_id}/NAME``
(the server's record), one with a ``host_view_schema`` gets
``GET /os-hypervisors/{hypervisor_id}/NAME`` (the host's use); each answers
``{NAME: view}`` under its own rule, admin only by default. The routes
and rules are made from the plugins, so a plugin brings its views without
a line of the API changing.
"""
import typing

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


class _Kind(typing.NamedTuple):
    """A kind of view: the plugin attributes that declare it, its path and
    rule, the handler made for it and the rule's default description."""
    schema: str
    description: str
    path: str
    rule: str
    handler: typing.Callable
    default_description: str


_KINDS = (
    _Kind('server_view_schema', 'server_view_description', SERVER_PATH,
          'servers:%s', _server_view,
          'Show what resource plugin %s keeps of a server.'),
    _Kind('host_view_schema', 'host_view_description', HOST_PATH,
          'os-hypervisors:%s', _host_view,
          "Show a hypervisor's use of resource plugin %s."),
)


def _declared(plugins):
    """(kind, plugin) of every view the plugins declare."""
    return [(kind, plugin) for plugin in plugins for kind in _KINDS
            if getattr(plugin, kind.schema) is not None]


def routes(plugins):
    """Route table entries of the plugins' views."""
    return [('GET', kind.path % plugin.name, kind.handler(plugin),
             base.PREFIX + kind.rule % plugin.name)
            for kind, plugin in _declared(plugins)]


def rules(plugin_classes):
    """Policy defaults of the plugins' views: admins only."""
    return [base.rule(kind.rule % plugin.name, base.ADMIN, 'GET',
                      kind.path % plugin.name,
                      getattr(plugin, kind.description) or
                      kind.default_description % plugin.name)
            for kind, plugin in _declared(plugin_classes)]
