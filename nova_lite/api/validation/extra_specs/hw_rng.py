# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""``hw_rng:``: the guest's random number generator device."""
from nova_lite.resources.extra_specs import Validator

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
