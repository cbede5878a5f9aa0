# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""What every conductor task is: ``execute()`` runs it, and a failure
before it handed its work on rolls it back, then reaches the caller."""
import abc
import typing

from oslo_log import log as logging
import oslo_messaging as messaging
from oslo_utils import excutils

from nova_lite import exception
from nova_lite.notifications import events
from nova_lite.objects import request_spec as request_spec_obj
from nova_lite.objects import server_groups

LOG = logging.getLogger(__name__)


class Peers(typing.NamedTuple):
    """Who a task works with: the conductor's config and host (faults and
    events name it), the RPC clients of the scheduler and the computes,
    the network backend (a moving server's ports ask again for what they
    need of placement) and the resource plugins (whose vNICs with
    guaranteed bandwidth get ports before a build is scheduled)."""
    conf: typing.Any
    host: str
    scheduler: typing.Any
    computes: typing.Any
    network: typing.Any
    plugins: typing.Any


class TaskBase(abc.ABC):

    # The task's name in Nova's ``compute_task.<name>.error``, published
    # when it fails (None: none).
    notified_as = None

    def __init__(self, context, instance, peers):
        self.context = context
        self.instance = instance
        self.peers = peers

    def execute(self):
        """Run the task; if it fails, ``rollback`` with the error, which
        then reaches the caller."""
        try:
            return self._execute()
        except Exception as error:
            with excutils.save_and_reraise_exception():
                self.rollback(error)

    @abc.abstractmethod
    def _execute(self):
        """The task's steps."""

    def rollback(self, error):
        """Undo what the task did before ``error``; nothing by
        default."""

    def notify_failed(self, instance, spec, error):
        """``compute_task.<notified_as>.error``: the task failed on
        ``instance`` (as it left it) with ``error``; ``spec``: the
        request spec it scheduled with (None: the server's)."""
        conf = self.peers.conf
        if self.notified_as is None or not events.enabled(conf):
            return
        try:
            spec = spec or request_spec_obj.RequestSpec.get_by_instance_uuid(
                self.context, instance.uuid)
            group = (spec.scheduler_hints.get('group') or [None])[0]
            group = group and server_groups.get_for_scheduling(self.context,
                                                               group)
        except Exception as e:  # the failure is told without them
            LOG.warning('compute_task.%s.error of %s without its request '
                        'spec: %s', self.notified_as, instance.uuid, e)
            spec = group = None
        events.compute_task_error(conf, self.context, self.notified_as,
                                  instance, spec, error, group)

    def schedule(self, spec, max_hosts):
        """The scheduler's selections for ``spec``; NoValidHost when it
        finds none, does not answer, or fails on the request (which must
        not leave the server waiting for ever)."""
        try:
            return self.peers.scheduler.select_destinations(
                self.context, spec, max_hosts=max_hosts)
        except exception.NoValidHost:
            raise
        except messaging.MessagingTimeout as e:
            raise exception.NoValidHost(
                reason='the scheduler did not answer: %s' % e)
        except Exception as e:
            LOG.exception('the scheduler failed on %s', spec.instance_uuid)
            raise exception.NoValidHost(
                reason='the scheduler failed: %s' % type(e).__name__)
