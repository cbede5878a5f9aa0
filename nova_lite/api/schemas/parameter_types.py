# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Schema pieces shared by the compute API's request schemas."""

MAX_INT = 2147483647
# Decimal strings from 1 to 2147483647, no leading zero. A string cannot
# carry minimum/maximum in JSON schema, so its range is in the pattern.
POSITIVE_DIGITS = ('[1-9][0-9]{0,8}|1[0-9]{9}|20[0-9]{8}|21[0-3][0-9]{7}|'
                   '214[0-6][0-9]{6}|2147[0-3][0-9]{5}|21474[0-7][0-9]{4}|'
                   '214748[0-2][0-9]{3}|2147483[0-5][0-9]{2}|'
                   '21474836[0-3][0-9]|214748364[0-7]')


def non_negative_integer(minimum=0):
    """An integer, or its decimal string (Nova accepts both), in range."""
    digits = POSITIVE_DIGITS if minimum >= 1 else '0|' + POSITIVE_DIGITS
    return {'type': ['integer', 'string'], 'pattern': '^(%s)$' % digits,
            'minimum': minimum, 'maximum': MAX_INT}


name = {
    'type': 'string', 'minLength': 1, 'maxLength': 255,
    'pattern': r'^(?! )[^\x00-\x1f]*(?<! )$',
}

# An integer id is stored as its digits; like every integer in a body
# (api/json_body.py) it must fit in 64 bits, which the document says.
flavor_id = {
    'type': ['string', 'integer', 'null'], 'minLength': 1, 'maxLength': 255,
    'pattern': r'^(?! )[a-zA-Z0-9. _-]+(?<! )$',
    'minimum': -2 ** 63, 'maximum': 2 ** 63 - 1,
}

boolean = {
    'type': ['boolean', 'string'],
    'enum': [True, 'True', 'TRUE', 'true', '1', 'ON', 'On', 'on', 'YES',
             'Yes', 'yes', False, 'False', 'FALSE', 'false', '0', 'OFF',
             'Off', 'off', 'NO', 'No', 'no'],
}

extra_spec_key = {
    'type': 'string', 'pattern': r'^[a-zA-Z0-9-_:. ]{1,255}$',
}

extra_spec_value = {
    'type': ['string', 'number'], 'maxLength': 255,
}

MAX_SERVERS_PER_REQUEST = 100
server_count = {
    'type': ['integer', 'string'], 'pattern': '^([1-9][0-9]?|100)$',
    'minimum': 1, 'maximum': MAX_SERVERS_PER_REQUEST,
}

# A server's metadata: keys of 1-255 safe characters, string values.
metadata = {
    'type': 'object',
    'patternProperties': {
        '^[a-zA-Z0-9-_:. ]{1,255}$': {'type': 'string', 'maxLength': 255},
    },
    'additionalProperties': False,
}
