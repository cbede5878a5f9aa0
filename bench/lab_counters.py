# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""What a lab's boots cost the machine's broker and database, counted
where they are served: the RabbitMQ node's global message counters
(``rabbit_global_counters``, no plugin needed) and MariaDB's statement
counters (``SHOW GLOBAL STATUS``).

and the CPU time of every process of the lab's kinds on this machine
(/proc), by kind.

All are machine-wide: run the bench on a quiet machine, where the lab
is the broker's and the database's only client. ``background()``
samples the lab idle (heartbeats, periodic reports) so a round's figures
can be read net of it.
"""
import os
import re
import subprocess
import time

import pymysql

STATEMENTS = ('Com_select', 'Com_insert', 'Com_update', 'Com_delete',
              'Com_begin', 'Com_commit', 'Com_rollback', 'Questions')
MESSAGES = ('messages_received_total', 'messages_routed_total')


def broker_messages():
    """Messages published to and routed by the broker so far (AMQP)."""
    out = subprocess.run(
        ['rabbitmqctl', 'eval',
         'maps:get([{protocol,amqp091}], rabbit_global_counters:overview()).'],
        capture_output=True, text=True, timeout=60, check=True).stdout
    found = dict(re.findall(r'(\w+) => (-?\d+)', out))
    return {name: int(found[name]) for name in MESSAGES}


def database_statements():
    """MariaDB's statement counters so far (every client's)."""
    connection = pymysql.connect(host='127.0.0.1', port=3306, user='root')
    try:
        with connection.cursor() as cursor:
            cursor.execute('SHOW GLOBAL STATUS')
            status = dict(cursor.fetchall())
    finally:
        connection.close()
    return {name: int(status[name]) for name in STATEMENTS}


KINDS = ('nova-lite-api', 'nova-lite-conductor', 'nova-lite-scheduler',
         'nova-lite-compute', 'mariadbd', 'rabbitmq')


def cpu_seconds():
    """CPU seconds (user + system) used so far by the processes of each
    kind: the lab's services, the machine's database and broker, and
    this bench."""
    used = dict.fromkeys(('cpu ' + kind for kind in KINDS + ('bench',)),
                         0.0)
    for pid in filter(str.isdigit, os.listdir('/proc')):
        try:
            with open('/proc/%s/cmdline' % pid) as cmdline:
                command = cmdline.read()
            with open('/proc/%s/stat' % pid) as stat:
                fields = stat.read().rsplit(')', 1)[1].split()
        except OSError:
            continue  # gone meanwhile
        kind = _kind(command)
        if kind:
            used['cpu ' + kind] += (int(fields[11]) + int(fields[12])) / \
                os.sysconf('SC_CLK_TCK')
    return used


def _kind(command):
    if 'beam.smp' in command and 'rabbit' in command:
        return 'rabbitmq'
    if 'bench/boot.py' in command:
        return 'bench'  # its REST clients and list polls
    for kind in KINDS:
        if kind in command:
            return kind
    return None


def read():
    return dict(broker_messages(), **database_statements(), **cpu_seconds())


def difference(after, before):
    return {name: after[name] - before[name] for name in after}


def background(seconds):
    """The counters' growth per second with the lab idle."""
    before = read()
    time.sleep(seconds)
    return {name: value / seconds
            for name, value in difference(read(), before).items()}


def per_boot(grown, seconds, idle, boots, extra=None):
    """Each counter's growth per boot over a round of ``seconds``, net of
    the idle lab's and of ``extra`` (the bench's own reads)."""
    extra = extra or {}
    return {name: (value - idle[name] * seconds - extra.get(name, 0))
            / boots for name, value in grown.items()}
