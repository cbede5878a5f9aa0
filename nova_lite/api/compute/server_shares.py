# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""A server's shares (/servers/{server_id}/shares, 2.97): shared file
systems of the shared-file-system service mounted into a stopped guest.

This deployment has no such service: a server has no share, one share is
not found, and attaching one (to a stopped server, as anywhere) is
refused naming the missing service (400), changing nothing.
"""
from nova_lite.api.compute import servers
from nova_lite.api import microversion
from nova_lite.api.schemas import responses
from nova_lite.api.schemas import server_shares as schema
from nova_lite.api import validation
from nova_lite.compute import api as compute_api
from nova_lite import exception
from nova_lite.objects import fields

SINCE = '2.97'


@microversion.since(SINCE)
@validation.responds(200, responses.server_shares)
def index(req, server_id):
    servers.get(req, server_id)
    return 200, {'shares': []}


@microversion.since(SINCE)
@validation.schema(schema.attach)
@validation.responds(201, responses.server_share)
def attach(req, server_id):
    instance = servers.get_unlocked(req, server_id)
    compute_api.check_state(instance, 'attach share',
                            [fields.VMState.STOPPED])
    raise exception.ServiceNotDeployed(
        what='Attaching share %s' % req.body_json()['share']['share_id'],
        service='shared-file-system')


def _not_attached(req, server_id, share_id):
    servers.get(req, server_id)
    raise exception.NotFound(
        message='Share %s is not attached to server %s.' % (share_id,
                                                            server_id))


@microversion.since(SINCE)
@validation.responds(200, responses.server_share)
def show(req, server_id, share_id):
    _not_attached(req, server_id, share_id)


@microversion.since(SINCE)
@validation.responds(200, None)
def detach(req, server_id, share_id):
    _not_attached(req, server_id, share_id)
