# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""A server's metadata: /servers/{server_id}/metadata[/{key}].

Its owner reads it at any time; changes it only while the server is
active, stopped (or paused, suspended) with no task under way, and not
locked (409 otherwise, as Nova answers). A server holds at most
``[quota] metadata_items`` keys (403 beyond).
"""
from nova_lite.api.compute import metadata_items
from nova_lite.api.compute import servers
from nova_lite.api.schemas import responses
from nova_lite.api.schemas import server_metadata as schema
from nova_lite.api import validation
from nova_lite.compute import api as compute_api
from nova_lite import exception
from nova_lite.objects import fields

# The states a server's metadata may change in.
CHANGEABLE = (fields.VMState.ACTIVE, fields.VMState.STOPPED,
              fields.VMState.PAUSED, fields.VMState.SUSPENDED)


def _changeable(req, server_id, action):
    instance = servers.get_unlocked(req, server_id, ['metadata'])
    compute_api.check_state(instance, action, CHANGEABLE, needs_host=False)
    return instance


def _write(req, server_id, changes, replace):
    instance = _changeable(req, server_id, 'update metadata')
    instance.update_metadata(changes, replace=replace,
                             limit=metadata_items.limit(req))
    return instance.metadata


@validation.responds(200, responses.metadata)
def index(req, server_id):
    instance = servers.get(req, server_id, ['metadata'])
    return 200, {'metadata': dict(instance.metadata)}


@validation.schema(schema.metadata_all)
@validation.responds(200, responses.metadata)
def create(req, server_id):
    """Add to the metadata (a key given again takes the new value)."""
    changes = req.body_json()['metadata']
    return 200, {'metadata': _write(req, server_id, changes, False)}


@validation.schema(schema.metadata_all)
@validation.responds(200, responses.metadata)
def update_all(req, server_id):
    """Make the metadata exactly what is given."""
    changes = req.body_json()['metadata']
    return 200, {'metadata': _write(req, server_id, changes, True)}


@validation.responds(200, responses.meta)
def show(req, server_id, key):
    instance = servers.get(req, server_id, ['metadata'])
    return 200, metadata_items.item(instance.metadata, key)


@validation.schema(schema.metadata_one)
@validation.responds(200, responses.meta)
def update(req, server_id, key):
    meta = metadata_items.sent_for(req, key)
    _write(req, server_id, meta, False)
    return 200, {'meta': meta}


@validation.responds(204, None)
def delete(req, server_id, key):
    instance = _changeable(req, server_id, 'delete metadata')
    if key not in instance.metadata:
        raise exception.MetadataItemNotFound()
    instance.delete_metadata_key(key)
    return 204, None
