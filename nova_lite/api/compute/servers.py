# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Servers: /servers, /servers/detail, /servers/{server_id}."""
import re

from oslo_utils import strutils

from nova_lite.api.compute import boot_source
from nova_lite.api.compute import create_options
from nova_lite.api.compute import flavors
from nova_lite.api.compute import pagination
from nova_lite.api.compute import server_filters
from nova_lite.api.compute import server_view
from nova_lite.api import policy
from nova_lite.api.schemas import responses
from nova_lite.api.schemas import servers as schema
from nova_lite.api import validation
from nova_lite.compute import flavor_image
from nova_lite.compute import image_properties
from nova_lite import exception
from nova_lite import network
from nova_lite.objects import base as objects_base
from nova_lite.objects import compute_node as compute_node_obj
from nova_lite.objects import image as image_obj
from nova_lite.objects import instance as instance_obj
from nova_lite.objects import request_spec as request_spec_obj

REQUESTED_DESTINATION = 'compute:servers:create:requested_destination'
FORCED_HOST = 'os_compute_api:servers:create:forced_host'


def get(req, server_id, expected_attrs=(), read_deleted=False):
    """The server, if the caller's project owns it (or the caller is admin).

    Another project's server is not found, so its existence is not leaked.
    """
    instance = instance_obj.Instance.get_by_uuid(
        req.context, server_id, expected_attrs=list(expected_attrs),
        read_deleted=read_deleted)
    if (not req.context.is_admin and
            instance.project_id != req.context.project_id):
        raise exception.InstanceNotFound(instance_id=server_id)
    return instance


def check_not_locked(req, instance):
    """A locked server refuses changes from anyone but an admin (409)."""
    if instance.locked and not req.context.is_admin:
        raise exception.InstanceIsLocked(instance_uuid=instance.uuid)


def get_unlocked(req, server_id, expected_attrs=()):
    """The server (``get``), for a change: 409 if it is locked and the
    caller is not an admin."""
    instance = get(req, server_id, expected_attrs)
    check_not_locked(req, instance)
    return instance


def _list(req, view, expected_attrs):
    limit, marker = pagination.page(req)
    keys, dirs = pagination.sorting(
        req, server_filters.sort_keys_allowed(view.extended), 'created_at',
        'desc')
    instances = instance_obj.InstanceList.get_by_filters(
        req.context, server_filters.from_request(req),
        expected_attrs=list(expected_attrs), limit=limit, marker=marker,
        sort_keys=keys, sort_dirs=dirs)
    return instances, limit


def _page(req, servers, limit):
    return 200, pagination.body(req, 'servers', servers, limit)


@validation.responds(200, responses.server_list)
def index(req):
    view = server_view.ServerView(req)
    instances, limit = _list(req, view, [])
    return _page(req, [view.brief(i) for i in instances], limit)


@validation.responds(200, responses.server_detail_list, '2.1', '2.46')
@validation.responds(200, responses.server_detail_list_2_47, '2.47')
def detail(req):
    view = server_view.ServerView(req)
    instances, limit = _list(req, view, view.expected_attrs())
    view.prefetch(instances)
    return _page(req, [view.detail(i) for i in instances], limit)


@validation.responds(200, responses.server_one, '2.1', '2.46')
@validation.responds(200, responses.server_one_2_47, '2.47')
def show(req, server_id):
    view = server_view.ServerView(req)
    instance = get(req, server_id, view.expected_attrs())
    return 200, {'server': view.show(instance)}


def flavor_of_ref(context, flavor_ref, not_found=None):
    """The flavor a ``flavorRef`` (an id or a link) names, visible to the
    caller; 400 with ``not_found`` (or the create's words) if none."""
    flavorid = str(flavor_ref).rstrip('/').rsplit('/', 1)[-1]
    try:
        return flavors.get_visible(context, flavorid)
    except exception.FlavorNotFound:
        raise exception.Invalid(message=not_found or (
            'Flavor %s could not be found.' % flavor_ref))


def bootable_image(context, image_ref):
    """The active image ``image_ref`` names (an id or a link), which the
    caller may boot; 400 otherwise."""
    return _image(context, {'imageRef': image_ref})


def _image(context, body):
    """The active image to boot from, or None (no image: a test-driver
    host boots without one): ``imageRef``, or the image a block device
    mapping boots from."""
    image_ref = boot_source.image_ref(body)
    if not image_ref:
        if body.get('trusted_image_certificates'):
            raise exception.Invalid(
                message='Image certificate validation is only supported '
                        'when booting from an image.')
        return None
    image_id = str(image_ref).rstrip('/').rsplit('/', 1)[-1]
    try:
        image = image_obj.Image.get_by_id(context, image_id)
    except exception.ImageNotFound:
        image = None
    if image is None or not image.bootable_by(context):
        raise exception.Invalid(message='Image %s could not be found.'
                                        % image_ref)
    if not image.is_active:
        raise exception.ImageNotActive(image_id=image_id)
    return image


def _network_requests(req, body, max_count, flavor):
    """The network backend's reading of the create's ``networks``: the
    network service's ports to make or take (None with the fixed
    networks). One port cannot serve several servers. A flavor that
    gives its servers vNICs of its own takes the place of ``auto``'s
    network, with either backend."""
    asked = body.get('networks')
    if asked in (None, request_spec_obj.AUTO) and \
            req.compute_api.vnics_asked(flavor.extra_specs):
        asked = request_spec_obj.NONE
    groups = [g['name'] for g in body.get('security_groups') or ()
              if g.get('name')]
    requests = req.compute_api.network.resolve(req.context, asked, groups)
    if max_count > 1 and any(r.port_id for r in requests or []):
        raise exception.Invalid(
            message='Unable to launch multiple instances with a single '
                    'configured port ID. Please launch your instance one '
                    'by one with different ports.')
    return requests


def _networks_asked(req, body, flavor):
    """'auto' (also what no ``networks`` means before 2.37) or 'none';
    'none' cannot take away the vNICs the flavor itself gives."""
    if body.get('networks') != request_spec_obj.NONE:
        return request_spec_obj.AUTO
    given = req.compute_api.vnics_asked(flavor.extra_specs)
    if given:
        raise exception.ValidationError(
            detail="Flavor %s gives its servers %d vNIC(s) of its own; "
                   "networks 'none' cannot be honoured with it." % (
                       flavor.flavorid, len(given)))
    return request_spec_obj.NONE


def _requested_destination(req, body):
    """{'host', 'node'} an admin asked to boot on (2.74's ``host`` and
    ``hypervisor_hostname``, or a zone's ``nova:host:node``), or None."""
    host, node = body.get('host'), body.get('hypervisor_hostname')
    rule = REQUESTED_DESTINATION
    if not (host or node):
        _, host, node = create_options.zone_of(req, body)
        rule = FORCED_HOST
    if not (host or node):
        return None
    policy.enforce(req.context, rule)
    nodes = [n for n in compute_node_obj.ComputeNodeList.get_all(req.context)
             if (not host or n.host == host) and
             (not node or n.hypervisor_hostname == node)]
    if not nodes:
        raise exception.Invalid(
            message='Compute host %s could not be found.' % (host or node)
            if not (host and node) else
            'Compute host %s with hypervisor %s could not be found.'
            % (host, node))
    return {'host': nodes[0].host, 'node': nodes[0].hypervisor_hostname}


def _create_schemas(func):
    for low, high in reversed(schema.CREATE_RANGES):
        func = validation.schema(schema.create_at(low), low, high)(func)
    return func


def _named_by(req, request_body, image):
    """(flavor, networks, destination, options, hints, group) of what the
    create request names, checked."""
    body = request_body['server']
    flavor = flavor_of_ref(req.context, body['flavorRef'])
    flavor_image.check_fits(flavor, image)
    req.compute_api.check_flavor(flavor)
    networks = _networks_asked(req, body, flavor)
    destination = _requested_destination(req, body)
    options = create_options.fields_of(req, body)
    if image is not None:
        options['image_properties'] = image_properties.recorded(image,
                                                                flavor)
    hints = create_options.hints_of(request_body)
    return (flavor, networks, destination, options, hints,
            create_options.group_of(req, hints))


@_create_schemas
@validation.responds(202, responses.server_created)
def create(req):
    request_body = req.body_json()
    body = request_body['server']
    low, high = _count(body)
    _check_one_hostname(body, high)
    image = _image(req.context, body)
    # What the request names (flavor, key pair, zone, group, the limits
    # its options are held to), read in one transaction.
    flavor, networks, destination, options, hints, group = \
        objects_base.read_together(req.context, lambda: _named_by(
            req, request_body, image))
    network_requests = _network_requests(req, body, high, flavor)
    reservation_id = instance_obj.new_reservation_id()
    guard = req.compute_api.quota_guard(req.context)
    names = _names(body['name'], req.compute_api.servers_allowed(
        req.context, guard, flavor, low, high))
    instances = req.compute_api.create_servers(
        req.context, flavor, names, _hostnames(body, names), guard,
        description=body.get('description'), tags=body.get('tags', []),
        reservation_id=reservation_id, requested_destination=destination,
        image_ref=image and image.id, options=options, hints=hints,
        networks=networks, network_requests=network_requests, group=group)
    if strutils.bool_from_string(body.get('return_reservation_id', False)):
        return 202, {'reservation_id': reservation_id}
    return 202, {'server': _created(req, body, instances[0], options)}


def _created(req, body, instance, options):
    """Nova's answer to a create: no name (clients that check it against
    Nova's schema refuse one), the admin password if the API gives it."""
    server = server_view.brief(req, instance)
    del server['name']
    server.update({
        'OS-DCF:diskConfig': 'AUTO' if options['auto_disk_config']
        else 'MANUAL',
        # The groups asked for, as Nova answers a create.
        'security_groups': body.get('security_groups', [
            {'name': network.DEFAULT_SECURITY_GROUP}])})
    password = create_options.admin_password(req, body)
    if password is not None:
        server['adminPass'] = password
    return server


def _count(body):
    """(min_count, max_count): as many servers as the quotas allow up to
    max_count are booted, and no fewer than min_count. They are built all
    or none: if one finds no host, all end in ERROR."""
    low = int(body.get('min_count', 1))
    high = int(body.get('max_count', low))
    if low > high:
        raise exception.ValidationError(
            detail='min_count (%d) must be <= max_count (%d)' % (low, high))
    return low, high


def _names(name, count):
    if count == 1:
        return [name]
    return ['%s-%d' % (name, i) for i in range(1, count + 1)]


def _check_one_hostname(body, max_count):
    """A hostname asked for (2.90) names one server only."""
    if 'hostname' in body and max_count > 1:
        raise exception.Invalid(
            message='Unable to specify a hostname when creating multiple '
                    'instances.')


def _hostnames(body, names):
    """The guests' hostnames: the one asked for, or each derived from its
    server's name."""
    if 'hostname' in body:
        return [body['hostname']]
    return [_hostname(n) for n in names]


def _hostname(display_name):
    """The guest hostname Nova derives from a display name (RFC 952)."""
    hostname = re.sub(r'[^\w.-]+', '-', display_name.lower())
    hostname = re.sub(r'[_.]', '-', hostname).strip('-')[:63]
    return hostname.rstrip('-') or 'server'


def _update_schemas(func):
    for low, high in reversed(schema.UPDATE_RANGES):
        func = validation.schema(schema.update_at(low), low, high)(func)
    return func


@_update_schemas
@validation.responds(200, responses.server_one, '2.1', '2.46')
@validation.responds(200, responses.server_one_2_47, '2.47')
def update(req, server_id):
    view = server_view.ServerView(req)
    instance = get(req, server_id, view.expected_attrs())
    body = req.body_json()['server']
    changes = create_options.updated_fields_of(body)
    for field, value in changes.items():
        setattr(instance, field, value)
    if 'pinned_availability_zone' in body:
        req.compute_api.pin_zone(req.context, instance,
                                 body['pinned_availability_zone'])
    instance.save()
    return 200, {'server': view.changed(instance)}


@validation.responds(204, None)
def delete(req, server_id):
    instance = get_unlocked(req, server_id)
    req.compute_api.delete(req.context, instance)
    return 204, None
