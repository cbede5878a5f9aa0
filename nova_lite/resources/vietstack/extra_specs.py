# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""``vietstack:``: per-vNIC network capacity, served by host NICs.

``rate`` is in kbit/s; ``size`` counts queue slots of the vNIC on the NIC
that serves it. A key about vNIC ``i`` is only valid for ``i`` below
``vietstack:vnics``, which the flavor-wide check enforces.
"""
import re

from nova_lite.resources.extra_specs import Parameter
from nova_lite.resources.extra_specs import Validator
from nova_lite.resources.vietstack.nics import VNIC_TYPES

MAX_VNICS = 8
_INDEX = Parameter('i', '[0-7]', 'The vNIC index, below vietstack:vnics.')
_DIRECTION = Parameter('direction', 'outbound|inbound',
                       'The direction of the flow.')

VALIDATORS = [
    Validator('vietstack:vnics', 'Number of vNICs of the server.',
              {'type': int, 'min': 1, 'max': MAX_VNICS}),
    Validator('vietstack:vnic{i}:physical_network',
              'Physical network vNIC {i} attaches to (absent: any).',
              {'type': str, 'pattern': r'^[A-Za-z0-9_.-]{1,64}$'},
              parameters=(_INDEX,)),
    Validator('vietstack:vnic{i}:type', 'Kind of vNIC {i} (default '
              'normal).', {'type': str, 'enum': list(VNIC_TYPES)},
              parameters=(_INDEX,)),
    Validator('vietstack:vnic{i}:{direction}:rate',
              'Rate of vNIC {i} in that direction, kbit/s (absent = 0).',
              {'type': int, 'min': 0}, parameters=(_INDEX, _DIRECTION)),
    Validator('vietstack:vnic{i}:{direction}:size',
              'Queue slots of vNIC {i} in that direction (absent = 0).',
              {'type': int, 'min': 0}, parameters=(_INDEX, _DIRECTION)),
]

_VNIC_KEY = re.compile(r'^vietstack:vnic([0-9]+):')


def physical_network_key(index):
    return 'vietstack:vnic%d:physical_network' % index


def check_all(specs):
    """Problems that only the whole set of specs shows, as messages."""
    keys = [k for k in specs if _VNIC_KEY.match(k)]
    if not keys:
        return []
    try:
        count = int(specs.get('vietstack:vnics', 0))
    except ValueError:
        return []  # the key's own validator reports it
    return ["extra spec '%s' is about vNIC %s but vietstack:vnics is %d"
            % (key, _VNIC_KEY.match(key).group(1), count)
            for key in sorted(keys)
            if int(_VNIC_KEY.match(key).group(1)) >= count]


def register():
    return VALIDATORS
