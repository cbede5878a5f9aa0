# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Every object's fields and remotable methods are pinned to its version.

A change to either without a version bump (and a line in the object's
version history) fails here. After bumping, update the hash below.
"""
from oslo_versionedobjects import fixture

from nova_lite.notifications import payloads  # noqa: F401 (registered)
from nova_lite.notifications import request_spec_payloads  # noqa: F401
from nova_lite.objects import base
from nova_lite.objects import compute_node
from nova_lite.objects import image
from nova_lite.objects import instance
from nova_lite.objects import request_spec
from nova_lite.objects import service
from nova_lite.objects import vietstack
from nova_lite.objects import virtual_interface

EXPECTED = {
    # The notifications' payloads (nova_lite.notifications.payloads and
    # .request_spec_payloads).
    'ActionStep': '1.0-ef1d80001d7b2d515d5d7521a4aaf5cf',
    'AggregatePayload': '1.1-2c4ce1dcd4855a6205eb8770e12dde93',
    'AuditPeriodPayload': '1.0-28345f72ca9d805eeb61b2c2385805dd',
    'BlockDevicePayload': '1.0-ca65fc2e0648258530134d264061d743',
    'CellMappingPayload': '2.0-4a64faecd5e23683831858813dcd4da7',
    'ClaimWrite': '1.0-5d7ebb43e6dce1251c5d55129b907d8e',
    'ComputeNode': '1.5-b7f57a7e499697ee0df7986067275bf1',
    'ComputeNodeList': '1.1-c0ef26ee6384f290fcd4358e47536645',
    'ComputeTaskPayload': '1.0-59782c969459a51da31a60de0970fc30',
    'ConsoleAuthToken': '1.0-378ec3ef77199d634fc6665093bc5d9b',
    'DestinationPayload': '1.0-74854e8cfe7fe616294d93a5d189d885',
    'ExceptionPayload': '1.1-96f178a12691e3ef0d8e3188fc481b90',
    'Flavor': '1.2-0fea007aafb62eb23e2ae21547f2ac1b',
    'FlavorList': '1.1-1f9a07e68d1d9bb71715abe67b911fb2',
    'FlavorPayload': '1.4-0543a6154936dfb1823383f640445152',
    'Image': '1.1-f5646b44ab002881f00fa893969704fd',
    'ImageList': '1.1-8f6a786575fa89888671039c7cfb45fc',
    'ImageMember': '1.0-3485834d8f25d2f441fd7875d5ee3d88',
    'ImageMemberList': '1.0-7e8d8c74a7ba86f2adf05b1211247c7f',
    'ImageMetaPayload': '1.0-d587ce0c2da618691e226d3896bf5506',
    'ImageMetaPropsPayload': '1.17-385f6c7f60efe5592dd8c3f0490c2843',
    'ImageTask': '1.0-c8e038fba127b1977ea08133803fd82c',
    'ImageTaskList': '1.0-4975de4aac7d9400edba67b296aa5f4d',
    'Instance': '1.12-c7da496cf031e9fe71a4f5375d331d1b',
    'InstanceAction': '1.0-0cf45d7c932079e721b502a2b141c9f9',
    'InstanceActionEvent': '1.0-97e92d5d99d34deec0afed6056538290',
    'InstanceActionEventList': '1.0-13d92fb953030cdbfee56481756e02be',
    'InstanceActionList': '1.0-3dab1c31a1f28ea54a5a558dfc03c4db',
    'InstanceActionPayload': '1.8-fa2f7efbeeeab129f01470d191cff01c',
    'InstanceActionRebuildPayload': '1.9-a4b0ac794ab1150db948e54c5f289fe8',
    'InstanceActionRescuePayload': '1.3-e045306e303505d0fd75ae9c9d3468db',
    'InstanceActionResizePrepPayload': '1.3-8a46873d649e3ace0850028648b009dc',
    'InstanceActionSnapshotPayload': '1.9-26565b03ed7b4b385a0f5581d2e6d009',
    'InstanceCreatePayload': '1.12-cd6694ffc2b69e089f85ab9436589bf6',
    'InstanceExistsPayload': '2.0-ef21f4138b34fa6f80d283c992712168',
    'InstanceExternalEvent': '1.0-b082c21414dfe29070b21087579f573b',
    'InstanceFault': '1.0-df20f4f1b636b09e362b78bf7b077d2a',
    'InstanceFaultList': '1.0-2f9135d53fc1013859c865668bb237e6',
    'InstanceList': '1.1-d3b5f862728d92e488f817bd0e9da871',
    'InstanceNUMACellPayload': '1.2-a9aecd89676e4df2b3891690f0d50d93',
    'InstanceNUMATopologyPayload': '1.0-4ddcc3b246438dcb511bfbb215c0968d',
    'InstancePayload': '1.8-1a998de52f7f3e6ce752babb44b54c20',
    'InstancePCIRequestPayload': '1.1-98e064b6abafcb39990b9db9e8933b40',
    'InstancePCIRequestsPayload': '1.0-3928680ff73c1b9e8a1d15042f6c8287',
    'InstanceStateUpdatePayload': '1.0-a934d04e1b314318e42e8062647edd11',
    'InstanceUpdatePayload': '2.0-ae9465f27f3795421934e6051b3086cf',
    'InstanceVietStackRequest': '1.0-5b1c222c2e3d141a702f976b9ed90326',
    'IpPayload': '1.0-26b40117c41ed95a61ae104f0fcb5fdc',
    'KeyPair': '1.0-04672072164833718210491fbd5818e7',
    'KeyPairList': '1.0-1a9267caa6736133ff30725972d53884',
    'KeypairPayload': '1.0-cffb927f3d1937f8c111904d9600d855',
    'MetadefNamespace': '1.0-09a4964d23302791a607783383ed34a0',
    'MetadefNamespaceList': '1.0-6729d78cdf9523480260060cab5e5ff8',
    'MetadefRecord': '1.0-7df84be217868ecdce1bcff6843f9e05',
    'MetadefRecordList': '1.0-87d3291d4a2b8865f4536d61ed2bc829',
    'MetricPayload': '1.0-f547367fa67ee4d119e7277e2aafed3a',
    'MetricsPayload': '1.0-9a2c28ca9e6ad33904b938baed6e7ad1',
    'Migration': '1.0-7045b324c205ea1fc4518260ab7d4e68',
    'MigrationContext': '1.2-286084a35235f489be2cef80d8344fee',
    'MigrationList': '1.1-983ce55cee501106a1541ee274d35504',
    'MonitorMetric': '1.0-f0fd2dab27b49f8016219846b6bc6405',
    'MonitorMetricList': '1.0-15ecf022a68ddbb8c2a6739cfc9f8f5e',
    'NetworkRequest': '1.1-a856cf5e189213a6201d6668bd7b6e33',
    'PciDevice': '1.0-8aae10ec744d481c6ff87b7721b8f238',
    'PciDeviceList': '1.0-15ecf022a68ddbb8c2a6739cfc9f8f5e',
    'Placement': '1.7-1209332f3bef0ee44ae7bd2fe24aa532',
    'RequestSpec': '1.7-a0e413dfc6733d46e5380ea0857a36b2',
    'RequestSpecPayload': '1.1-38b8f48b85d902b931803b9afa32c6d8',
    'SchedulerRetriesPayload': '1.0-df10dfaa890ce70bf689feb9ab24af08',
    'Selection': '1.1-e2cf2d8fe3e763401f64da9eacad9995',
    'ServerGroupPayload': '1.1-e16b5630bee44ccf1b452cb233d95e89',
    'Service': '1.2-1ac3c82eadf5c1d241ff9e2fd5092bf0',
    'ServiceList': '1.2-3340d523551f0b3e9a9f643924931f46',
    'ServiceStatusPayload': '1.1-3efc748cb386a987414bb96b4abe9e33',
    'TaskLog': '1.0-8092c968eef1697b170389f46375e5a4',
    'TaskLogList': '1.0-aa6eba3f9f552d8999459548b62b4d7e',
    'VietStackFlow': '1.0-3b8c7ecd5c38ecd74e69d51ab5bda07b',
    'VietStackPerNic': '1.0-a463dde20fd700c24551ae356133bdcb',
    'VietStackPerVnic': '1.0-dc126adc335be65212f0c0a6d06423a5',
    'VietStackStat': '1.0-0bc3c112114eea5ca0cd812e36787017',
    'VirtCPUTopologyPayload': '1.0-fc694de72e20298f7c6bab1083fd4563',
    'VirtualInterface': '1.1-605915455d7f011aae9031ed1477a807',
    'VirtualInterfaceList': '1.2-f049784f66e6b7f67b933f34009322ec',
}


def test_object_hashes_match_their_versions():
    checker = fixture.ObjectVersionChecker(
        base.NovaLiteObjectRegistry.obj_classes())
    expected, actual = checker.test_hashes(EXPECTED)
    assert expected == actual, (
        'objects changed without a version bump: %s' % sorted(
            name for name in expected if expected[name] != actual[name]))


def test_every_registered_object_is_pinned():
    assert set(base.NovaLiteObjectRegistry.obj_classes()) == set(EXPECTED)


def _backported(obj, version):
    primitive = obj.obj_to_primitive(target_version=version)
    return primitive['nova_lite_object.version'], set(
        primitive['nova_lite_object.data'])


def test_instance_backports_to_1_0_without_the_new_fields():
    obj = instance.Instance(uuid='0b7b4b3e-6a7e-4d7c-9a57-3a52b8f6a9a1',
                            display_name='vm', display_description='d',
                            tags=['a'], locked_by='owner', launch_index=0)
    version, fields = _backported(obj, '1.0')
    assert version == '1.0'
    assert fields == {'uuid', 'display_name'}


def test_service_and_request_spec_backport_to_1_0():
    obj = service.Service(host='h', binary='b', forced_down=True,
                          uuid='0b7b4b3e-6a7e-4d7c-9a57-3a52b8f6a9a1')
    assert _backported(obj, '1.0') == ('1.0', {'host', 'binary'})
    spec = request_spec.RequestSpec(
        instance_uuid='0b7b4b3e-6a7e-4d7c-9a57-3a52b8f6a9a1',
        requested_destination={'host': 'h', 'node': None})
    assert _backported(spec, '1.0') == ('1.0', {'instance_uuid'})


def _vnic_request():
    return vietstack.InstanceVietStackRequest.from_extra_specs({
        'vietstack:vnics': '1', 'vietstack:vnic0:physical_network': 'p',
        'vietstack:vnic0:outbound:rate': '10'})


def test_vietstack_fields_are_dropped_for_services_that_predate_them():
    uuid = '0b7b4b3e-6a7e-4d7c-9a57-3a52b8f6a9a1'
    obj = instance.Instance(uuid=uuid, tags=['a'],
                            vietstack_request=_vnic_request(),
                            resource_records={'gizmo': '[1]'})
    assert _backported(obj, '1.1') == ('1.1', {'uuid', 'tags'})
    assert _backported(obj, '1.2')[1] == {'uuid', 'tags',
                                          'vietstack_request',
                                          'resource_records'}

    spec = request_spec.RequestSpec(instance_uuid=uuid,
                                    vietstack_requests=_vnic_request())
    assert _backported(spec, '1.1') == ('1.1', {'instance_uuid'})
    node = compute_node.ComputeNode(host='h', vietstack_stat=(
        vietstack.VietStackStat(nics=[])), host_ip='10.0.0.5')
    assert _backported(node, '1.1') == ('1.1', {'host'})
    node = compute_node.ComputeNode(host='h', host_ip='10.0.0.5')
    assert _backported(node, '1.2') == ('1.2', {'host'})
    assert _backported(node, '1.3') == ('1.3', {'host', 'host_ip'})
    node = compute_node.ComputeNode(host='h', cpu_info='{"arch": "x"}')
    assert _backported(node, '1.3') == ('1.3', {'host'})
    assert _backported(node, '1.4') == ('1.4', {'host', 'cpu_info'})


def test_the_image_a_server_boots_from_is_dropped_before_1_3():
    obj = instance.Instance(uuid='0b7b4b3e-6a7e-4d7c-9a57-3a52b8f6a9a1',
                            image_ref='5d1e4bd4-30a5-4b5d-a8d2-3d1dbd0d0a6b')
    assert _backported(obj, '1.2') == ('1.2', {'uuid'})
    assert _backported(obj, '1.3') == ('1.3', {'uuid', 'image_ref'})


def test_the_image_properties_are_dropped_before_1_11():
    obj = instance.Instance(uuid='0b7b4b3e-6a7e-4d7c-9a57-3a52b8f6a9a1',
                            image_properties={'os_distro': 'cirros'})
    assert _backported(obj, '1.10') == ('1.10', {'uuid'})
    assert _backported(obj, '1.11') == ('1.11',
                                        {'uuid', 'image_properties'})


def test_a_vietstack_request_survives_its_primitive():
    request = _vnic_request()
    request.vnics[0].assign('eth0')
    again = vietstack.InstanceVietStackRequest.obj_from_db_obj(
        '0b7b4b3e-6a7e-4d7c-9a57-3a52b8f6a9a1', request.to_db_text())
    assert again.assignments() == [(0, 'eth0')]
    assert again.vnics[0].amounts()[('outbound', 'rate')] == 10


def test_an_image_backports_to_1_0_without_os_hidden():
    obj = image.Image(id='5d1e4bd4-30a5-4b5d-a8d2-3d1dbd0d0a6b',
                      os_hidden=True)
    assert _backported(obj, '1.0') == ('1.0', {'id'})
    assert _backported(obj, '1.1') == ('1.1', {'id', 'os_hidden'})


def test_vnics_and_the_networks_asked_are_dropped_before_they_came():
    uuid = '0b7b4b3e-6a7e-4d7c-9a57-3a52b8f6a9a1'
    vif = virtual_interface.VirtualInterface(
        instance_uuid=uuid, index=0, network='private', address='10.0.0.2',
        mac='fa:16:3e:00:00:01')
    obj = instance.Instance(uuid=uuid, vifs=[vif])
    assert _backported(obj, '1.4') == ('1.4', {'uuid'})
    version, fields = _backported(obj, '1.5')
    assert fields == {'uuid', 'vifs'}
    spec = request_spec.RequestSpec(instance_uuid=uuid,
                                    requested_networks='none')
    assert _backported(spec, '1.2') == ('1.2', {'instance_uuid'})
    assert _backported(spec, '1.3') == ('1.3', {'instance_uuid',
                                                'requested_networks'})
    old = request_spec.RequestSpec(instance_uuid=uuid)
    assert old.networks_asked() == 'auto'
    assert spec.networks_asked() == 'none'


def test_the_zone_asked_for_is_dropped_before_it_came():
    spec = request_spec.RequestSpec(
        instance_uuid='0b7b4b3e-6a7e-4d7c-9a57-3a52b8f6a9a1',
        availability_zone='az1')
    assert _backported(spec, '1.3') == ('1.3', {'instance_uuid'})
    assert _backported(spec, '1.4') == ('1.4', {'instance_uuid',
                                                'availability_zone'})
    assert spec.zone() == 'az1'
    assert request_spec.RequestSpec(instance_uuid=spec.instance_uuid)\
        .zone() is None


def test_a_forced_destination_is_a_flag_and_reaches_older_schedulers():
    """A forced move's host skips the filters; a scheduler of the release
    before 1.5 reads that as the text it knew, and one of this release
    still reads such a spec from an older conductor."""
    spec = request_spec.RequestSpec(
        instance_uuid='0b7b4b3e-6a7e-4d7c-9a57-3a52b8f6a9a1')
    spec.to_destination('h2', force=True)
    assert (spec.force_destination, spec.forced()) == (True, True)
    old = spec.obj_to_primitive(target_version='1.4')
    assert old['nova_lite_object.data']['requested_destination'] == {
        'host': 'h2', 'force': 'True'}
    assert 'force_destination' not in old['nova_lite_object.data']
    from_old = request_spec.RequestSpec.obj_from_primitive(old)
    assert from_old.forced()
    spec.to_destination('h2')
    assert not spec.forced()
    assert spec.obj_to_primitive(target_version='1.4')[
        'nova_lite_object.data']['requested_destination'] == {'host': 'h2'}
    spec.to_destination(None, force=True)
    assert (spec.requested_destination, spec.forced()) == (None, False)


def test_a_migration_context_backports_to_1_0_without_its_ends():
    from nova_lite.objects import flavor as flavor_obj
    from nova_lite.objects import migration_context
    context = migration_context.MigrationContext(
        instance_uuid='0b7b4b3e-6a7e-4d7c-9a57-3a52b8f6a9a1',
        migration_id=1, migration_uuid='1b7b4b3e-6a7e-4d7c-9a57-3a52b8f6a9a1',
        source_host='a', dest_host='b',
        old_flavor=flavor_obj.Flavor(name='m1'), old_vietstack=None)
    assert _backported(context, '1.0') == (
        '1.0', {'instance_uuid', 'migration_id', 'old_vietstack'})
    mine = instance.Instance(uuid='0b7b4b3e-6a7e-4d7c-9a57-3a52b8f6a9a1',
                             migration_context=context)
    assert 'migration_context' not in _backported(mine, '1.6')[1]
    assert 'migration_context' in _backported(mine, '1.7')[1]


def _devices():
    from nova_lite.objects import pci_device
    device = pci_device.PciDevice(
        address='0000:81:00.0', vendor_id='8086', product_id='0443',
        dev_type='type-PCI', label='label_8086_0443',
        resource_class='CUSTOM_PCI_8086_0443')
    return pci_device.PciDeviceList.of([device.given_to(
        '0b7b4b3e-6a7e-4d7c-9a57-3a52b8f6a9a1')])


def test_pci_devices_and_metrics_are_dropped_for_services_before_them():
    from nova_lite.objects import migration_context
    from nova_lite.objects import monitor_metric
    node = compute_node.ComputeNode(
        host='h', pci_stats=_devices(),
        metrics=monitor_metric.MonitorMetricList(objects=[]))
    assert _backported(node, '1.4') == ('1.4', {'host'})
    assert _backported(node, '1.5') == ('1.5', {'host', 'pci_stats',
                                                'metrics'})
    uuid = '0b7b4b3e-6a7e-4d7c-9a57-3a52b8f6a9a1'
    mine = instance.Instance(uuid=uuid, pci_devices=_devices())
    assert _backported(mine, '1.11') == ('1.11', {'uuid'})
    assert _backported(mine, '1.12') == ('1.12', {'uuid', 'pci_devices'})
    move = migration_context.MigrationContext(
        instance_uuid=uuid, old_pci_devices=_devices(),
        new_pci_devices=None)
    assert _backported(move, '1.1') == ('1.1', {'instance_uuid'})
    # An instance for a 1.11 service carries its move as 1.1 knows it.
    mine = instance.Instance(uuid=uuid, migration_context=move)
    primitive = mine.obj_to_primitive(target_version='1.11')
    inner = primitive['nova_lite_object.data']['migration_context']
    assert inner['nova_lite_object.version'] == '1.1'
    assert set(inner['nova_lite_object.data']) == {'instance_uuid'}


def test_a_hosts_devices_survive_their_stored_text():
    from nova_lite.objects import pci_device
    text = _devices().to_db_text()
    again = compute_node._from_text(pci_device.PciDeviceList, text)
    assert again.addresses == ['0000:81:00.0']
    assert again.objects[0].status == 'allocated'
    assert again.objects[0].provider_key == '0000:81:00.0'
