# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Servers' vNICs: fixed addresses and MACs, each held by one server.

An address is unique per network and a MAC unique everywhere (the table's
constraints), so two allocations racing for the same address cannot both
commit: the loser's transaction fails with DBDuplicateEntry and its caller
tries again (objects.instance). Allocations run in the transaction of the
compute's claim (instances.update), which holds the instance's row
locked, so an allocation and the server's delete (which removes its vNICs
in its own transaction) never interleave.
"""
import ipaddress
import uuid as uuidlib

import sqlalchemy as sa

from nova_lite.db import engine
from nova_lite.db import models
from nova_lite import exception

_VIF = models.VirtualInterface
_PLUG_FIELDS = ('physical_network', 'device', 'inbound_rate',
                'outbound_rate', 'queues')


def _rows_of(session, uuids):
    return list(session.scalars(
        sa.select(_VIF).where(_VIF.instance_uuid.in_(list(uuids)))
        .order_by(_VIF.instance_uuid, _VIF.vnic_index)))


@engine.reader
def get_for_many(context, uuids):
    """{uuid: [row by vNIC index]} for every uuid given (empty lists too)."""
    found = {uuid: [] for uuid in uuids}
    if uuids:
        for row in _rows_of(context.session, uuids):
            found[row.instance_uuid].append(row)
    return found


def allocate_in(session, instance_uuid, wanted, pools):
    """Make the instance's vNICs exactly ``wanted`` (dicts by vNIC index:
    network, mac, and the plug fields), in the caller's transaction, which
    holds the instance's row locked; a vNIC that stays on its network
    keeps its address and MAC, the others get the lowest free address of
    their network's pool (``pools``: {network: [first, last, gateway]}).
    NetworkExhausted if one has none left; the rows after, by index."""
    rows = {r.vnic_index: r for r in _rows_of(session, [instance_uuid])}
    kept = []
    for index, want in enumerate(wanted):
        row = rows.pop(index, None)
        if row is not None and row.network == want['network']:
            for name in _PLUG_FIELDS:
                setattr(row, name, want[name])
            kept.append(row)
            continue
        if row is not None:
            session.delete(row)
            session.flush()
        kept.append(_add(session, instance_uuid, index, want,
                         pools[want['network']]))
    for row in rows.values():
        session.delete(row)
    session.flush()
    return kept


def _add(session, instance_uuid, index, want, pool):
    address = _lowest_free(session, want['network'], pool)
    row = _VIF(uuid=str(uuidlib.uuid4()), instance_uuid=instance_uuid,
               vnic_index=index, network=want['network'], address=address,
               mac=want['mac'], **{name: want[name] for name in _PLUG_FIELDS})
    session.add(row)
    session.flush()  # a duplicate address or MAC fails here
    return row


def _lowest_free(session, network, pool):
    first, last, gateway = (ipaddress.ip_address(a) for a in pool)
    used = set(session.scalars(sa.select(_VIF.address)
                               .where(_VIF.network == network)))
    used.add(str(gateway))
    address = first
    while address <= last:
        if str(address) not in used:
            return str(address)
        address += 1
    raise exception.NetworkExhausted(network=network)


@engine.writer
def free(context, instance_uuid):
    """Give the instance's addresses and MACs back; how many it held."""
    return context.session.execute(sa.delete(_VIF).where(
        _VIF.instance_uuid == instance_uuid)).rowcount


def delete_in(session, instance_uuid):
    """free(), inside the caller's transaction (an instance's delete)."""
    session.execute(sa.delete(_VIF).where(
        _VIF.instance_uuid == instance_uuid))


@engine.writer
def record_ports(context, instance_uuid, ports):
    """Make the instance's vNICs exactly ``ports`` (dicts by vNIC index:
    the network service's ports, their addresses its own), in one
    transaction holding the instance's row; InstanceNotFound if it is
    gone (the caller then frees the ports)."""
    session = context.session
    session.execute(
        sa.select(models.Instance.id)
        .where(models.Instance.uuid == instance_uuid,
               models.Instance.deleted == 0).with_for_update()
    ).one_or_none() or _gone(instance_uuid)
    delete_in(session, instance_uuid)
    session.flush()
    for index, port in enumerate(ports):
        session.add(_VIF(instance_uuid=instance_uuid, vnic_index=index,
                         **port))
    session.flush()


@engine.writer
def record_left_ports(context, instance_uuid, ports):
    """Record ``ports`` (as record_ports takes them) as a deleted
    server's: the ports its delete could not free, held by no server
    until the audit frees them."""
    session = context.session
    delete_in(session, instance_uuid)
    session.flush()
    for index, port in enumerate(ports):
        session.add(_VIF(instance_uuid=instance_uuid, vnic_index=index,
                         **port))


def _gone(instance_uuid):
    raise exception.InstanceNotFound(instance_id=instance_uuid)


@engine.reader
def held_by_no_server(context):
    """Rows whose server is deleted, or in ERROR on no host (its build
    failed and it holds no claim): addresses nothing uses."""
    inst = models.Instance
    query = (sa.select(_VIF).outerjoin(inst, inst.uuid == _VIF.instance_uuid)
             .where(sa.or_(inst.id.is_(None), inst.deleted != 0,
                           sa.and_(inst.vm_state == 'error',
                                   inst.host.is_(None))))
             .order_by(_VIF.network, _VIF.address))
    return list(context.session.scalars(query))


@engine.writer
def delete_rows(context, ids):
    """Remove the rows of ``ids`` (found by held_by_no_server) that
    still hold nothing a server uses."""
    if not ids:
        return 0
    stale = {row.id for row in held_by_no_server(context)}
    doomed = [i for i in ids if i in stale]
    if not doomed:
        return 0
    return context.session.execute(
        sa.delete(_VIF).where(_VIF.id.in_(doomed))).rowcount
