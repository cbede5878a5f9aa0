# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""``[pci] alias`` and what a flavor's ``pci_passthrough:alias`` asks of
them.

An alias names a kind of device (vendor, product, type) and the placement
class and traits its devices have; a flavor asks for ``NAME:COUNT``
pairs. A definition that does not read is Nova's PciInvalidAlias, a
flavor naming an alias no line defines Nova's PciRequestAliasNotDefined
(both a 400 where a request meets them).
"""
import dataclasses
import functools
import re

from oslo_serialization import jsonutils

from nova_lite import exception
from nova_lite.objects import fields
from nova_lite.resources.pci import names

EXTRA_SPEC = 'pci_passthrough:alias'
NUMA_POLICIES = ('legacy', 'preferred', 'required', 'socket')
_KEYS = {'name', 'vendor_id', 'product_id', 'device_type', 'numa_policy',
         'resource_class', 'traits'}
_ASK = re.compile(r'^\s*([^:,]+?)\s*:\s*([0-9]+)\s*$')


@dataclasses.dataclass(frozen=True)
class Alias:
    name: str
    vendor_id: str = None
    product_id: str = None
    device_type: str = None
    resource_class: str = None
    traits: tuple = ()

    def matches(self, device):
        """Whether a host's device (PciDevice) is of this kind."""
        return ((self.vendor_id is None or
                 int(self.vendor_id, 16) == int(device.vendor_id, 16)) and
                (self.product_id is None or
                 int(self.product_id, 16) == int(device.product_id, 16)) and
                (self.device_type is None or
                 self.device_type == device.dev_type) and
                self.resource_class == device.resource_class)

    def describe(self):
        ids = '%s:%s' % (self.vendor_id or '*', self.product_id or '*')
        return '%s (%s, %s)' % (self.name, ids, self.resource_class)


@dataclasses.dataclass(frozen=True)
class Ask:
    """COUNT devices of an alias, as a flavor asks."""
    alias: Alias
    count: int


def aliases_of(conf):
    """{name: Alias} of ``[pci] alias``, or PciInvalidAlias (read once
    per set of lines: the scheduler asks at every host of every
    request)."""
    return dict(_aliases(tuple(conf.pci.alias)))


@functools.lru_cache(maxsize=8)
def _aliases(lines):
    found = {}
    for line in lines:
        for entry in _entries(line):
            alias = _alias(entry)
            if alias.name in found:
                raise exception.PciInvalidAlias(
                    reason="alias '%s' is defined twice" % alias.name)
            found[alias.name] = alias
    return tuple(found.items())


def _entries(line):
    try:
        value = jsonutils.loads(line)
    except ValueError as e:
        raise exception.PciInvalidAlias(reason='%s is not JSON (%s)'
                                        % (line, e))
    entries = value if isinstance(value, list) else [value]
    if not entries or not all(isinstance(e, dict) for e in entries):
        raise exception.PciInvalidAlias(
            reason='%s is not a JSON object or a list of them' % line)
    return entries


def _alias(entry):
    unknown = sorted(set(entry) - _KEYS)
    if unknown:
        raise exception.PciInvalidAlias(reason="unknown key '%s' in %s" % (
            unknown[0], jsonutils.dumps(entry, sort_keys=True)))
    name = str(entry.get('name') or '').strip()
    if not name or ':' in name or ',' in name:
        raise exception.PciInvalidAlias(
            reason="an alias needs a name without ':' or ',': %s"
            % jsonutils.dumps(entry, sort_keys=True))
    vendor, product = (_hex(entry, name, key)
                       for key in ('vendor_id', 'product_id'))
    return Alias(name=name, vendor_id=vendor, product_id=product,
                 device_type=_device_type(entry, name),
                 resource_class=_resource_class(entry, name, vendor,
                                                product),
                 traits=tuple(names.traits(entry.get('traits'))))


def _hex(entry, name, key):
    value = entry.get(key)
    if value is None:
        return None
    value = str(value).strip()
    if not names.HEX_ID.match(value):
        raise exception.PciInvalidAlias(
            reason="alias '%s': %s '%s' is not hexadecimal (at most 4 "
                   "digits)" % (name, key, value))
    return value.lower()


def _device_type(entry, name):
    device_type = entry.get('device_type')
    if device_type is not None and device_type not in \
            fields.PciDeviceType.ALL:
        raise exception.PciInvalidAlias(
            reason="alias '%s': device_type '%s' is none of %s" % (
                name, device_type, ', '.join(fields.PciDeviceType.ALL)))
    policy = entry.get('numa_policy')
    if policy is not None and policy not in NUMA_POLICIES:
        raise exception.PciInvalidAlias(
            reason="alias '%s': numa_policy '%s' is none of %s" % (
                name, policy, ', '.join(NUMA_POLICIES)))
    return device_type


def _resource_class(entry, name, vendor, product):
    if entry.get('resource_class'):
        return names.resource_class(str(entry['resource_class']))
    if vendor is None or product is None:
        raise exception.PciInvalidAlias(
            reason="alias '%s' needs a resource_class, or a vendor_id and "
                   "a product_id, to be found in placement" % name)
    return names.default_resource_class(vendor, product)


def asks_devices(extra_specs):
    """Whether the extra specs ask for any device (whatever the aliases
    are: a compute gives what its allocation names)."""
    text = (extra_specs or {}).get(EXTRA_SPEC)
    return any(match and int(match.group(2)) > 0 for match in
               (_ASK.match(part) for part in str(text or '').split(',')))


def asks_of(extra_specs, aliases):
    """[Ask] a flavor's extra specs make of ``aliases`` ({name: Alias});
    PciRequestAliasNotDefined for a name none defines."""
    text = (extra_specs or {}).get(EXTRA_SPEC)
    if text is None:
        return []
    found = []
    for part in str(text).split(','):
        match = _ASK.match(part)
        if match is None:
            raise exception.PciInvalidAlias(
                reason="'%s' in %s is not NAME:COUNT" % (part.strip(),
                                                         EXTRA_SPEC))
        name, count = match.group(1), int(match.group(2))
        if name not in aliases:
            raise exception.PciRequestAliasNotDefined(alias=name)
        if count:
            found.append(Ask(aliases[name], count))
    return found
