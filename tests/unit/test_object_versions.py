"""Every object's fields and remotable methods are pinned to its version.

A change to either without a version bump (and a line in the object's
version history) fails here. After bumping, update the hash below.
"""
from oslo_versionedobjects import fixture

from nova_lite.objects import base

EXPECTED = {
    'ComputeNode': '1.0-520aa469fc219f78b44a6b7bce2be779',
    'ComputeNodeList': '1.0-4ee0d9efdfd681fed822da88376e04d2',
    'Flavor': '1.1-bab0a77e91e6129e27fc00d86f7759f7',
    'FlavorList': '1.1-1f9a07e68d1d9bb71715abe67b911fb2',
    'Instance': '1.0-3319ca7edca54cdce08a512f98b9cf27',
    'InstanceFault': '1.0-df20f4f1b636b09e362b78bf7b077d2a',
    'InstanceFaultList': '1.0-2f9135d53fc1013859c865668bb237e6',
    'InstanceList': '1.1-d3b5f862728d92e488f817bd0e9da871',
    'RequestSpec': '1.0-e845a9ed93ac67325d1d394a6bc02dfa',
    'Selection': '1.0-7f89178948da53fce96167f710e751cc',
    'Service': '1.0-40eb17cd20021532f5f64ada48f66f68',
    'ServiceList': '1.0-b74ac53c0a49290f101fdfb45a8af35a',
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
