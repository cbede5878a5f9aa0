# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The Prometheus metrics of every nova_lite process (prometheus_client's
process registry), counted where the work is done; ``[metrics]`` says
where a process serves them (``nova_lite.api.metrics_app``).

Each process counts what it does itself: the API its requests and the
servers' states, the scheduler its decisions, whichever process writes
to placement its claims and conflicts, every RPC client its calls, a
compute its builds, the process that records a move's end (the
conductor) its duration, every process its periodic tasks.
"""
import prometheus_client as prom

# No ``*_created`` series beside each one: they double a scrape's size
# (hundreds of routes and statuses) and say nothing a restart does not.
prom.disable_created_metrics()
_LONG = (0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600)
# A request's time: fewer buckets than prometheus_client's 15, since a
# series of them is kept per route and status.
_REQUEST = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10)

API_REQUESTS = prom.Counter(
    'nova_lite_api_requests',
    'HTTP requests answered, by API (compute, placement, image), method, '
    'route template and status.', ['api', 'method', 'route', 'status'])
API_LATENCY = prom.Histogram(
    'nova_lite_api_request_duration_seconds',
    'Time to answer an HTTP request, by API, method, route template and '
    'status.', ['api', 'method', 'route', 'status'], buckets=_REQUEST)
SCHEDULING = prom.Counter(
    'nova_lite_scheduler_decisions',
    'Scheduling requests answered: a host selected, or NoValidHost.',
    ['result'])
NO_VALID_HOST = prom.Counter(
    'nova_lite_scheduler_no_valid_host',
    'NoValidHost answers by reason: the filter that removed the last '
    'hosts, or no_host_in_scope, no_compute_hosts, '
    'requested_host_unavailable, placement_no_room.', ['reason'])
FILTER_REJECTIONS = prom.Counter(
    'nova_lite_scheduler_filter_rejected_hosts',
    'Hosts each scheduler filter removed.', ['filter'])
CLAIMS = prom.Counter(
    'nova_lite_placement_claims',
    "The scheduler's claims in placement: claimed, or refused (no room "
    'left, or the server group refused it).', ['result'])
WRITE_CONFLICTS = prom.Counter(
    'nova_lite_placement_write_conflicts',
    'Placement writes that met a concurrent writer (a stale generation '
    'or a deadlock), by outcome: retried, or given up (a 409).',
    ['outcome'])
RPC_CALLS = prom.Histogram(
    'nova_lite_rpc_call_duration_seconds',
    'Round trip of an RPC call, by topic and method.', ['topic', 'method'])
BUILDS = prom.Histogram(
    'nova_lite_build_duration_seconds',
    'A build on a compute, from its claim to ACTIVE or its failure, by '
    'result (active, failed).', ['result'], buckets=_LONG)
MOVES = prom.Histogram(
    'nova_lite_move_duration_seconds',
    'A move from its acceptance to its end, by type (resize, migration, '
    'live-migration, evacuation) and final status.', ['type', 'status'],
    buckets=_LONG)
PERIODIC_TASKS = prom.Histogram(
    'nova_lite_periodic_task_duration_seconds',
    'A run of a periodic task, by task.', ['task'], buckets=_LONG)

NOTIFICATIONS_DROPPED = prom.Counter(
    'nova_lite_notifications_dropped',
    'Notifications dropped because too many were waiting to be sent.')


def wsgi_app():
    """The WSGI app that answers a scrape (any path)."""
    return prom.make_wsgi_app(prom.REGISTRY)


def watch(collector):
    """Add a collector (read at each scrape) to the process's registry,
    once however often asked (several all-in-ones in one process)."""
    try:
        prom.REGISTRY.register(collector)
    except ValueError:  # its metric names are registered already
        pass
