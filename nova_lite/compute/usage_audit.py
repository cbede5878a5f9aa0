# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The usage audit (``instance_usage_audit``): once per audit period
each compute records how many of its servers were active in the last
completed period, in a task log the API's os-instance_usage_audit_log
reports, and publishes each one's ``instance.exists`` for that
period (what billing reads). A host audits a period once: the task
log's row for the host and period is taken before the count, and a
second run finds it.
"""
import time

from oslo_log import log as logging
from oslo_utils import timeutils

from nova_lite import audit_period
from nova_lite import exception
from nova_lite.notifications import events
from nova_lite.objects import instance as instance_obj
from nova_lite.objects import task_log as task_log_obj

LOG = logging.getLogger(__name__)
TASK = task_log_obj.USAGE_AUDIT


def audit(context, conf, host, now=None):
    """Audit the last completed period on ``host``, unless it has been;
    the number of servers counted, or None."""
    beginning, ending = audit_period.last_completed(
        conf.instance_usage_audit_period, now or timeutils.utcnow())
    if task_log_obj.TaskLogList.get_all(context, TASK, beginning, ending,
                                        host):
        return None
    log = task_log_obj.TaskLog(
        context, task_name=TASK, host=host, period_beginning=beginning,
        period_ending=ending,
        message='Instance usage audit started on host %s.' % host)
    try:
        log.begin()
    except exception.TaskLogExists:
        return None
    started = time.monotonic()
    notified = events.any_enabled(conf)
    existed = instance_obj.InstanceList.get_by_filters(context, {
        'host': host, 'active_window': (beginning, ending),
        'read_deleted': True}, expected_attrs=['flavor'] if notified else [])
    for instance in existed if notified else ():
        events.instance_exists(conf, context, instance, host,
                               (beginning, ending))
    counted = len(existed)
    log.task_items, log.errors = counted, 0
    log.message = ('Instance usage audit ran for host %s, %s instances in '
                   '%.2f seconds.' % (host, counted,
                                      time.monotonic() - started))
    log.end()
    LOG.info(log.message)
    return counted
