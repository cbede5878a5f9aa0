# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Concurrent address allocations never share an address, on SQLite,
MariaDB and PostgreSQL: 32 servers racing for a /27 (29 addresses for
servers), each in the write that claims it for a host (Instance.save with
its vNICs), end with 29 distinct addresses and 3 clean refusals that
name the exhausted network, and no other error reaches a caller."""
import concurrent.futures
import threading

from oslo_utils import uuidutils
import pytest

from nova_lite import context as nl_context
from nova_lite.db import engine
from nova_lite.db import migration
from nova_lite import exception
from nova_lite.objects import claim_write
from nova_lite.objects import fields
from nova_lite.objects import flavor as flavor_obj
from nova_lite.objects import instance as instance_obj
from nova_lite.objects import virtual_interface
from tests.integration import databases

pytestmark = pytest.mark.integration
SERVERS = 32
POOLS = {'crowd': ['10.7.0.1', '10.7.0.30', '10.7.0.1']}


@pytest.fixture(params=['sqlite', 'mysql', 'postgresql'])
def instances(request, tmp_path):
    with databases.fresh_database(request.param, tmp_path) as url:
        migration.upgrade(url)
        undo = engine.use_database(url)
        context = nl_context.get_admin_context()
        flavor = flavor_obj.Flavor(context, flavorid='f', name='f',
                                   memory_mb=64, vcpus=1, root_gb=0,
                                   extra_specs={})
        flavor.create()
        uuids = []
        for _ in range(SERVERS):
            instance = instance_obj.Instance(
                context, uuid=uuidutils.generate_uuid(), flavor=flavor,
                vm_state=fields.VMState.BUILDING, project_id='p',
                user_id='u')
            instance.create()
            uuids.append(instance.uuid)
        try:
            yield uuids
        finally:
            undo()


def _wanted():
    return [virtual_interface.VirtualInterface(
        network='crowd', physical_network='physnet1')]


def test_32_racing_allocations_on_a_27(instances):
    start = threading.Barrier(SERVERS)

    def allocate(uuid):
        context = nl_context.get_admin_context()
        instance = instance_obj.Instance.get_by_uuid(context, uuid)
        instance.host = 'h'
        start.wait()
        try:
            claim_write.ClaimWrite(context, instance=instance,
                                   vifs=_wanted(), pools=POOLS).commit()
        except exception.NetworkExhausted as e:
            return str(e)
        return instance.vifs[0]

    with concurrent.futures.ThreadPoolExecutor(SERVERS) as pool:
        outcomes = list(pool.map(allocate, instances))
    given = [o for o in outcomes if not isinstance(o, str)]
    refused = [o for o in outcomes if isinstance(o, str)]
    assert refused == ['No fixed address is left on network crowd.'] * 3
    assert sorted(int(v.address.rsplit('.', 1)[1]) for v in given) == \
        list(range(2, 31))
    assert len({v.mac for v in given}) == 29
    stored = virtual_interface.VirtualInterfaceList.get_by_instance_uuids(
        nl_context.get_admin_context(), instances)
    assert sorted(v.address for v in stored) == sorted(
        v.address for v in given)


def test_a_deleted_server_gets_no_address(instances):
    context = nl_context.get_admin_context()
    instance = instance_obj.Instance.get_by_uuid(context, instances[0])
    instance_obj.Instance.get_by_uuid(context, instances[0]).destroy()
    with pytest.raises(exception.InstanceNotFound):
        claim_write.ClaimWrite(context, instance=instance, vifs=_wanted(),
                               pools=POOLS).commit()
    assert virtual_interface.VirtualInterfaceList.get_by_instance_uuids(
        context, instances[:1]).objects == []
