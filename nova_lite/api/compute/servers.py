"""Servers: /servers, /servers/detail, /servers/{server_id}."""
from nova_lite.api.compute import flavors
from nova_lite.api.compute import pagination
from nova_lite.api.compute import server_filters
from nova_lite.api.compute import server_view
from nova_lite.api.schemas import servers as schema
from nova_lite.api.schemas import responses
from nova_lite.api import validation
from nova_lite import exception
from nova_lite.objects import instance as instance_obj

def _get(req, server_id, expected_attrs=()):
    instance = instance_obj.Instance.get_by_uuid(
        req.context, server_id, expected_attrs=list(expected_attrs))
    if (not req.context.is_admin and
            instance.project_id != req.context.project_id):
        raise exception.InstanceNotFound(instance_id=server_id)
    return instance


def _list(req, extended, expected_attrs=()):
    limit, marker = pagination.page(req)
    keys, dirs = pagination.sorting(
        req, server_filters.sort_keys_allowed(extended), 'created_at',
        'desc')
    return instance_obj.InstanceList.get_by_filters(
        req.context, server_filters.from_request(req, extended),
        expected_attrs=list(expected_attrs), limit=limit, marker=marker,
        sort_keys=keys, sort_dirs=dirs), limit


def _page(req, servers, limit):
    return 200, pagination.body(req, 'servers', servers, limit)


@validation.responds(200, responses.server_list)
def index(req):
    extended = server_view.shows_extended(req)
    instances, limit = _list(req, extended)
    return _page(req, [server_view.brief(req, i) for i in instances], limit)


@validation.responds(200, responses.server_detail_list)
def detail(req):
    extended = server_view.shows_extended(req)
    instances, limit = _list(req, extended, ['flavor', 'fault'])
    return _page(req, [server_view.detail(req, i, extended)
                       for i in instances], limit)


@validation.responds(200, responses.server_one)
def show(req, server_id):
    instance = _get(req, server_id, ['flavor', 'fault'])
    return 200, {'server': server_view.detail(
        req, instance, server_view.shows_extended(req))}


def _flavor(context, flavor_ref):
    flavorid = str(flavor_ref).rstrip('/').rsplit('/', 1)[-1]
    try:
        return flavors.get_visible(context, flavorid)
    except exception.FlavorNotFound:
        raise exception.Invalid(message='Flavor %s could not be found.'
                                % flavor_ref)


@validation.schema(schema.create)
@validation.responds(202, responses.server_created)
def create(req):
    body = req.body_json()['server']
    if body.get('imageRef'):
        raise exception.Invalid(
            message='Image %s could not be found: this deployment has no '
                    'image service yet; boot with no imageRef.'
                    % body['imageRef'])
    flavor = _flavor(req.context, body['flavorRef'])
    count = _count(body)
    instances = [req.compute_api.create(req.context, flavor, name)
                 for name in _names(body['name'], count)]
    server = server_view.brief(req, instances[0])
    server.update({'OS-DCF:diskConfig': 'MANUAL',
                   'security_groups': [{'name': 'default'}]})
    return 202, {'server': server}


def _count(body):
    """How many servers to boot: max_count, which min_count may not pass.

    Each is scheduled on its own; min_count is not held as a guarantee
    that at least that many find a host.
    """
    low = int(body.get('min_count', 1))
    high = int(body.get('max_count', low))
    if low > high:
        raise exception.ValidationError(
            detail='min_count (%d) must be <= max_count (%d)' % (low, high))
    return high


def _names(name, count):
    if count == 1:
        return [name]
    return ['%s-%d' % (name, i) for i in range(1, count + 1)]


@validation.responds(204, None)
def delete(req, server_id):
    req.compute_api.delete(req.context, _get(req, server_id))
    return 204, None
