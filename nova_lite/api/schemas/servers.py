"""Request schemas of the servers API."""
from nova_lite.api.schemas import parameter_types as types

create = {
    'type': 'object',
    'properties': {
        'server': {
            'type': 'object',
            'properties': {
                'name': types.name,
                'flavorRef': {'type': ['string', 'integer'], 'minLength': 1},
                'imageRef': {'type': 'string', 'maxLength': 255},
                'networks': {'type': 'string', 'enum': ['none', 'auto']},
                'min_count': types.server_count,
                'max_count': types.server_count,
            },
            'required': ['name', 'flavorRef'],
            'additionalProperties': False,
        },
    },
    'required': ['server'],
    'additionalProperties': False,
}
