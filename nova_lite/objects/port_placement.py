# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Ports' resource requests in placement's terms, and back.

A port whose QoS policy guarantees bandwidth has a ``resource_request``:
request groups, each a provider's worth of resources (``NET_BW_EGR_
KILOBIT_PER_SEC`` ...) with the traits it needs (its physical network,
its vNIC type), and ``same_subtree``, the groups that must come from one
subtree. Each group joins the server's placement request under its own
id as suffix, so one claim holds the server's and its ports' resources.
The network service then needs, in the port's binding, which provider
serves each group: ``mapping`` finds them in the server's allocations.
A port of the service's older form (no groups) is one group named after
the port.
"""
from nova_lite import exception
from nova_lite.placement import request as placement_request


def groups_of(port_id, resource_request):
    """([{'id', 'resources', 'required'}], [[group id]] same subtree)."""
    if not resource_request:
        return [], []
    if 'request_groups' not in resource_request:
        return [dict(resource_request, id=port_id)], []
    same = resource_request.get('same_subtree') or []
    return list(resource_request['request_groups']), [same] if len(
        same) > 1 else []


def add_to(request, port_resources):
    """Add the ports' groups ({port id: resource request}) to the typed
    placement ``request``."""
    for port_id, resource_request in sorted(port_resources.items()):
        found, same_subtree = groups_of(port_id, resource_request)
        request.add([placement_request.Group(
            group['id'], dict(group.get('resources') or {}),
            required=[frozenset([t]) for t in group.get('required') or ()])
            for group in found if group.get('resources')])
        request.same_subtree.extend(same_subtree)


def describe(port_resources):
    """'port P: NET_BW_EGR_KILOBIT_PER_SEC:1000 with CUSTOM_PHYSNET_X'."""
    said = []
    for port_id, resource_request in sorted(port_resources.items()):
        for group in groups_of(port_id, resource_request)[0]:
            said.append('port %s: %s%s' % (port_id, ', '.join(
                '%s:%d' % item for item in sorted(
                    (group.get('resources') or {}).items())),
                ' with %s' % ', '.join(group['required'])
                if group.get('required') else ''))
    return '; '.join(said)


def mapping(port_resources, allocations, traits):
    """{group id: provider uuid}: a provider of ``allocations``
    ({provider uuid: resources}, the server's claim) for each group of
    the ports, with the traits it requires (``traits``: {provider uuid:
    names}) and its resources left in what the claim holds there. Two
    ports' groups never take the same share. PortResourcesNotAllocated
    if the claim cannot hold them all (it was made without them)."""
    wanted = [group for port_id, request in sorted(port_resources.items())
              for group in groups_of(port_id, request)[0]
              if group.get('resources')]
    left = {uuid: dict(resources) for uuid, resources in allocations.items()}
    found = _search(wanted, left, traits, {})
    if found is None:
        raise exception.PortResourcesNotAllocated(
            groups=', '.join(group['id'] for group in wanted))
    return found


def _search(groups, left, traits, chosen):
    """A way to give every group a provider, by backtracking: few ports,
    few providers."""
    if len(chosen) == len(groups):
        return dict(chosen)
    group = groups[len(chosen)]
    resources = group['resources']
    for uuid in sorted(left):
        if not set(group.get('required') or ()) <= set(traits.get(uuid, ())):
            continue
        if any(left[uuid].get(rc, 0) < amount
               for rc, amount in resources.items()):
            continue
        _take(left[uuid], resources, -1)
        chosen[group['id']] = uuid
        found = _search(groups, left, traits, chosen)
        del chosen[group['id']]
        _take(left[uuid], resources, +1)
        if found is not None:
            return found
    return None


def _take(held, resources, sign):
    for rc, amount in resources.items():
        held[rc] = held.get(rc, 0) + sign * amount
