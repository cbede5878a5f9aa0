# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""``[pci] device_spec``: which of the host's PCI devices guests may have.

Each line is a JSON object, or a list of them, in Nova's terms; a bad
line stops the compute with ConfigInvalid naming it. A key Nova uses for
SR-IOV network ports (``devname``, ``physical_network``, ``trusted``,
``remote_managed``) is refused, as is any key nova_lite does not know:
nova_lite gives whole devices to flavors, and a misspelt key would
otherwise match every device.
"""
import dataclasses
import functools
import re

from oslo_serialization import jsonutils

from nova_lite import exception
from nova_lite.resources.pci import names

_KEYS = {'vendor_id', 'product_id', 'address', 'resource_class', 'traits'}
_PORT_KEYS = {'devname', 'physical_network', 'trusted', 'remote_managed'}
# The largest value of each part of an address (Nova's limits).
_MAXIMA = {'domain': 0xFFFF, 'bus': 0xFF, 'slot': 0x1F, 'function': 0x7}
_ANY = '*'


@dataclasses.dataclass(frozen=True)
class DeviceSpec:
    vendor_id: str
    product_id: str
    address: object  # an _AddressGlob or _AddressRegex
    resource_class: str = None
    traits: tuple = ()

    def matches(self, device):
        """Whether the device ({'address', 'vendor_id', 'product_id'...},
        as the driver reports it) is one of this spec's."""
        return (_id_matches(self.vendor_id, device['vendor_id']) and
                _id_matches(self.product_id, device['product_id']) and
                self.address.matches(address_parts(device['address'])))

    def resource_class_of(self, device):
        return self.resource_class or names.default_resource_class(
            device['vendor_id'], device['product_id'])


def address_parts(address):
    """{'domain', 'bus', 'slot', 'function'} of ``0000:81:00.0``, in
    lower case."""
    domain, bus, slot_function = address.lower().split(':')
    slot, function = slot_function.split('.')
    return {'domain': domain, 'bus': bus, 'slot': slot,
            'function': function}


def _id_matches(wanted, actual):
    return wanted == _ANY or int(wanted, 16) == int(actual, 16)


@dataclasses.dataclass(frozen=True)
class _AddressGlob:
    """Each part a hexadecimal value, or ``*``."""
    parts: tuple  # ((name, int or None), ...)

    def matches(self, actual):
        return all(value is None or int(actual[name], 16) == value
                   for name, value in self.parts)


@dataclasses.dataclass(frozen=True)
class _AddressRegex:
    """Each part matched whole by a regular expression."""
    parts: tuple  # ((name, compiled), ...)

    def matches(self, actual):
        return all(regex.fullmatch(actual[name]) for name, regex in
                   self.parts)


def specs_of(conf):
    """[DeviceSpec] of ``[pci] device_spec``, or ConfigInvalid (read once
    per set of lines)."""
    return list(_specs(tuple(conf.pci.device_spec)))


@functools.lru_cache(maxsize=8)
def _specs(lines):
    specs = []
    for line in lines:
        specs.extend(_spec(line, entry) for entry in _entries(line))
    return tuple(specs)


def _entries(line):
    try:
        value = jsonutils.loads(line)
    except ValueError as e:
        raise _invalid(line, 'not JSON (%s)' % e)
    entries = value if isinstance(value, list) else [value]
    if not entries or not all(isinstance(e, dict) for e in entries):
        raise _invalid(line, 'expected a JSON object or a list of them')
    return entries


def _spec(line, entry):
    for key in sorted(entry):
        if key in _PORT_KEYS:
            raise _invalid(line, "'%s' is for SR-IOV network ports, which "
                           "nova_lite does not give" % key)
        if key not in _KEYS:
            raise _invalid(line, "unknown key '%s' (known: %s)"
                           % (key, ', '.join(sorted(_KEYS))))
    rc = entry.get('resource_class')
    return DeviceSpec(
        vendor_id=_device_id(line, entry, 'vendor_id'),
        product_id=_device_id(line, entry, 'product_id'),
        address=_address(line, entry.get('address', _ANY)),
        resource_class=names.resource_class(rc) if rc else None,
        traits=tuple(names.traits(entry.get('traits'))))


def _device_id(line, entry, key):
    value = str(entry.get(key, _ANY)).strip()
    if value != _ANY and not names.HEX_ID.match(value):
        raise _invalid(line, "'%s' must be hexadecimal (at most 4 digits) "
                       "or '*', got '%s'" % (key, value))
    return value.lower()


def _address(line, value):
    if isinstance(value, dict):
        return _address_regex(line, value)
    if not isinstance(value, str):
        raise _invalid(line, "'address' must be a string or an object")
    return _address_glob(line, value.strip())


def _address_glob(line, text):
    """Nova's ``[[[[domain]:]bus]:][slot][.[function]]``."""
    front, _dot, function = text.partition('.')
    fields = front.split(':')
    if len(fields) > 3:
        raise _invalid(line, "address '%s' has more than three colons' "
                       "worth of parts" % text)
    fields = [_ANY] * (3 - len(fields)) + fields
    raw = dict(zip(('domain', 'bus', 'slot'), fields), function=function)
    parts = []
    for name in ('domain', 'bus', 'slot', 'function'):
        value = raw[name].strip() or _ANY
        parts.append((name, None if value == _ANY else
                      _address_value(line, name, value)))
    return _AddressGlob(tuple(parts))


def _address_value(line, name, value):
    try:
        number = int(value, 16)
    except ValueError:
        number = -1
    if not 0 <= number <= _MAXIMA[name]:
        raise _invalid(line, "address %s '%s' is not hexadecimal up to "
                       "%x" % (name, value, _MAXIMA[name]))
    return number


def _address_regex(line, value):
    unknown = sorted(set(value) - set(_MAXIMA))
    if unknown:
        raise _invalid(line, "unknown address key '%s'" % unknown[0])
    parts = []
    for name in ('domain', 'bus', 'slot', 'function'):
        try:
            parts.append((name, re.compile(str(value.get(name, '.*')))))
        except re.error as e:
            raise _invalid(line, "address %s is not a regular expression "
                           "(%s)" % (name, e))
    return _AddressRegex(tuple(parts))


def _invalid(line, reason):
    return exception.ConfigInvalid(
        reason='[pci] device_spec = %s: %s' % (line, reason))
