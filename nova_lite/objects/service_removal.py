# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""A service removed with what hangs off it, all at once or not at all.

A compute's service goes with its compute nodes, the evacuations of its
servers that still held allocations on it, and its nodes' placement
providers, in one transaction: a provider that still holds allocations
refuses the whole removal (409, naming the provider), so nothing is left
half-removed (a service gone and its provider orphaned).
"""
from nova_lite import exception
from nova_lite.objects import base
from nova_lite.objects import compute_node as compute_node_obj
from nova_lite.objects import migration as migration_obj
from nova_lite.objects import placement as placement_obj
from nova_lite.objects import service as service_obj


def remove(context, service):
    with base.one_write(context):
        nodes = _nodes_of(context, service)
        service.destroy()
        if nodes:
            for migration in migration_obj.evacuations_from(context,
                                                            service.host):
                migration_obj.complete_evacuation(context, migration)
        for node in nodes:
            _remove_provider(context, service, node)


def _nodes_of(context, service):
    if service.binary != service_obj.COMPUTE_BINARY:
        return []
    return [node for node in compute_node_obj.ComputeNodeList.get_all(
        context) if node.host == service.host]


def _remove_provider(context, service, node):
    try:
        placement_obj.Placement.delete_provider(context, node.uuid)
    except exception.ResourceProviderInUse:
        raise exception.Conflict(message=(
            'Unable to delete compute service %s: the resource provider %s '
            'of its node %s still holds allocations. Migrate or delete '
            'what uses them, or run nova-lite-manage placement audit.'
            % (service.uuid, node.uuid, node.hypervisor_hostname)))
