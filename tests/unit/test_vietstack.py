# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""VietStack's pieces on their own: NIC declarations, requests from extra
specs, and which NIC serves which vNIC."""
from oslo_config import cfg
from oslo_utils import uuidutils
import pytest

from nova_lite import exception
from nova_lite.objects import flavor as flavor_obj
from nova_lite.objects import instance as instance_obj
from nova_lite.objects import vietstack as vietstack_obj
from nova_lite.placement import request as placement_request
from nova_lite.resources.vietstack import assignment
from nova_lite.resources.vietstack import conf as config
from nova_lite.resources.vietstack import nics as nic_lines
from nova_lite.resources.vietstack import placement


def _conf(lines):
    # A group of its own: the module's OptGroup object, and so its
    # overrides, would be shared with every other ConfigOpts.
    conf = cfg.ConfigOpts()
    conf.register_opts(config.opts, group='vietstack')
    conf([], default_config_files=[])
    conf.set_override('nic', lines, group='vietstack')
    return conf


def _nics(*lines, host='h1'):
    return nic_lines.nics_of(_conf(list(lines)), host)


def _request(*vnics):
    specs = {'vietstack:vnics': str(len(vnics))}
    for index, vnic in enumerate(vnics):
        for key, value in vnic.items():
            specs['vietstack:vnic%d:%s' % (index, key)] = str(value)
    return vietstack_obj.InstanceVietStackRequest.from_extra_specs(specs)


def test_a_nic_line_reads_with_defaults_and_per_direction_overrides():
    nic, = _nics('name=eth0, physical_network=physnet1, '
                 'vnic_types=normal+direct, rate=1000, size=8, '
                 'inbound_rate=500, reserved_rate=100')
    assert (nic.name, nic.physical_network, nic.vnic_types) == (
        'eth0', 'physnet1', ['normal', 'direct'])
    assert (nic.outbound_rate, nic.inbound_rate, nic.outbound_size,
            nic.inbound_size, nic.reserved_rate, nic.reserved_size) == (
        1000, 500, 8, 8, 100, 0)
    assert nic.capacity('outbound', 'rate') == 900
    assert nic.capacity('inbound', 'rate') == 400


def test_lines_of_another_host_are_not_this_hosts():
    lines = ('host=h1, name=eth0, physical_network=p',
             'host=h2, name=eth0, physical_network=q',
             'name=eth9, physical_network=r')
    assert [(n.name, n.physical_network) for n in _nics(*lines)] == [
        ('eth0', 'p'), ('eth9', 'r')]


@pytest.mark.parametrize('line, named', [
    ('name=eth0', "'physical_network' is required"),
    ('name=eth0, physical_network=p, rate=fast',
     "'outbound_rate' must be an integer >= 0, got 'fast'"),
    ('name=eth0, physical_network=p, inbound_size=-1',
     "'inbound_size' must be an integer >= 0"),
    ('name=eth0, physical_network=p, vnic_types=normal+turbo',
     "unknown vNIC type 'turbo'"),
    ('name=eth0, physical_network=p, colour=blue', "unknown key 'colour'"),
    ('name=eth0 physical_network=p', "'physical_network' is required"),
    ('eth0', "expected key=value, got 'eth0'"),
])
def test_a_bad_nic_line_is_refused_naming_the_option(line, named):
    with pytest.raises(exception.ConfigInvalid) as error:
        _nics(line)
    message = error.value.format_message()
    assert '[vietstack] nic = %s' % line in message
    assert named in message


def test_a_nic_declared_twice_is_refused():
    with pytest.raises(exception.ConfigInvalid, match='declared twice'):
        _nics('name=eth0, physical_network=p', 'name=eth0, '
              'physical_network=q')


def test_extra_specs_become_a_request_with_defaults():
    request = _request({'physical_network': 'physnet1',
                        'outbound:rate': 100, 'inbound:size': 2},
                       {'physical_network': 'physnet2', 'type': 'direct'})
    first, second = request.vnics
    assert (first.type, first.physical_network) == ('normal', 'physnet1')
    assert first.amounts() == {('outbound', 'rate'): 100,
                               ('outbound', 'size'): 0,
                               ('inbound', 'rate'): 0,
                               ('inbound', 'size'): 2}
    assert second.type == 'direct' and not any(second.amounts().values())
    assert vietstack_obj.InstanceVietStackRequest.from_extra_specs(
        {'hw:cpu_policy': 'dedicated'}) is None


def test_each_vnic_that_asks_is_a_group_requiring_its_nic_traits():
    request = _request({'physical_network': 'phys-net.1',
                        'outbound:rate': 100},
                       {'physical_network': 'physnet2'})
    assert placement.request_groups(request) == [placement_request.Group(
        '_VIETSTACK_VNIC0', {'CUSTOM_VIETSTACK_OUTBOUND_RATE': 100},
        required=[frozenset(['CUSTOM_VIETSTACK_PHYSNET_PHYS_NET_1']),
                  frozenset(['CUSTOM_VIETSTACK_VNIC_TYPE_NORMAL'])])]


def test_vnics_go_to_nics_that_serve_them_with_room():
    nics = _nics('name=a, physical_network=p1, rate=1000',
                 'name=b, physical_network=p1, vnic_types=direct, '
                 'rate=1000',
                 'name=c, physical_network=p2, rate=1000')
    request = _request({'physical_network': 'p1', 'outbound:rate': 600},
                       {'physical_network': 'p1', 'outbound:rate': 600},
                       {'physical_network': 'p1', 'type': 'direct',
                        'outbound:rate': 300})
    # a: one 600 (two do not fit); the second 600 must wait for b, which
    # serves only direct: no room.
    with pytest.raises(exception.ComputeResourcesUnavailable) as error:
        assignment.assign(nics, request)
    assert 'VietStack' in error.value.format_message()
    request = _request({'physical_network': 'p1', 'outbound:rate': 600},
                       {'physical_network': 'p1', 'type': 'direct',
                        'outbound:rate': 300},
                       {'physical_network': 'p2', 'outbound:rate': 1000})
    assignment.assign(nics, request)
    assert request.assignments() == [(0, 'a'), (1, 'b'), (2, 'c')]


def test_the_assignment_matches_what_placement_allocated():
    nics = _nics('name=a, physical_network=p, rate=1000',
                 'name=b, physical_network=p, rate=1000')
    request = _request({'physical_network': 'p', 'outbound:rate': 400},
                       {'physical_network': 'p', 'outbound:rate': 300})
    rate = placement.resource_class('outbound', 'rate')
    # Left alone, both would go to a; placement put the 300 on b.
    assignment.assign(nics, request, {'a': {rate: 400}, 'b': {rate: 300}})
    assert request.assignments() == [(0, 'a'), (1, 'b')]
    request = _request({'physical_network': 'p', 'outbound:rate': 400},
                       {'physical_network': 'p', 'outbound:rate': 300})
    assignment.assign(nics, request, {'b': {rate: 700}})
    assert request.assignments() == [(0, 'b'), (1, 'b')]
    with pytest.raises(exception.ComputeResourcesUnavailable,
                       match='as placement allocated them'):
        assignment.assign(nics, _request(
            {'physical_network': 'p', 'outbound:rate': 400}),
            {'b': {rate: 300}})


def test_usage_counts_claimed_vnics_on_their_nics():
    nics = _nics('name=a, physical_network=p, rate=1000, size=10')
    claimed = _request({'physical_network': 'p', 'outbound:rate': 400,
                        'inbound:size': 3})
    assignment.assign(nics, claimed)
    nic, = assignment.count_usage(
        _nics('name=a, physical_network=p, rate=1000, size=10'), [claimed])
    assert (nic.outbound_rate_used, nic.inbound_size_used, nic.vnics) == (
        400, 3, 1)
    assert nic.free('outbound', 'rate') == 600
    assert not assignment.fits([nic], _request(
        {'physical_network': 'p', 'outbound:rate': 601}))


def test_a_vnic_naming_no_physical_network_takes_any():
    nics = _nics('name=a, physical_network=p1, rate=100',
                 'name=b, physical_network=p2, rate=1000')
    request = _request({'outbound:rate': 500})
    assignment.assign(nics, request)
    assert request.assignments() == [(0, 'b')]
    assert placement.request_groups(request) == [placement_request.Group(
        '_VIETSTACK_VNIC0', {'CUSTOM_VIETSTACK_OUTBOUND_RATE': 500},
        required=[frozenset(['CUSTOM_VIETSTACK_VNIC_TYPE_NORMAL'])])]


def test_a_request_is_kept_read_and_dropped_with_its_instance(
        sqlite_db, admin_context):
    flavor = flavor_obj.Flavor(admin_context, flavorid='f', name='f',
                               memory_mb=512, vcpus=1, root_gb=1,
                               extra_specs={})
    flavor.create()
    instance = instance_obj.Instance(
        admin_context, uuid=uuidutils.generate_uuid(), flavor=flavor)
    instance.create()
    Request = vietstack_obj.InstanceVietStackRequest
    assert Request.get_by_instance_uuid(admin_context, instance.uuid) is None
    request = _request({'physical_network': 'p', 'outbound:rate': 5})
    request._context = admin_context
    request.instance_uuid = instance.uuid
    request.vnics[0].assign('eth3')
    request.create()
    again = Request.get_by_instance_uuid(admin_context, instance.uuid)
    assert again.assignments() == [(0, 'eth3')]
    assert instance_obj.Instance.get_by_uuid(
        admin_context, instance.uuid).vietstack_request.assignments() == [
        (0, 'eth3')]
    Request.delete_by_instance_uuid(admin_context, instance.uuid)
    assert Request.get_by_instance_uuid(admin_context, instance.uuid) is None
