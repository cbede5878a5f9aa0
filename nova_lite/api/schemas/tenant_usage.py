"""Query schemas of os-simple-tenant-usage: 2.40 adds paging, 2.75
refuses parameters it does not know."""
from nova_lite.api.schemas import parameter_types as types

_strings = {'type': 'array', 'items': {'type': 'string'}}
_PAGING = {'limit': {'type': 'array',
                     'items': types.non_negative_integer()},
           'marker': _strings}


def _query(names, paging=False, strict=False):
    properties = {name: _strings for name in names}
    if paging:
        properties.update(_PAGING)
    return {'type': 'object', 'properties': properties,
            'additionalProperties': not strict}


index_query = _query(['start', 'end', 'detailed'])
index_query_v240 = _query(['start', 'end', 'detailed'], paging=True)
index_query_v275 = _query(['start', 'end', 'detailed'], True, True)
show_query = _query(['start', 'end'])
show_query_v240 = _query(['start', 'end'], paging=True)
show_query_v275 = _query(['start', 'end'], True, True)
