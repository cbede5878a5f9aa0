# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Flavors: /flavors, /flavors/detail, /flavors/{flavor_id}."""
from oslo_utils import strutils
from oslo_utils import uuidutils

from nova_lite.api.compute import flavor_filters
from nova_lite.api.compute import links
from nova_lite.api.compute import pagination
from nova_lite.api import microversion
from nova_lite.api import policy
from nova_lite.api.schemas import flavors as schema
from nova_lite.api.schemas import responses
from nova_lite.api import validation
from nova_lite import exception
from nova_lite.notifications import events
from nova_lite.objects import flavor as flavor_obj

SORT_KEYS = {'flavorid', 'name', 'memory_mb', 'vcpus', 'root_gb',
             'ephemeral_gb', 'swap', 'rxtx_factor', 'is_public', 'disabled',
             'created_at', 'updated_at'}


EXTRA_SPECS_INDEX = 'os_compute_api:os-flavor-extra-specs:index'
# From 2.102 flavors neither take nor show rxtx_factor.
RXTX_GONE = '2.102'


def _brief(req, flavor):
    body = {'id': flavor.flavorid, 'name': flavor.name,
            'links': links.links(req, 'flavors', flavor.flavorid)}
    if req.api_version.matches('2.55'):
        body['description'] = flavor.description
    return body


def _swap(req, flavor):
    """0 MB of swap reads '' before 2.75 and 0 from then on."""
    if req.api_version.matches('2.75'):
        return flavor.swap or 0
    return flavor.swap or ''


def _detail(req, flavor):
    body = _brief(req, flavor)
    body.update({
        'ram': flavor.memory_mb, 'vcpus': flavor.vcpus,
        'disk': flavor.root_gb,
        'OS-FLV-EXT-DATA:ephemeral': flavor.ephemeral_gb,
        'swap': _swap(req, flavor),
        'OS-FLV-DISABLED:disabled': flavor.disabled,
        'os-flavor-access:is_public': flavor.is_public,
    })
    if not req.api_version.matches(RXTX_GONE):
        body['rxtx_factor'] = flavor.rxtx_factor
    if _shows_extra_specs(req):
        body['extra_specs'] = dict(flavor.extra_specs)
    return body


def _shows_extra_specs(req):
    """From 2.61, for those who may read extra specs; asked once a
    request, however many flavors it shows."""
    if 'nova_lite.shows_extra_specs' not in req.environ:
        req.environ['nova_lite.shows_extra_specs'] = (
            req.api_version.matches('2.61') and
            policy.check(req.context, EXTRA_SPECS_INDEX))
    return req.environ['nova_lite.shows_extra_specs']


def get_visible(context, flavor_id):
    """The flavor, unless it is private and not shared with the caller."""
    flavor = flavor_obj.Flavor.get_by_flavor_id(context, flavor_id)
    if not flavor.visible_to(context):
        raise exception.FlavorNotFound(flavor_id=flavor_id)
    return flavor


def _list(req, view):
    limit, marker = pagination.page(req)
    keys, dirs = pagination.sorting(req, SORT_KEYS, 'flavorid', 'asc')
    flavors = flavor_obj.FlavorList.get_all(
        req.context, flavor_filters.from_request(req), limit=limit,
        marker=marker, sort_keys=keys, sort_dirs=dirs)
    return 200, pagination.body(req, 'flavors',
                                [view(req, f) for f in flavors], limit)


@validation.responds(200, responses.flavor_list)
def index(req):
    return _list(req, _brief)


@validation.responds(200, responses.flavor_detail_list, '2.1', '2.101')
@validation.responds(200, responses.flavor_detail_list_2_102, RXTX_GONE)
def detail(req):
    return _list(req, _detail)


@validation.query_schema(schema.show_query_2_102, RXTX_GONE)
@validation.responds(200, responses.flavor_one, '2.1', '2.101')
@validation.responds(200, responses.flavor_one_2_102, RXTX_GONE)
def show(req, flavor_id):
    return 200, {'flavor': _detail(req, get_visible(req.context,
                                                    flavor_id))}


@validation.schema(schema.create, '2.1', '2.54')
@validation.schema(schema.create_2_55, '2.55', '2.101')
@validation.schema(schema.create_2_102, RXTX_GONE)
@validation.responds(200, responses.flavor_one, '2.1', '2.101')
@validation.responds(200, responses.flavor_one_2_102, RXTX_GONE)
def create(req):
    body = req.body_json()['flavor']
    flavorid = body.get('id')
    flavor = flavor_obj.Flavor(
        req.context, name=body['name'].strip(),
        flavorid=str(flavorid) if flavorid is not None
        else uuidutils.generate_uuid(),
        memory_mb=int(body['ram']), vcpus=int(body['vcpus']),
        root_gb=int(body['disk']),
        ephemeral_gb=int(body.get('OS-FLV-EXT-DATA:ephemeral', 0)),
        swap=int(body.get('swap', 0)),
        rxtx_factor=float(body.get('rxtx_factor', 1.0)),
        is_public=strutils.bool_from_string(
            body.get('os-flavor-access:is_public', True), strict=True),
        disabled=False, description=body.get('description'),
        extra_specs={})
    req.compute_api.create_flavor(req.context, flavor)
    events.flavor(req.conf, req.context, flavor, 'create',
                  None if flavor.is_public else [])
    return 200, {'flavor': _detail(req, flavor)}


@microversion.since('2.55')
@validation.schema(schema.update)
@validation.responds(200, responses.flavor_one, '2.55', '2.101')
@validation.responds(200, responses.flavor_one_2_102, RXTX_GONE)
def update(req, flavor_id):
    """Only the description of a flavor changes once it exists."""
    flavor = flavor_obj.Flavor.get_by_flavor_id(req.context, flavor_id)
    flavor.description = req.body_json()['flavor']['description']
    flavor.save()
    events.flavor(req.conf, req.context, flavor, 'update')
    return 200, {'flavor': _detail(req, flavor)}


@validation.responds(202, None)
def delete(req, flavor_id):
    flavor = flavor_obj.Flavor.get_by_flavor_id(req.context, flavor_id)
    req.compute_api.delete_flavor(req.context, flavor)
    events.flavor(req.conf, req.context, flavor, 'delete')
    return 202, None
