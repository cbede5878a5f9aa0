# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The usage audit (``instance_usage_audit``) and what novaclient's
instance_usage_audit_log reads of it: each compute counts, once per
period, its servers active in the last completed period."""
import datetime

from keystoneauth1 import session as ks_session
from keystoneauth1 import token_endpoint
from novaclient import client as nova_client
from oslo_utils import timeutils
import pytest

from nova_lite.compute import usage_audit
from nova_lite import context as nl_context


@pytest.fixture
def aio(all_in_one, overrides):
    overrides('instance_usage_audit', True)
    overrides('instance_usage_audit_period', 'day')
    aio = all_in_one(hosts=2)
    aio.client.create_flavor('m1', flavor_id='m1')
    return aio


def _computes(aio):
    return [svc.manager for svc in aio.services
            if hasattr(svc.manager, 'audit_usage')]


def _nova(aio):
    session = ks_session.Session(auth=token_endpoint.Token(
        'http://127.0.0.1:%d/v2.1' % aio.api.port, 'admin:admin'))
    return nova_client.Client('2.1', session=session)


def test_each_compute_audits_a_period_once(aio):
    servers = [aio.client.boot('m1')['id'] for _ in range(3)]
    aio.client.delete('/servers/%s' % servers[0])
    aio.client.wait_server(servers[0], ('DELETED',))
    tomorrow = timeutils.utcnow() + datetime.timedelta(days=1)
    before = tomorrow.strftime('%Y-%m-%d %H:%M:%S')
    nova = _nova(aio)
    report = nova.instance_usage_audit_log.get(before=before).to_dict()
    assert (report['num_hosts'], report['num_hosts_not_run'],
            report['overall_status']) == (
        2, 2, '0 of 2 hosts done. 0 errors.')
    today = timeutils.utcnow().replace(hour=0, minute=0, second=0,
                                       microsecond=0)
    assert report['period_beginning'] == str(today)
    context = nl_context.get_admin_context()
    counted = [usage_audit.audit(context, compute.conf, compute.host,
                                 now=tomorrow)
               for compute in _computes(aio)]
    # A deleted server counts: it was active in the period.
    assert sum(counted) == 3
    assert [usage_audit.audit(context, compute.conf, compute.host,
                              now=tomorrow)
            for compute in _computes(aio)] == [None, None]
    report = nova.instance_usage_audit_log.get(before=before).to_dict()
    assert (report['overall_status'], report['total_instances'],
            report['hosts_not_run'], report['num_hosts_done']) == (
        'ALL hosts done. 0 errors.', 3, [], 2)
    for host, log in report['log'].items():
        assert log['state'] == 'DONE'
        assert log['message'].startswith(
            'Instance usage audit ran for host %s, %d instances' % (
                host, log['instances']))
    # Now, the last completed period is yesterday's: not run anywhere.
    report = nova.instance_usage_audit_log.get().to_dict()
    assert (report['num_hosts_not_run'], report['total_instances']) == (
        2, 0)


def test_the_audit_runs_where_enabled_and_bad_times_are_refused(aio):
    # Looked for every minute.
    assert all(60 in [task._periodic_spacing for task in c.periodic_tasks()]
               for c in _computes(aio))
    api = aio.client
    status, body = api.get('/os-instance_usage_audit_log/yesterday')
    assert (status, body['badRequest']['message']) == (
        400, 'Invalid timestamp for date yesterday')
    assert api.get('/os-instance_usage_audit_log/2026-01-01%2000:00:00.5'
                   )[0] == 200
    assert api.as_user('alice:demo').get(
        '/os-instance_usage_audit_log')[0] == 403
