# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The extra spec registry: keys and values checked, the key named."""
import types

import pytest

from nova_lite.api import microversion
from nova_lite.api.validation import extra_specs
from nova_lite.api.validation.extra_specs import docs
from nova_lite import exception
from nova_lite.resources import extra_specs as base


@pytest.fixture
def registry():
    return extra_specs.get_registry()


def _error(registry, specs, resulting=None):
    with pytest.raises(exception.ValidationError) as error:
        registry.validate(specs, resulting)
    assert error.value.code == 400
    return error.value.format_message()


def test_namespaces_come_from_entry_points(registry):
    namespaces = {v.namespace for v in registry.validators}
    assert {'hw', 'hw_rng', 'quota', 'resources{group}', 'trait{group}',
            'vietstack', None} <= namespaces


@pytest.mark.parametrize('specs', [
    {'hw:cpu_policy': 'dedicated', 'hw:cpu_thread_policy': 'isolate'},
    {'hw:mem_page_size': '2MB', 'hw:numa_nodes': '2',
     'hw:numa_cpus.0': '0-3,^2', 'hw:numa_mem.1': '1024'},
    {'hw:watchdog_action': 'reset', 'hw_rng:allowed': 'True',
     'hw_rng:rate_bytes': 2048},
    {'quota:cpu_shares': '512', 'quota:vif_inbound_average': '1000'},
    {'resources:VCPU': '2', 'resources1:CUSTOM_VIETSTACK_RATE': '100',
     'trait1:HW_CPU_X86_AVX2': 'required', 'group_policy': 'isolate'},
    {'vietstack:vnics': '2', 'vietstack:vnic0:physical_network': 'physnet1',
     'vietstack:vnic1:type': 'direct', 'vietstack:vnic1:outbound:rate': '10',
     'vietstack:vnic0:inbound:size': '0'},
    {'acme:anything': 'goes', 'capabilities:cpu_arch': 'x86_64'},
])
def test_valid_specs_pass(registry, specs):
    registry.validate(specs)


@pytest.mark.parametrize('specs, expected', [
    ({'hw:cpu_polcy': 'dedicated'},
     "extra spec 'hw:cpu_polcy' is not a known key of namespace 'hw'"),
    ({'hw:cpu_policy': 'sometimes'},
     "extra spec 'hw:cpu_policy' has invalid value 'sometimes': 'sometimes' "
     "is not one of ['shared', 'dedicated', 'mixed']"),
    ({'hw:numa_nodes': 'two'},
     "extra spec 'hw:numa_nodes' has invalid value 'two'"),
    ({'hw:numa_nodes': '0'}, '0 is less than the minimum of 1'),
    ({'hw_rng:allowed': 'maybe'},
     "extra spec 'hw_rng:allowed' has invalid value 'maybe'"),
    ({'resources2:VCPU': '-1'}, '-1 is less than the minimum of 0'),
    ({'trait:HW_CPU_X86_AVX2': 'preferred'},
     "extra spec 'trait:HW_CPU_X86_AVX2' has invalid value 'preferred'"),
    ({'group_policy': 'loose'}, "extra spec 'group_policy'"),
    ({'vietstack:vnics': '9'}, '9 is greater than the maximum of 8'),
    ({'vietstack:vnics': '0'}, '0 is less than the minimum of 1'),
    ({'vietstack:vnic0:type': 'fast'},
     "extra spec 'vietstack:vnic0:type' has invalid value 'fast'"),
    ({'vietstack:vnic0:sideways:rate': '1'},
     "extra spec 'vietstack:vnic0:sideways:rate' is not a known key"),
    ({'vietstack:vnic0:inbound:rate': '-5'},
     '-5 is less than the minimum of 0'),
])
def test_invalid_specs_name_the_key(registry, specs, expected):
    message = _error(registry, specs)
    assert message.startswith('Validation failed; ')
    assert expected in message


def test_vnic_index_must_be_below_vnics(registry):
    message = _error(registry, {'vietstack:vnic2:type': 'direct'},
                     {'vietstack:vnics': '2', 'vietstack:vnic2:type':
                      'direct'})
    assert message == ("Validation failed; extra spec 'vietstack:vnic2:type' "
                       "is about vNIC 2 but vietstack:vnics is 2.")
    registry.validate({'vietstack:vnic1:type': 'direct'},
                      {'vietstack:vnics': '2',
                       'vietstack:vnic1:type': 'direct'})


def test_a_namespace_from_another_package_plugs_in():
    module = types.SimpleNamespace(register=lambda: [
        base.Validator('acme:speed', 'How fast.',
                       {'type': int, 'min': 1, 'max': 3})])
    registry = extra_specs.Registry([module])
    registry.validate({'acme:speed': '2', 'other:key': 'x'})
    assert 'acme:sped' in _error(registry, {'acme:sped': '2'})
    assert '4 is greater than the maximum of 3' in _error(
        registry, {'acme:speed': '4'})


class _Req:
    def __init__(self, version):
        self.api_version = microversion.APIVersion(version)


def test_validation_applies_from_2_86_only():
    extra_specs.validate_keys_for(_Req('2.85'), {'hw:cpu_polcy': 'x'})
    with pytest.raises(exception.ValidationError):
        extra_specs.validate_keys_for(_Req('2.86'), {'hw:cpu_polcy': 'x'})


def test_documentation_lists_every_key(registry):
    text = docs.render_rst(registry)
    for validator in registry.validators:
        assert '``%s``' % validator.name in text
    assert 'one of: ``shared``, ``dedicated``, ``mixed``' in text
