# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""/os-instance_usage_audit_log[/{before_timestamp}] (admins): what the
computes' usage audit (``instance_usage_audit``) recorded for the last
audit period completed before now, or before the time given: which
compute hosts audited it, how many servers they counted, and which have
not run.
"""
import datetime

from oslo_utils import timeutils

from nova_lite.api.schemas import responses
from nova_lite.api import validation
from nova_lite import audit_period
from nova_lite import exception
from nova_lite.objects import service as service_obj
from nova_lite.objects import task_log as task_log_obj

_FORMATS = ('%Y-%m-%d %H:%M:%S', '%Y-%m-%d %H:%M:%S.%f')


def _overall(done, hosts, errors):
    counted = ('ALL' if len(done) == len(hosts)
               else '%d of %d' % (len(done), len(hosts)))
    return '%s hosts done. %d errors.' % (counted, errors)


def _report(req, before):
    beginning, ending = audit_period.last_completed(
        req.conf.instance_usage_audit_period, before)
    hosts = {s.host for s in service_obj.ServiceList.get_all(
        req.context, binary=service_obj.COMPUTE_BINARY)}
    logs = task_log_obj.TaskLogList.get_all(
        req.context, task_log_obj.USAGE_AUDIT, beginning, ending)
    done = {log.host for log in logs if log.state == 'DONE'}
    not_run = sorted(hosts - {log.host for log in logs})
    errors = sum(log.errors or 0 for log in logs)
    return {
        'hosts_not_run': not_run,
        'log': {log.host: {'state': log.state, 'instances': log.task_items,
                           'errors': log.errors, 'message': log.message}
                for log in logs},
        'num_hosts': len(hosts), 'num_hosts_done': len(done),
        'num_hosts_not_run': len(not_run),
        'num_hosts_running': sum(1 for log in logs
                                 if log.state == 'RUNNING'),
        'overall_status': _overall(done, hosts, errors),
        'period_beginning': str(beginning), 'period_ending': str(ending),
        'total_errors': errors,
        'total_instances': sum(log.task_items or 0 for log in logs),
    }


@validation.responds(200, responses.usage_audit_logs)
def index(req):
    return 200, {'instance_usage_audit_logs': _report(
        req, timeutils.utcnow())}


def _time(text):
    for form in _FORMATS:
        try:
            return datetime.datetime.strptime(text, form)
        except ValueError:
            continue
    raise exception.Invalid(message='Invalid timestamp for date %s' % text)


@validation.responds(200, responses.usage_audit_log)
def show(req, before_timestamp):
    return 200, {'instance_usage_audit_log': _report(
        req, _time(before_timestamp))}
