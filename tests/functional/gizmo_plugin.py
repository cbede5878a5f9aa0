# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""A resource plugin that lives only in the tests: counted gizmos.

A host has ``[gizmo] per_host`` gizmos (numbered from 0); a flavor asks
for ``gizmo:count`` of them; a server's record is the list of numbers it
was given. It exists to show that a new resource needs nothing of the
core: no migration (its records go to instance_extra.resource_records),
no change to the scheduler, the resource tracker or the API, and it gets
the reach VietStack has: a host filter that explains itself, and admin
views of a server's gizmos and of a host's.
"""
import json
import uuid

from oslo_config import cfg

from nova_lite import exception
from nova_lite.placement import request as placement_request
from nova_lite import resources

RESOURCE_CLASS = 'CUSTOM_GIZMO'
_group = cfg.OptGroup('gizmo')
_opts = [cfg.DictOpt('per_host', default={},
                     help='{host: number of gizmos}')]


class GizmoPlugin(resources.ResourcePlugin):

    name = 'gizmo'

    @classmethod
    def register_opts(cls, conf):
        conf.register_group(_group)
        conf.register_opts(_opts, group=_group)

    def _count(self):
        return self.host_count(self.host)

    @staticmethod
    def _asked(flavor):
        return int((flavor.extra_specs or {}).get('gizmo:count', 0))

    def request_groups(self, spec_obj):
        count = self._asked(spec_obj.flavor)
        return ([placement_request.Group('_GIZMO', {RESOURCE_CLASS: count})]
                if count else [])

    def describe(self, spec_obj):
        count = self._asked(spec_obj.flavor)
        return '%d gizmo(s)' % count if count else ''

    def filters(self):
        return [GizmoFilter(self)]

    def host_count(self, host):
        return int(self.conf.gizmo.per_host.get(host, 0))

    server_view_schema = {
        'type': 'object', 'required': ['gizmos'],
        'properties': {'gizmos': {'type': 'array',
                                  'items': {'type': 'integer'}}},
        'additionalProperties': False}
    host_view_schema = {
        'type': 'object', 'required': ['total'],
        'properties': {'total': {'type': 'integer'}},
        'additionalProperties': False}

    def server_view(self, instance):
        record = self.record_of(instance)
        return {'gizmos': json.loads(record) if record else []}

    def host_view(self, node):
        return {'total': self.host_count(node.host)}

    def providers(self, node):
        if not self._count():
            return []
        return [resources.ChildProvider(
            uuid=_child_uuid(node), name=node.hypervisor_hostname + ':gizmos',
            inventory={RESOURCE_CLASS: {'total': self._count(),
                                        'max_unit': self._count()}},
            traits=[])]

    def asks(self, flavor):
        return self._asked(flavor) > 0

    def claim(self, node, instance, flavor, others, allocations):
        taken = {n for record in others for n in json.loads(record)}
        free = [n for n in range(self._count()) if n not in taken]
        wanted = self._asked(flavor)
        if len(free) < wanted:
            raise exception.ComputeResourcesUnavailable(
                reason='gizmo: need %d, %d free' % (wanted, len(free)))
        return json.dumps(free[:wanted])

    def allocations(self, node, record):
        if not record:
            return {}
        return {_child_uuid(node): {RESOURCE_CLASS: len(json.loads(record))}}


def _child_uuid(node):
    return str(uuid.uuid5(uuid.UUID(node.uuid), 'gizmos'))


class GizmoFilter:
    """Hosts with at least as many gizmos as the server asks for (their
    use is placement's to count)."""

    name = 'GizmoFilter'

    def __init__(self, plugin):
        self.plugin = plugin

    def host_passes(self, host_state, spec_obj):
        return self.plugin.host_count(host_state.host) >= \
            GizmoPlugin._asked(spec_obj.flavor)

    def explain(self, spec_obj, rejected):
        return 'need %d gizmo(s), %s' % (
            GizmoPlugin._asked(spec_obj.flavor), ', '.join(
                '%s has %d' % (h.host, self.plugin.host_count(h.host))
                for h in sorted(rejected, key=lambda h: h.host)))
