"""Schema pieces shared by the compute API's request schemas."""

# Nova accepts integers and strings of digits for flavor sizes.
def non_negative_integer(minimum=0):
    return {'type': ['integer', 'string'], 'pattern': '^[0-9]+$',
            'minimum': minimum, 'maximum': 2147483647}


name = {
    'type': 'string', 'minLength': 1, 'maxLength': 255,
    'pattern': r'^(?! )[^\x00-\x1f]*(?<! )$',
}

flavor_id = {
    'type': ['string', 'integer', 'null'], 'minLength': 1, 'maxLength': 255,
    'pattern': r'^(?! )[a-zA-Z0-9. _-]+(?<! )$',
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
