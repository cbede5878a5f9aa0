# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""What every move does at the host that takes a server (resize, cold and
live migration, evacuation, a revert's source): the server is taken with
one end of its move, its task ended in a settled state, or, once the
guest has left its source, a failure ends it in ERROR where it is.
"""
import contextlib

from oslo_log import log as logging

from nova_lite.compute import operations
from nova_lite.compute import vnics
from nova_lite.notifications import events
from nova_lite.objects import claim_write

LOG = logging.getLogger(__name__)


class MoveEnds:

    def __init__(self, driver, tracker, host, network, events, conf):
        """``events``: the compute's InstanceEvents, where the network
        service's report of a port plugged here comes (with ``conf``'s
        ``[compute] vif_plugging_*``)."""
        self.driver = driver
        self.rt = tracker
        self.host = host
        self.network = network
        self.events = events
        self.conf = conf

    def take(self, context, instance, end, task_from, task_to,
             clear_context=False):
        """The server on this host with the flavor and resource records
        of its move's ``end`` ('new' or 'old'), its vNICs to match (each
        keeping its address on its network), in one save; then its
        network service's ports bound here. The ids of the ports whose
        plugging here is to be reported (``plugging``)."""
        move = instance.migration_context
        flavor = move.new_flavor if end == 'new' else move.old_flavor
        instance.host = self.host
        instance.node = self.rt.nodename
        instance.flavor = flavor
        instance.instance_type_id = flavor.id
        for name in ('vcpus', 'memory_mb', 'root_gb', 'ephemeral_gb'):
            setattr(instance, name, getattr(flavor, name))
        records = {}
        for plugin in self.rt.plugins:
            record = plugin.record_of(move.end(end))
            plugin.keep(instance, record)
            if record is not None:
                records[plugin.name] = record
        if clear_context:
            instance.migration_context = None
        instance.task_state = task_to
        claim_write.ClaimWrite(
            context, instance=instance, expected_task_state=[task_from],
            vifs=vnics.wanted(self.rt.networks, self.rt.plugins, records,
                              vnics.networks_asked(context, instance)),
            pools=self.rt.networks.pools()).commit()
        return self.network.bind_to(context, instance, self.host)

    def plugging(self, instance, port_ids):
        """The block (the guest started here with the ports the take
        bound here), then the wait for their plugging to be reported,
        as a build waits."""
        return self.events.plugging(instance.uuid, port_ids, self.conf)

    def end_task(self, instance, vm_state, task_state):
        """The move's task over, the server in ``vm_state`` with its
        guest's power state."""
        instance.vm_state = vm_state
        instance.power_state = self.driver.get_power_state(instance)
        operations.end_task(instance, task_state)

    @contextlib.contextmanager
    def failing_in_place(self, outcome, instance, migration, task_state):
        """A step after the guest left its source: if it fails, the
        server ends in ERROR where it is, with its allocations, for an
        admin to look at, and the migration in error (``outcome.error``
        tells the caller after the block)."""
        try:
            yield
        except Exception as e:
            outcome.error = e
            LOG.warning('move of %s failed on %s: %s', instance.uuid,
                        self.host, e)
            migration.set_status('error')
            instance.fail(e, host=self.host, keep_claim=True,
                          expected_task_state=[task_state])


class MoveFamily:
    """What the move families (resizes and migrations, live moves) work
    with: the config, the driver, the tracker, the host's operations, the
    computes' RPC client, and the ends of moves."""

    def __init__(self, conf, driver, tracker, operations, computes, ends):
        self.conf = conf
        self.driver = driver
        self.rt = tracker
        self.operations = operations
        self.computes = computes
        self.ends = ends

    @property
    def host(self):
        return self.operations.host

    def notify(self, context, instance, action, phase, error=None):
        """``instance.<action>.<phase>`` from this host."""
        events.instance_action(self.conf, context, instance, self.host,
                               action, phase, error)
