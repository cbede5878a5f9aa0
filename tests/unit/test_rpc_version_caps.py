# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""[upgrade_levels] caps what each RPC client may send."""
import oslo_messaging as messaging
import pytest

from nova_lite.compute import rpcapi as compute_rpcapi
from nova_lite.conductor import rpcapi as conductor_rpcapi
from nova_lite import conf as nl_conf
from nova_lite import context as nl_context
from nova_lite.objects import service as service_obj
from nova_lite import rpc
from nova_lite.scheduler import rpcapi as scheduler_rpcapi

CONF = nl_conf.CONF


@pytest.fixture
def fake_transport(overrides):
    rpc.set_default_url(CONF, 'fake://')
    yield
    rpc.cleanup()


def test_clients_send_their_newest_version_without_caps(fake_transport):
    assert conductor_rpcapi.ConductorAPI(CONF).client.can_send_version(
        '1.2')
    assert compute_rpcapi.ComputeAPI(CONF).client.can_send_version('1.1')
    assert scheduler_rpcapi.SchedulerAPI(CONF).client.can_send_version(
        '1.0')


def test_a_cap_holds_the_client_back(fake_transport, overrides):
    overrides('conductor', '1.0', group='upgrade_levels')
    api = conductor_rpcapi.ConductorAPI(CONF)
    assert api.client.can_send_version('1.0')
    assert not api.client.can_send_version('1.1')
    service = service_obj.Service(nl_context.get_admin_context(),
                                  host='h', binary='b')
    with pytest.raises(messaging.RPCVersionCapError):
        api.object_action(nl_context.get_admin_context(), service, 'save',
                          (), {})


def test_a_forced_move_goes_unforced_to_conductors_capped_below_1_5(
        fake_transport, overrides):
    cctxt, extra = conductor_rpcapi.ConductorAPI(CONF)._move_arguments(
        True, None)
    assert (cctxt.target.version, extra) == ('1.5', {'force': True})
    overrides('conductor', '1.4', group='upgrade_levels')
    cctxt, extra = conductor_rpcapi.ConductorAPI(CONF)._move_arguments(
        True, None)
    assert (cctxt.target.version, extra) == ('1.4', {})


def test_the_api_records_a_move_only_for_conductors_that_take_it(
        fake_transport, overrides):
    """A conductor of the release before (capped at 1.5) records the
    migration itself: the API must not record a second one."""
    api = conductor_rpcapi.ConductorAPI(CONF)
    assert api.takes_migration()
    migration = object()
    cctxt, extra = api._move_arguments(False, migration)
    assert (cctxt.target.version, extra) == ('1.6',
                                             {'migration': migration})
    overrides('conductor', '1.5', group='upgrade_levels')
    assert not conductor_rpcapi.ConductorAPI(CONF).takes_migration()
