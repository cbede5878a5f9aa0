# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""What the lab asks of the machine's own services: a RabbitMQ vhost and
a database of its own (so that it shares no queue or table with anything
else on them), and the broker reachable on the controller's address.

The machine's RabbitMQ listens on loopback only and lets ``guest`` in
from loopback only, so the lab forwards the controller's lab address,
port 5672, to it with socat: the computes, in their namespaces, reach the
broker on the controller's address as they would on separate machines.
"""
import subprocess

import sqlalchemy as sa

from nova_lite_tools.lab import broker_cluster
from nova_lite_tools.lab import galera_cluster

SERVERS = {
    'mysql': ('mysql+mysqldb://root@127.0.0.1:3306/%s?charset=utf8mb4',
              'mysql'),
    'postgresql': ('postgresql+psycopg://postgres@127.0.0.1:5432/%s',
                   'postgres'),
}
GALERA = 'mysql+mysqldb://root@127.0.0.1:%d/%s?charset=utf8mb4'
BROKER_PORT = 5672


class ServiceError(Exception):
    pass


def database_url(layout, database=None):
    """The lab's database (or ``database`` on the same server): on the
    machine's server, or through the front of the lab's Galera
    cluster."""
    name = database or layout.database_name
    if layout.galera:
        return GALERA % (galera_cluster.front_port(layout), name)
    return SERVERS[layout.database][0] % name


def transport_url(layout, host):
    """The broker as reached from ``host``: the machine's (the lab's
    vhost), or every node of the lab's own cluster."""
    if layout.rabbit_nodes:
        return broker_cluster.transport_url(layout, host)
    return 'rabbit://guest:guest@%s:%d/%s' % (host, BROKER_PORT,
                                              layout.vhost)


def create_database(layout):
    """Create the lab's database unless it exists (a lab brought down and
    up again keeps its flavors and servers)."""
    name = layout.database_name
    with _admin(layout) as conn:
        if layout.database == 'postgresql':
            exists = conn.exec_driver_sql(
                'SELECT 1 FROM pg_database WHERE datname = %(name)s',
                {'name': name}).first()
            if not exists:
                conn.exec_driver_sql('CREATE DATABASE %s' % name)
        else:
            conn.exec_driver_sql('CREATE DATABASE IF NOT EXISTS %s' % name)


def drop_database(layout):
    name = layout.database_name
    with _admin(layout) as conn:
        if layout.database == 'postgresql':
            conn.exec_driver_sql(
                'SELECT pg_terminate_backend(pid) FROM pg_stat_activity '
                'WHERE datname = %(name)s', {'name': name})
        conn.exec_driver_sql('DROP DATABASE IF EXISTS %s' % name)


class _admin:
    def __init__(self, layout):
        self.engine = sa.create_engine(
            database_url(layout, SERVERS[layout.database][1]),
            isolation_level='AUTOCOMMIT', poolclass=sa.pool.NullPool)

    def __enter__(self):
        try:
            self.conn = self.engine.connect()
        except sa.exc.OperationalError as e:
            raise ServiceError('cannot reach the database server: %s'
                               % e.orig)
        return self.conn

    def __exit__(self, *exc):
        self.conn.close()
        self.engine.dispose()


def create_vhost(layout):
    _rabbitmqctl('add_vhost', layout.vhost, tolerate='already exists')
    _rabbitmqctl('set_permissions', '-p', layout.vhost, 'guest',
                 '.*', '.*', '.*')


def delete_vhost(layout):
    _rabbitmqctl('delete_vhost', layout.vhost, tolerate='not found')


def _rabbitmqctl(*args, tolerate=None):
    try:
        result = subprocess.run(('rabbitmqctl',) + args, capture_output=True,
                                text=True, timeout=120)
    except FileNotFoundError:
        raise ServiceError('rabbitmqctl not found: the lab needs the '
                           "machine's RabbitMQ")
    output = result.stdout + result.stderr
    if result.returncode and not (tolerate and tolerate in output):
        raise ServiceError('rabbitmqctl %s: %s' % (' '.join(args),
                                                   output.strip()))


def broker_forwarder(layout):
    """The argv of the forwarder from the controller's lab address to
    the broker on loopback."""
    return ['socat', 'TCP-LISTEN:%d,bind=%s,fork,reuseaddr' % (
        BROKER_PORT, layout.controller_ip),
        'TCP:127.0.0.1:%d' % BROKER_PORT]
