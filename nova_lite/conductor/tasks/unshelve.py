# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The unshelve of an offloaded server: scheduled, then handed to the
chosen compute, which builds it from its shelved image. With no host for
it, it stays offloaded (its task over, no claim)."""
from oslo_log import log as logging

from nova_lite.conductor.tasks import base
from nova_lite import exception
from nova_lite.objects import fields
from nova_lite.objects import instance_action
from nova_lite.objects import placement as placement_obj

LOG = logging.getLogger(__name__)
EVENT = 'conductor_unshelve_instance'


class UnshelveTask(base.TaskBase):

    def __init__(self, context, instance, peers, request_spec):
        super().__init__(context, instance, peers)
        self.request_spec = request_spec

    def _execute(self):
        self.request_spec.with_ports(self.peers.network.resource_requests(
            self.context, self.instance))
        with instance_action.recorded_event(
                self.context, self.instance.uuid, EVENT, self.peers.host,
                whole=True):
            chosen = self.schedule(
                self.request_spec,
                self.peers.conf.conductor.max_build_attempts)[0]
        self.peers.computes.unshelve_instance(
            self.context, self.instance, chosen.service_host,
            allocations=chosen.allocations())

    def rollback(self, error):
        LOG.info('unshelve of %s found no host: %s', self.instance.uuid,
                 error)
        end_unshelve(self.context, self.instance)


def end_unshelve(context, instance):
    """An unshelve that will not happen: the server is offloaded, with
    no task (and no claim). False if it was no longer unshelving."""
    instance.task_state = None
    try:
        instance.save(expected_task_state=[fields.TaskState.UNSHELVING])
    except (exception.Conflict, exception.InstanceNotFound):
        return False
    placement_obj.Placement.unclaim(context, instance.uuid)
    return True
