"""Every object's fields and remotable methods are pinned to its version.

A change to either without a version bump (and a line in the object's
version history) fails here. After bumping, update the hash below.
"""
from oslo_versionedobjects import fixture

from nova_lite.objects import base
from nova_lite.objects import instance
from nova_lite.objects import request_spec
from nova_lite.objects import service

EXPECTED = {
    'ComputeNode': '1.1-1d514835e623ab41b5fad3da6b318abf',
    'ComputeNodeList': '1.1-c0ef26ee6384f290fcd4358e47536645',
    'Flavor': '1.2-0fea007aafb62eb23e2ae21547f2ac1b',
    'FlavorList': '1.1-1f9a07e68d1d9bb71715abe67b911fb2',
    'Instance': '1.1-1f386d62da26ee0b734001dc7fd07de0',
    'InstanceFault': '1.0-df20f4f1b636b09e362b78bf7b077d2a',
    'InstanceFaultList': '1.0-2f9135d53fc1013859c865668bb237e6',
    'InstanceList': '1.1-d3b5f862728d92e488f817bd0e9da871',
    'Placement': '1.0-565c4a857775a14d5149e9c2b21c3abc',
    'RequestSpec': '1.1-df2bb0f4ebfd91c928ba518a7657adf8',
    'Selection': '1.1-e2cf2d8fe3e763401f64da9eacad9995',
    'Service': '1.1-24b6ad2f0d996facb6e2d259cb7286bc',
    'ServiceList': '1.1-aea63d2a37f51689ced5026e45cb8573',
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
