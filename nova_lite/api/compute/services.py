"""Services: every nova_lite daemon, enabled or not, up or down.

Admins disable a compute service (the scheduler then skips its host and
says so) and enable it again with PUT /os-services/disable,
/os-services/disable-log-reason and /os-services/enable, as in the 2.1 API.
"""
from nova_lite.api.schemas import responses
from nova_lite.api.schemas import services as schema
from nova_lite.api import validation
from nova_lite import conf as nl_conf
from nova_lite import exception
from nova_lite.objects import service as service_obj


def _time(value):
    return value.strftime('%Y-%m-%dT%H:%M:%S.%f') if value else None


def _view(service):
    return {
        'id': service.id, 'binary': service.binary, 'host': service.host,
        'zone': 'nova' if service.binary == service_obj.COMPUTE_BINARY
        else 'internal',
        'status': 'disabled' if service.disabled else 'enabled',
        'state': 'up' if service.is_up(nl_conf.CONF.service_down_time)
        else 'down',
        'updated_at': _time(service.last_seen_up or service.updated_at),
        'disabled_reason': service.disabled_reason,
    }


@validation.responds(200, responses.service_list)
def index(req):
    services = service_obj.ServiceList.get_all(
        req.context, binary=req.GET.get('binary') or None)
    host = req.GET.get('host')
    return 200, {'services': [_view(s) for s in services
                              if not host or s.host == host]}


def _set_status(req, disabled, reason=None):
    body = req.body_json()
    try:
        service = service_obj.Service.get_by_host_and_binary(
            req.context, body['host'], body['binary'])
    except exception.ServiceNotFound:
        raise exception.NotFound(message='Service %s on host %s not found.'
                                 % (body['binary'], body['host']))
    service.disabled = disabled
    service.disabled_reason = reason
    service.save()
    answer = {'host': service.host, 'binary': service.binary,
              'status': 'disabled' if disabled else 'enabled'}
    if reason:
        answer['disabled_reason'] = reason
    return 200, {'service': answer}


@validation.responds(200, responses.service_status)
@validation.schema(schema.enable)
def enable(req):
    return _set_status(req, False)


@validation.responds(200, responses.service_status)
@validation.schema(schema.enable)
def disable(req):
    return _set_status(req, True)


@validation.responds(200, responses.service_status)
@validation.schema(schema.disable_log_reason)
def disable_log_reason(req):
    return _set_status(req, True, req.body_json()['disabled_reason'])
