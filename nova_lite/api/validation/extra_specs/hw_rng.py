"""``hw_rng:``: the guest's random number generator device."""
from nova_lite.extra_specs import Validator

VALIDATORS = [
    Validator('hw_rng:allowed', 'Whether images may ask for an RNG device.',
              {'type': bool}),
    Validator('hw_rng:rate_bytes', 'Bytes the guest may read per period.',
              {'type': int, 'min': 0}),
    Validator('hw_rng:rate_period', 'Length of that period, in ms.',
              {'type': int, 'min': 0}),
]


def register():
    return VALIDATORS
