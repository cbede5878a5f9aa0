# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Which NIC serves which vNIC: the compute's claim test and its answer.

A vNIC can go to a NIC on its physical network that serves its type and
has room left in both directions. When placement has already allocated
capacity on the host's NICs, the vNICs on each NIC must add up to exactly
what was allocated there, so that the assignment and placement's account
never disagree. At most eight vNICs and a few NICs: a plain backtracking
search finds an assignment whenever one exists.

Where a network service holds the NICs' bandwidth in placement (its
providers, per physical network), the rates are its to count: the
assignment then weighs only what VietStack alone holds, ``units``
('size',).
"""
from nova_lite import exception
from nova_lite.objects import vietstack as vietstack_obj
from nova_lite.resources.vietstack import placement as vs_placement

ALL_UNITS = ('rate', 'size')


def _keys(units):
    """[(direction, unit)] of ``units``."""
    return [(d, u) for d in vietstack_obj.DIRECTIONS for u in units]


_UNITS = _keys(ALL_UNITS)


def count_usage(nics, requests):
    """Set each NIC's ``*_used`` and ``vnics`` from claimed requests."""
    by_name = {nic.name: nic for nic in nics}
    for nic in nics:
        for direction, unit in _UNITS:
            setattr(nic, '%s_%s_used' % (direction, unit), 0)
        nic.vnics = 0
    for request in requests:
        for vnic in request.vnics:
            nic = by_name.get(vnic.nic)
            if nic is None:
                continue  # a NIC no longer declared: nothing to count on
            for (direction, unit), amount in vnic.amounts().items():
                field = '%s_%s_used' % (direction, unit)
                setattr(nic, field, getattr(nic, field) + amount)
            nic.vnics += 1
    return nics


def assign(nics, request, allocated=None, units=ALL_UNITS):
    """Give each vNIC of ``request`` a NIC (sets ``vnic.nic``), or raise
    ComputeResourcesUnavailable saying which vNIC fits nowhere.

    ``allocated``: {NIC name: {class: amount}} placement holds for the
    instance on this host's NICs, or None when placement does not say.
    """
    choice = _choose(nics, request, allocated, _keys(units))
    if choice is None:
        raise exception.ComputeResourcesUnavailable(
            reason=why(nics, request, allocated, units))
    for vnic, name in zip(request.vnics, choice):
        vnic.assign(name)
    return request


def fits(nics, request, units=ALL_UNITS):
    """Whether the vNICs fit the NICs' free capacity together."""
    return _choose(nics, request, None, _keys(units)) is not None


def _choose(nics, request, allocated, keys):
    """[NIC name per vNIC], or None."""
    free = {nic.name: {k: nic.free(*k) for k in keys} for nic in nics}
    left = {name: dict(classes) for name, classes in
            (allocated or {}).items()}
    return _search(nics, request.vnics, 0, free,
                   left if allocated is not None else None, keys)


def _search(nics, vnics, index, free, left, keys):
    if index == len(vnics):
        done = left is None or not any(
            v for classes in left.values() for v in classes.values())
        return [] if done else None
    vnic = vnics[index]
    amounts = {k: v for k, v in vnic.amounts().items() if k in keys}
    for nic in nics:
        if not _fits(nic, vnic, amounts, free, left):
            continue
        _take(nic.name, amounts, free, left, -1)
        rest = _search(nics, vnics, index + 1, free, left, keys)
        _take(nic.name, amounts, free, left, +1)
        if rest is not None:
            return [nic.name] + rest
    return None


def _fits(nic, vnic, amounts, free, left):
    if not nic.serves(vnic):
        return False
    if any(free[nic.name][k] < amount for k, amount in amounts.items()):
        return False
    if left is None or not any(amounts.values()):
        return True
    held = left.get(nic.name, {})
    return all(held.get(vs_placement.resource_class(*k), 0) >= amount
               for k, amount in amounts.items())


def _take(name, amounts, free, left, sign):
    for key in amounts:
        free[name][key] += sign * amounts[key]
        if left is not None and amounts[key]:
            rc = vs_placement.resource_class(*key)
            left.setdefault(name, {})[rc] = (
                left.get(name, {}).get(rc, 0) + sign * amounts[key])


def describe(vnic, index):
    """'vNIC 0 (physnet2, normal: outbound rate 9000000 kbit/s)'."""
    asked = ', '.join('%s %s %d%s' % (d, u, amount,
                                      ' kbit/s' if u == 'rate' else '')
                      for (d, u), amount in vnic.amounts().items()
                      if amount)
    return 'vNIC %d (%s, %s%s)' % (
        index, vnic.physical_network or 'any physical network', vnic.type,
        ': ' + asked if asked else '')


def why(nics, request, allocated=None, units=ALL_UNITS):
    """Why the request does not fit, naming VietStack and the vNIC."""
    for index, vnic in enumerate(request.vnics):
        serving = [n for n in nics if n.serves(vnic)]
        if not serving:
            return ('VietStack: %s: no NIC of this host serves %s vNICs '
                    'on %s' % (describe(vnic, index), vnic.type,
                               vnic.physical_network or 'any network'))
        amounts = vnic.amounts()
        if not any(all(n.free(*k) >= amounts[k] for k in _keys(units))
                   for n in serving):
            return 'VietStack: %s: no NIC has room left (%s)' % (
                describe(vnic, index), '; '.join(
                    _free_text(n, units) for n in serving))
    if allocated is not None:
        return ('VietStack: the vNICs cannot be spread over the NICs as '
                'placement allocated them (%s)' % allocated)
    return 'VietStack: the vNICs do not fit the NICs together'


def _free_text(nic, units):
    """'eth0: 900 kbit/s out, 1000 in free': its rates, or its sizes
    where the rates are not VietStack's to count."""
    units = ('rate',) if 'rate' in units else units
    return '; '.join('%s: %d%s out, %d in free' % (
        nic.name, nic.free('outbound', unit),
        ' kbit/s' if unit == 'rate' else ' slots',
        nic.free('inbound', unit)) for unit in units)
