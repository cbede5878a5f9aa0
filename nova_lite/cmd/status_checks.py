# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""What ``nova-lite-status upgrade check`` looks at, each check answering
an oslo.upgradecheck Result whose details say what to do: the schema at
this release's head, no compute older than the previous release, the
placement API answering at this release's version with a provider for
every compute node, and a policy file that loads and names only rules
this release has.
"""
import functools

from oslo_db import exception as db_exc
from oslo_policy import policy
from oslo_upgradecheck import upgradecheck
import requests
import sqlalchemy as sa

from nova_lite.api.placement import version as placement_version
from nova_lite.api import policies
from nova_lite.db import engine
from nova_lite.db import migration
from nova_lite.db import models
from nova_lite.objects import service as service_obj

SUCCESS = upgradecheck.Code.SUCCESS
WARNING = upgradecheck.Code.WARNING
FAILURE = upgradecheck.Code.FAILURE
SYNC = 'Run `nova-lite-manage db sync`.'
PLACEMENT_TIMEOUT = 5  # seconds


_DATABASE_ERRORS = (sa.exc.SQLAlchemyError, db_exc.DBError)


def _result(code, details=None):
    return upgradecheck.Result(code, details)


def _reads_database(check):
    """A check whose database cannot be read (down, or without this
    table yet) fails saying so, instead of breaking the whole run."""
    @functools.wraps(check)
    def checked(*args, **kwargs):
        try:
            return check(*args, **kwargs)
        except _DATABASE_ERRORS as e:
            return _result(FAILURE, 'The database cannot be read: %s' % (
                str(e).splitlines()[0]))
    return checked


@_reads_database
def database_at_head():
    current = migration.current_revision(engine.get_engine())
    head = migration.head_revision()
    if current == head:
        return _result(SUCCESS)
    if current is None:
        return _result(FAILURE, 'The database has no schema. ' + SYNC)
    if not migration.known_revision(current):
        return _result(FAILURE, 'The database schema is at %s, which this '
                       'release does not know: it is newer than %s.'
                       % (current, head))
    return _result(FAILURE, 'The database schema is at %s; this release '
                   'needs %s. %s' % (current, head, SYNC))


def _compute_versions():
    services = models.Service.__table__
    query = sa.select(services.c.host, services.c.version).where(
        services.c.binary == service_obj.COMPUTE_BINARY).order_by(
        services.c.host)
    with engine.get_engine().connect() as conn:
        return [(host, version or 0) for host, version in conn.execute(query)]


@_reads_database
def computes_in_step():
    """Nova's "older than N-1" rule: a compute of the release before the
    previous one cannot talk to this release's services."""
    found = _compute_versions()
    oldest = service_obj.OLDEST_SUPPORTED_SERVICE_VERSION
    old = ['%s (%d)' % row for row in found if row[1] < oldest]
    if old:
        return _result(FAILURE, 'Computes older than the previous release '
                       '(service version below %d) must be upgraded '
                       'first, or their services deleted: %s.'
                       % (oldest, ', '.join(old)))
    newer = ['%s (%d)' % row for row in found
             if row[1] > service_obj.SERVICE_VERSION]
    if newer:
        return _result(WARNING, 'Computes run a newer release than this '
                       'check (service version above %d): %s. Run the '
                       'check of the release they run.'
                       % (service_obj.SERVICE_VERSION, ', '.join(newer)))
    return _result(SUCCESS)


def _placement_url(conf):
    host = conf.placement.listen
    if host in ('0.0.0.0', '::', ''):
        host = '127.0.0.1'
    if ':' in host:
        host = '[%s]' % host
    return 'http://%s:%d/' % (host, conf.placement.port)


def _numbers(version):
    return tuple(int(part) for part in version.split('.'))


def _served_version(url):
    """(the newest microversion the placement API at ``url`` serves,
    None) or (None, what went wrong)."""
    try:
        answer = requests.get(url, timeout=PLACEMENT_TIMEOUT)
        answer.raise_for_status()
        served = answer.json()['versions'][0]['max_version']
        _numbers(served)  # a version, or one of the errors below
        return served, None
    except requests.ConnectionError:
        return None, ('Nothing answers at %s, where [placement] listen and '
                      'port say the placement API is.' % url)
    except (requests.RequestException, ValueError, KeyError, IndexError,
            TypeError, AttributeError) as e:
        return None, ('The placement API at %s does not answer its version '
                      'document: %s' % (url, e))


def placement_in_step(conf):
    if not conf.placement.enabled:
        return _result(WARNING, 'This configuration does not serve the '
                       'placement API ([placement] enabled = false): run '
                       'the check with the configuration of a host that '
                       'serves it.')
    url = _placement_url(conf)
    served, problem = _served_version(url)
    if problem:
        return _result(FAILURE, problem)
    needed = placement_version.MAX_VERSION
    if _numbers(served) < _numbers(needed):
        return _result(FAILURE, 'The placement API at %s serves up to '
                       'microversion %s; this release needs %s. Upgrade '
                       'the API service first.' % (url, served, needed))
    return _providers_of_compute_nodes()


def _nodes_without_provider():
    nodes = models.ComputeNode.__table__
    providers = models.ResourceProvider.__table__
    query = sa.select(nodes.c.host, nodes.c.uuid).where(
        ~sa.exists().where(providers.c.uuid == nodes.c.uuid)).order_by(
        nodes.c.host)
    with engine.get_engine().connect() as conn:
        return list(conn.execute(query))


@_reads_database
def _providers_of_compute_nodes():
    missing = ['%s (%s)' % tuple(row) for row in _nodes_without_provider()]
    if missing:
        return _result(WARNING, 'Compute nodes without a resource '
                       'provider: %s. A compute reports its node when it '
                       'starts; for one that runs, `nova-lite-manage '
                       'placement audit` says more.' % ', '.join(missing))
    return _result(SUCCESS)


def policy_rules(conf):
    enforcer = policy.Enforcer(conf)
    enforcer.register_defaults(policies.list_rules())
    path = conf.find_file(conf.oslo_policy.policy_file)
    if path is None:
        return _result(SUCCESS, 'No policy file: the defaults apply.')
    try:
        enforcer.load_rules(force_reload=True)
        enforcer.check_rules(raise_on_violation=True)
    except policy.InvalidDefinitionError as e:
        return _result(FAILURE, 'The policy file %s has rules that name '
                       'an undefined rule or each other in a circle: %s'
                       % (path, e))
    except ValueError as e:  # the file's syntax, as its parser says
        return _result(FAILURE, 'The policy file %s cannot be loaded: %s'
                       % (path, e))
    unknown = sorted(set(enforcer.file_rules) -
                     set(enforcer.registered_rules))
    if unknown:
        return _result(WARNING, 'The policy file %s sets rules this '
                       'release does not have (a typo, or a rule that was '
                       'removed): %s.' % (path, ', '.join(unknown)))
    return _result(SUCCESS)
