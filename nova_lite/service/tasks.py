# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The periodic tasks of the services one process runs, on one worker,
and one heartbeat for all of them.

A process runs one service (a daemon) or a thousand (the all-in-one's
simulated hosts). A worker thread per service, each waking for its own
heartbeat, cost the all-in-one a thousand threads and a database write
per host every ``report_interval``; here a small pool of threads runs
every service's tasks, one service's tasks never two at a time (as they
ran on its own worker), and one statement beats the heartbeat of all.
The heartbeat no longer waits behind a service's slow task either.

A manager may also have shared tasks (``Manager.shared_tasks``): each
runs once for all the services of its kind in the process, given their
runs, so a thousand computes' periodic recounts read the database once,
not a thousand times.
"""
import contextlib
import functools
import threading

import futurist
from futurist import periodics
from oslo_db import exception as db_exc
from oslo_log import log as logging
import oslo_messaging as messaging

from nova_lite import context as nl_context
from nova_lite import metrics
from nova_lite.objects import service as service_obj

LOG = logging.getLogger(__name__)

# Threads that run the tasks: a task waits for the database or the
# conductor most of its time.
WORKERS = 4


class ServiceTasks:

    def __init__(self, conf):
        self.conf = conf
        self._records = {}
        # {manager class: [_ServiceRun]} of the managers with shared tasks
        self._kinds = {}
        self._records_lock = threading.Lock()
        self._worker = periodics.PeriodicWorker(
            [(self._heartbeats(), (), {})],
            executor_factory=lambda: futurist.ThreadPoolExecutor(WORKERS))
        self._thread = None

    def start(self):
        self._thread = threading.Thread(target=self._worker.start,
                                        name='service-tasks', daemon=True)
        self._thread.start()

    def add(self, record, tasks, manager=None):
        """Beat ``record``'s heartbeat and run its service's ``tasks``
        (``futurist.periodics.periodic`` callables) from now on, and its
        ``manager``'s shared tasks with those of its kind, until
        ``remove``: a handle for it."""
        running = _ServiceRun(record, manager)
        with self._records_lock:
            self._records[record.id] = running
            first = self._join_kind(running)
        for task in tasks:
            self._worker.add(running.guarded(task))
        if first:
            kind = type(manager)
            for task in kind.shared_tasks(self.conf):
                self._worker.add(self._for_kind(kind, task))
        return running

    def _join_kind(self, running):
        """Whether it is the first of its kind (under the records lock)."""
        if running.manager is None:
            return False
        kind = type(running.manager)
        first = kind not in self._kinds
        self._kinds.setdefault(kind, []).append(running)
        return first

    def _for_kind(self, kind, task):
        @functools.wraps(task)  # keeps the task's periodic spacing
        def run():
            runs = self.runs_of(kind)
            if runs:
                with timed(task):
                    task(runs)
        return run

    def runs_of(self, kind):
        """The runs of the services whose manager is a ``kind``, as its
        shared tasks are given them."""
        with self._records_lock:
            return list(self._kinds.get(kind, ()))

    def remove(self, running):
        """No more heartbeats or tasks of that service (a task of it under
        way finishes: ``running.wait()``)."""
        with self._records_lock:
            self._records.pop(running.record.id, None)
            runs = self._kinds.get(type(running.manager), [])
            if running in runs:  # removed once, however often asked
                runs.remove(running)
        running.end()

    def stop(self):
        self._worker.stop()

    def wait(self):
        if self._thread is not None:  # a worker never started never ends
            self._worker.wait()

    def _heartbeats(self):
        interval = self.conf.report_interval

        @periodics.periodic(interval, run_immediately=False)
        def heartbeat():
            with self._records_lock:
                records = [r.record for r in self._records.values()]
            if not records:
                return
            try:
                service_obj.ServiceList.heartbeat(
                    nl_context.get_admin_context(),
                    sorted(r.id for r in records))
            except (db_exc.DBConnectionError,
                    messaging.MessagingTimeout) as e:
                # The database or the conductor is away for a while (a
                # restart): one line each time, no traceback.
                LOG.error('heartbeat of %s failed, next in %d s: %s',
                          _named(records), interval,
                          str(e).splitlines()[0] if str(e) else repr(e))
            except Exception:
                LOG.exception('heartbeat of %s failed', _named(records))
        return heartbeat


def timed(task):
    """A run of ``task``, timed in the metrics under its name."""
    return metrics.PERIODIC_TASKS.labels(task.__name__).time()


def _named(records):
    """The services beaten, as a log line names them."""
    if len(records) == 1:
        return '%s on %s' % (records[0].binary, records[0].host)
    return '%d services' % len(records)


class _ServiceRun:
    """One service's place on the shared worker: its tasks one at a time,
    and none after it ended. A shared task takes its ``turn`` to act on
    it."""

    def __init__(self, record, manager=None):
        self.record = record
        self.manager = manager
        self._ended = False
        self._one_at_a_time = threading.Lock()

    @contextlib.contextmanager
    def turn(self):
        """Hold the service as one of its tasks would: True while it runs,
        False once it ended (nothing may act on it then)."""
        with self._one_at_a_time:
            yield not self._ended

    def guarded(self, task):
        @functools.wraps(task)  # keeps the task's periodic spacing
        def run(*args, **kwargs):
            with self._one_at_a_time:
                if self._ended:
                    raise periodics.NeverAgain()
                with timed(task):
                    return task(*args, **kwargs)
        return run

    def end(self):
        self._ended = True

    def wait(self):
        """Returns once a task of it under way has finished."""
        with self._one_at_a_time:
            pass
