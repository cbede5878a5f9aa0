# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Compute nodes: what each hypervisor host has and uses."""
import sqlalchemy as sa

from nova_lite.db import engine
from nova_lite.db import models
from nova_lite import exception


@engine.writer
def create(context, values):
    node = models.ComputeNode(**values)
    context.session.add(node)
    context.session.flush()
    return node


@engine.reader
def get_all(context):
    return list(context.session.scalars(
        sa.select(models.ComputeNode).order_by(models.ComputeNode.host)))


@engine.reader
def stamps(context, uuids=None):
    """[(uuid, updated_at)] of the nodes (all of them, by host; or those
    of ``uuids``): which changed, without loading them."""
    node = models.ComputeNode
    query = sa.select(node.uuid, node.updated_at)
    if uuids is None:
        query = query.order_by(node.host)
    else:
        query = query.where(node.uuid.in_(list(uuids)))
    return [tuple(row) for row in context.session.execute(query)]


@engine.reader
def get_by_uuids(context, uuids):
    return list(context.session.scalars(
        sa.select(models.ComputeNode)
        .where(models.ComputeNode.uuid.in_(list(uuids)))))


@engine.reader
def get_by_id(context, node_id):
    node = context.session.get(models.ComputeNode, node_id)
    if node is None:
        raise exception.ComputeHostNotFound(host=node_id)
    return node


@engine.reader
def get_by_uuid(context, uuid):
    node = context.session.scalars(
        sa.select(models.ComputeNode)
        .where(models.ComputeNode.uuid == uuid)).first()
    if node is None:
        raise exception.ComputeHostNotFound(host=uuid)
    return node


@engine.reader
def get_by_host_and_nodename(context, host, nodename):
    node = context.session.scalars(
        sa.select(models.ComputeNode)
        .where(models.ComputeNode.host == host,
               models.ComputeNode.hypervisor_hostname == nodename)).first()
    if node is None:
        raise exception.ComputeHostNotFound(host=host)
    return node


@engine.writer
def update(context, node_id, values):
    return update_in(context.session, node_id, values)


def update_in(session, node_id, values):
    """The node's ``values`` written in the caller's transaction."""
    node = session.get(models.ComputeNode, node_id)
    if node is None:
        raise exception.ComputeHostNotFound(host=node_id)
    for key, value in values.items():
        setattr(node, key, value)
    session.flush()
    return node
