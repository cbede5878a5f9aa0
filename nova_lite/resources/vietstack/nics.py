# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The host's NICs, read from ``[vietstack] nic`` lines.

A bad line stops the compute agent with ConfigInvalid naming the line and
what is wrong with it, before the host reports anything.
"""
from nova_lite import exception
from nova_lite.objects import vietstack as vietstack_obj
from nova_lite.text import key_value_lines

VNIC_TYPES = ('normal', 'direct', 'macvtap', 'direct-physical',
              'virtio-forwarder')
_AMOUNTS = ('outbound_rate', 'inbound_rate', 'outbound_size',
            'inbound_size', 'reserved_rate', 'reserved_size')
_KEYS = {'name', 'physical_network', 'vnic_types', 'rate', 'size',
         'host'} | set(_AMOUNTS)


def nics_of(conf, host):
    """The host's NICs as VietStackPerNic objects (nothing used yet), or
    ConfigInvalid naming the line and what is wrong with it."""
    nics = []
    for line in conf.vietstack.nic:
        values = key_value_lines.pairs(line, _KEYS, _invalid)
        if values.get('host', host) != host:
            continue
        nic = vietstack_obj.VietStackPerNic(**_nic(line, values))
        nic.obj_set_defaults()
        nics.append(nic)
    names = [n.name for n in nics]
    duplicates = sorted({n for n in names if names.count(n) > 1})
    if duplicates:
        raise _invalid(', '.join(duplicates), 'NIC declared twice')
    return nics


def _nic(line, values):
    key_value_lines.required(line, values, ('name', 'physical_network'),
                             _invalid)
    types = values.get('vnic_types', 'normal').split('+')
    unknown = [t for t in types if t not in VNIC_TYPES]
    if unknown:
        raise _invalid(line, "unknown vNIC type '%s' (known: %s)"
                       % (unknown[0], ', '.join(VNIC_TYPES)))
    amounts = {}
    for key in _AMOUNTS:
        # ``rate`` and ``size`` stand for both directions, not the reserve.
        direction, unit = key.split('_', 1)
        default = values.get(unit, '0') if direction != 'reserved' else '0'
        amounts[key] = _amount(line, key, values.get(key, default))
    return dict(name=values['name'],
                physical_network=values['physical_network'],
                vnic_types=types, **amounts)


def _amount(line, key, text):
    try:
        value = int(text)
    except ValueError:
        value = -1
    if value < 0:
        raise _invalid(line, "'%s' must be an integer >= 0, got '%s'"
                       % (key, text))
    return value


def _invalid(line, reason):
    return exception.ConfigInvalid(
        reason='[vietstack] nic = %s: %s' % (line, reason))
