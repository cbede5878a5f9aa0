"""Services: every nova_lite daemon, enabled or not, up or down."""
from nova_lite.api.schemas import responses
from nova_lite.api import validation
from nova_lite import conf as nl_conf
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
