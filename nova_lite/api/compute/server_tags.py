# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Server tags (2.26): /servers/{server_id}/tags[/{tag}].

A tag is 1 to 60 characters without ``/`` or ``,``; a server has at most
50. Tags are also shown in the server body and filter server lists.
"""
from nova_lite.api.compute import servers
from nova_lite.api import microversion
from nova_lite.api.schemas import responses
from nova_lite.api.schemas import servers as schema
from nova_lite.api import validation
from nova_lite import exception

_SINCE = '2.26'


def _instance(req, server_id):
    return servers.get(req, server_id, ['tags'])


@microversion.since(_SINCE)
@validation.responds(200, responses.tags)
def index(req, server_id):
    return 200, {'tags': _instance(req, server_id).tags}


@microversion.since(_SINCE)
@validation.schema(schema.tags_update_all)
@validation.responds(200, responses.tags)
def update_all(req, server_id):
    instance = _instance(req, server_id)
    instance.set_tags(req.body_json()['tags'])
    return 200, {'tags': instance.tags}


@microversion.since(_SINCE)
@validation.responds(204, None)
def delete_all(req, server_id):
    _instance(req, server_id).set_tags([])
    return 204, None


@microversion.since(_SINCE)
@validation.responds(204, None)
def show(req, server_id, tag):
    if tag not in _instance(req, server_id).tags:
        raise exception.TagNotFound(resource_id=server_id, tag=tag)
    return 204, None


@microversion.since(_SINCE)
@validation.responds(201, None)
@validation.responds(204, None)
def update(req, server_id, tag):
    """Add one tag: 201 with its Location, or 204 if it was there."""
    validation.validate(schema.one_tag, {'tag': tag})
    instance = _instance(req, server_id)
    if tag in instance.tags:
        return 204, None
    instance.add_tag(tag)
    location = '%s/servers/%s/tags/%s' % (req.application_url, server_id,
                                          tag)
    return 201, None, {'Location': location}


@microversion.since(_SINCE)
@validation.responds(204, None)
def delete(req, server_id, tag):
    _instance(req, server_id).delete_tag(tag)
    return 204, None


update.path_schemas = {'tag': schema.tag}
update.no_body = True
