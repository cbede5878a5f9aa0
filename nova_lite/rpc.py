# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""oslo.messaging plumbing: one transport per process, object serializer.

The all-in-one uses the in-process ``fake://`` driver, which only delivers
messages between servers and clients built on the same transport object;
hence the single cached transport.
"""
import threading
import time

from oslo_log import log as logging
import oslo_messaging as messaging
from oslo_messaging import opts as messaging_opts
from stevedore import driver

from nova_lite import context as nl_context
from nova_lite import metrics
from nova_lite.notifications import sender
from nova_lite.objects import base as objects_base

LOG = logging.getLogger(__name__)
SHARED_LISTENERS = 'nova_lite.rpc.shared_listeners'
_transport = None
_shared = None
_lock = threading.Lock()


def register_opts(conf):
    """oslo.messaging registers its options on first use; do it now
    (those of every group: a test may set a notification driver before
    the first notification)."""
    for group, opts in messaging_opts.list_opts():
        conf.register_opts(opts, group=group)


def set_default_url(conf, url):
    """Default ``transport_url``: a config file setting still wins."""
    register_opts(conf)
    conf.set_default('transport_url', url)


def set_default_pool_size(conf, size):
    """Default ``executor_thread_pool_size``; a config file still wins."""
    register_opts(conf)
    messaging_opts.set_defaults(conf, executor_thread_pool_size=size)


class RequestContextSerializer(messaging.Serializer):
    """Sends the request context and versioned objects over the wire."""

    def __init__(self, base=None):
        self._base = base or objects_base.NovaLiteObjectSerializer()

    def serialize_entity(self, context, entity):
        return self._base.serialize_entity(context, entity)

    def deserialize_entity(self, context, entity):
        return self._base.deserialize_entity(context, entity)

    def serialize_context(self, context):
        return context.to_dict()

    def deserialize_context(self, context):
        return nl_context.RequestContext.from_dict(context)


def get_transport(conf):
    global _transport
    with _lock:
        if _transport is None:
            _transport = messaging.get_rpc_transport(
                conf, allowed_remote_exmods=['nova_lite.exception'])
        return _transport


def cleanup():
    """At a process's stop: the notifications still queued are sent (a
    couple of seconds at most), then the broker connections close."""
    global _transport, _shared
    sender.reset()
    with _lock:
        if _shared:
            _shared.close()
        _shared = None
        if _transport is not None:
            _transport.cleanup()
            _transport = None


def get_server(conf, target, endpoints, shared=False):
    """``shared``: the server is one of many in this process (the
    all-in-one's simulated computes), which then receive through the
    shared listener ``[all_in_one] shared_rpc_listener`` names, if it
    takes this transport."""
    transport = get_transport(conf)
    extra = {}
    listener = _shared_listener(conf, transport) if shared else None
    if listener:
        extra['server_cls'] = listener.server_class
    return messaging.get_rpc_server(
        transport, target, endpoints, executor='threading',
        serializer=RequestContextSerializer(),
        access_policy=messaging.DefaultRPCAccessPolicy, **extra)


def _shared_listener(conf, transport):
    """The process's shared listener (entry point group
    ``nova_lite.rpc.shared_listeners``): made once, called with the
    transport and the process's host; None (each server listens alone)
    if none is named, or if it does not take this transport."""
    global _shared
    with _lock:
        if _shared is None:
            _shared = _load_shared_listener(conf, transport) or False
        return _shared or None


def _load_shared_listener(conf, transport):
    name = conf.all_in_one.shared_rpc_listener
    if not name:
        return None
    try:
        make = driver.DriverManager(SHARED_LISTENERS, name).driver
    except Exception:
        LOG.warning('the shared RPC listener %s could not be loaded: each '
                    'RPC server listens on its own', name, exc_info=True)
        return None
    return make(transport, conf.host)


def get_client(conf, target, version_cap=None):
    return TimedClient(messaging.get_rpc_client(
        get_transport(conf), target, version_cap=version_cap,
        serializer=RequestContextSerializer()), target.topic)


class TimedClient:
    """An RPC client whose calls' round trips go to the metrics (by topic
    and method); a cast waits for nothing and is not timed. The rest is
    the client's own."""

    def __init__(self, client, topic):
        self.client = client
        self.topic = topic

    def prepare(self, **kwargs):
        return TimedClient(self.client.prepare(**kwargs),
                           kwargs.get('topic') or self.topic)

    def call(self, ctxt, method, **kwargs):
        started = time.monotonic()
        try:
            return self.client.call(ctxt, method, **kwargs)
        finally:
            metrics.RPC_CALLS.labels(self.topic, method).observe(
                time.monotonic() - started)

    def __getattr__(self, name):
        return getattr(self.client, name)
