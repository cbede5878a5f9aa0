"""Request schemas of the os-services actions (the 2.1 form)."""

_name = {'type': 'string', 'minLength': 1, 'maxLength': 255}

enable = {
    'type': 'object',
    'properties': {'host': _name, 'binary': _name},
    'required': ['host', 'binary'],
    'additionalProperties': False,
}

disable_log_reason = {
    'type': 'object',
    'properties': {'host': _name, 'binary': _name,
                   'disabled_reason': {'type': 'string', 'minLength': 1,
                                       'maxLength': 255}},
    'required': ['host', 'binary', 'disabled_reason'],
    'additionalProperties': False,
}
