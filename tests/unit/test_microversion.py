# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Microversion parsing and version-routed handlers."""
import pytest

from nova_lite.api import microversion
from nova_lite import exception


@pytest.mark.parametrize('headers, expected', [
    ({}, '2.1'),
    ({'OpenStack-API-Version': 'compute 2.1'}, '2.1'),
    ({'OpenStack-API-Version': 'image 3.0, compute 2.1'}, '2.1'),
    ({'X-OpenStack-Nova-API-Version': '2.1'}, '2.1'),
    ({'OpenStack-API-Version': 'compute latest'}, microversion.MAX_VERSION),
])
def test_requested_version(headers, expected):
    assert str(microversion.from_headers(headers)) == expected


def test_out_of_range_is_not_acceptable():
    with pytest.raises(exception.InvalidAPIVersion) as error:
        microversion.from_headers({'OpenStack-API-Version': 'compute 2.999'})
    assert error.value.code == 406


@pytest.mark.parametrize('text', ['2', '2.01', 'two', '2.1.1', ''])
def test_malformed_is_bad_request(text):
    with pytest.raises(exception.MalformedAPIVersion):
        microversion.APIVersion(text)


def test_ordering_is_numeric():
    assert microversion.APIVersion('2.10') > microversion.APIVersion('2.9')
    assert microversion.APIVersion('2.10').matches('2.2', '2.10')
    assert not microversion.APIVersion('2.11').matches('2.2', '2.10')


class _Req:
    def __init__(self, version):
        self.api_version = microversion.APIVersion(version)


@microversion.versioned('2.1', '2.9')
def handler(req):
    return 'old'


@microversion.versioned('2.10')  # noqa: F811 - variants share one name
def handler(req):  # noqa: F811
    return 'new'


def test_versioned_handler_runs_the_matching_variant():
    assert handler(_Req('2.1')) == 'old'
    assert handler(_Req('2.9')) == 'old'
    assert handler(_Req('2.10')) == 'new'
    assert handler(_Req('2.55')) == 'new'


@microversion.versioned('2.5')
def only_new(req):
    return 'ok'


def test_versioned_handler_below_its_minimum_is_not_found():
    with pytest.raises(exception.VersionNotFoundForAPIMethod):
        only_new(_Req('2.4'))
