# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""``[networks]`` lines as services read them: defaults, and every way a
line can be wrong, named in the error that stops the service."""
from oslo_config import cfg
import pytest

from nova_lite.conf import networks as networks_conf
from nova_lite import exception
from nova_lite.network import fixed_networks


def _networks(*lines, default=None):
    conf = cfg.ConfigOpts()
    conf.register_opts(networks_conf.opts, group='networks')
    conf([], default_config_files=[])
    if lines:
        conf.set_override('network', list(lines), group='networks')
    if default:
        conf.set_override('default_network', default, group='networks')
    return fixed_networks.networks_of(conf)


def test_the_defaults_declare_one_network_per_simulated_physnet():
    networks = _networks()
    assert [(n.name, n.physical_network, str(n.cidr))
            for n in networks.networks] == [
        ('private', 'physnet1', '10.0.0.0/24'),
        ('backend', 'physnet2', '10.0.1.0/24')]
    private = networks.default
    assert private.name == 'private'
    assert private.pool() == ['10.0.0.1', '10.0.0.254', '10.0.0.1']
    assert networks.on_physical_network('physnet2').name == 'backend'
    assert networks.on_physical_network('physnet9') is None


def test_gateway_range_and_default_as_given():
    networks = _networks(
        'name=a, physical_network=p1, cidr=192.168.5.0/27, '
        'gateway=192.168.5.30, allocation_range=192.168.5.2-192.168.5.10',
        'name=b, physical_network=p2, cidr=fd00::/64',
        default='b')
    assert networks.by_name('a').pool() == [
        '192.168.5.2', '192.168.5.10', '192.168.5.30']
    assert networks.default.name == 'b'
    assert networks.by_name('b').version == 6
    assert networks.by_name('b').pool()[2] == 'fd00::1'
    assert networks.by_name('a').id == _networks(
        'name=a, physical_network=x, cidr=10.9.0.0/16').by_name('a').id


@pytest.mark.parametrize('lines, words', [
    (['name=a, physical_network=p, cidr=10.0.0.0/24, colour=red'],
     "unknown key 'colour'"),
    (['name=a, physical_network=p, cidr'], "expected key=value, got 'cidr'"),
    (['name=a, cidr=10.0.0.0/24'], "'physical_network' is required"),
    (['name=a, physical_network=p, cidr=10.0.0.1/24'],
     "'cidr': 10.0.0.1/24 has host bits set"),
    (['name=a, physical_network=p, cidr=10.0.0.0/31'],
     'has no room for a gateway and a server'),
    (['name=a, physical_network=p, cidr=10.0.0.0/24, gateway=10.0.1.1'],
     "'gateway': 10.0.1.1 is not in 10.0.0.0/24"),
    (['name=a, physical_network=p, cidr=10.0.0.0/24, '
      'allocation_range=10.0.0.9'], "expected first-last, got '10.0.0.9'"),
    (['name=a, physical_network=p, cidr=10.0.0.0/24, '
      'allocation_range=10.0.0.9-10.0.0.2'], '10.0.0.9 comes after 10.0.0.2'),
    (['name=a, physical_network=p, cidr=10.0.0.0/24, '
      'allocation_range=10.0.0.0-10.0.0.9'], 'goes beyond the host addresses'),
    (['name=a, physical_network=p, cidr=10.0.0.0/24',
      'name=b, physical_network=q, cidr=10.0.0.128/25'],
     '[networks] network = name=b, physical_network=q, '
     'cidr=10.0.0.128/25: 10.0.0.128/25 overlaps network a (10.0.0.0/24)'),
    (['name=a, physical_network=p, cidr=10.0.0.0/24',
      'name=b, physical_network=p, cidr=10.0.1.0/24'],
     'network a is on physical network p too'),
    (['name=a, physical_network=p, cidr=10.0.0.0/24',
      'name=a, physical_network=q, cidr=10.0.1.0/24'],
     'network a declared twice'),
])
def test_a_bad_line_is_named_with_what_is_wrong(lines, words):
    with pytest.raises(exception.ConfigInvalid) as caught:
        _networks(*lines)
    assert '[networks] network = ' in str(caught.value)
    assert words in str(caught.value)


def test_a_default_that_names_no_network():
    with pytest.raises(exception.ConfigInvalid) as caught:
        _networks(default='nowhere')
    assert str(caught.value) == (
        'Invalid configuration: [networks] default_network = nowhere: no '
        'network of that name is declared (declared: private, backend)')
