# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""A consumer of versioned notifications, as billing or auditing tools
run one: an oslo.messaging notification listener on the
``versioned_notifications`` topic, and each payload checked against the
schema ``nova-lite-manage notification schemas`` publishes."""
import threading
import time

import jsonschema
import oslo_messaging as messaging

from nova_lite.notifications import schemas
from tests.functional import compute_calls


class Received:
    """The notifications a listener received, in the order sent."""

    def __init__(self):
        self.found = []
        self._earlier = []
        self._lock = threading.Lock()

    def _add(self, priority, publisher_id, event_type, payload, metadata):
        with self._lock:
            self.found.append((metadata['timestamp'], priority,
                               publisher_id, event_type, payload))

    def info(self, ctxt, publisher_id, event_type, payload, metadata):
        self._add('INFO', publisher_id, event_type, payload, metadata)

    def error(self, ctxt, publisher_id, event_type, payload, metadata):
        self._add('ERROR', publisher_id, event_type, payload, metadata)

    def events(self, about=None):
        """(event type, priority, publisher) in the order sent, of those
        whose payload is about the server ``about`` (or all)."""
        with self._lock:
            found = sorted(self.found, key=lambda entry: entry[0])
        return [(event, priority, publisher)
                for _at, priority, publisher, event, payload in found
                if about is None or payload['nova_object.data'].get(
                    'uuid') == about]

    def clear(self):
        """Forget what came so far; answer its events and keep its
        payloads for ``payloads_at_start``."""
        events = self.events()
        with self._lock:
            self._earlier, self.found = self.found, []
        return events

    def payloads_at_start(self, event_type):
        return [entry[4] for entry in self._earlier
                if entry[3] == event_type]

    def payloads(self, event_type):
        with self._lock:
            return [entry[4] for entry in self.found
                    if entry[3] == event_type]

    def wait_for(self, event_type, about=None, count=1, timeout=30):
        """Until ``count`` notifications of ``event_type`` came."""
        deadline = time.monotonic() + timeout
        while [e[0] for e in self.events(about)].count(event_type) < count:
            assert time.monotonic() < deadline, self.events(about)
            time.sleep(0.05)


def listen(transport, topic='versioned_notifications'):
    """(listener started, Received)."""
    return listen_on(transport, topic, None)


def listen_on(transport, topic, exchange):
    """(listener started, Received) on ``exchange`` (None: the
    transport's configured one)."""
    received = Received()
    listener = messaging.get_notification_listener(
        transport, [messaging.Target(topic=topic, exchange=exchange)],
        [received], executor='threading')
    listener.start()
    return listener, received


def stop(listener):
    listener.stop()
    listener.wait()


def invalid_payloads(received):
    """[(event type, error)] of the payloads their schema refuses."""
    wrong = []
    for _at, _priority, _publisher, event_type, payload in received.found:
        schema = schemas.of(payload['nova_object.name'])
        errors = sorted(jsonschema.Draft4Validator(
            schema, format_checker=jsonschema.FormatChecker()).iter_errors(
            payload), key=str)
        if errors:
            wrong.append((event_type, errors[0].message))
    return wrong


def sample(counter):
    """A counter's value, as a scrape reads it."""
    return next(sample.value for family in counter.collect()
                for sample in family.samples
                if sample.name.endswith('_total'))


KEY = ('ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAAAgQDx8nkQv/zgGgB4rMYmIf+6A4l6Rr'
       '+o/6lHBQdW5aYd44bd8JttDCE/F/pNRr0lRE+PiqSPO8nDPHw0010JeMH9gYgnnFl'
       'yY3/OcJ02RhIPyyxYpv9FhY+2YiUkpwFOcLImyrxEsYXpD/0d3ac30bNH6Sw9JD9UZ'
       'HYcpSxsIbECHw== test')


def live_a_life(api, received):
    """A flavor and a key pair made, a server built with the key,
    stopped, started, resized to another host (and confirmed) and
    deleted; (the server as built, as resized), once its delete is
    notified."""
    api.create_flavor('m1', flavor_id='m1')
    api.create_flavor('m2', flavor_id='m2', ram=1024)
    assert api.post('/os-keypairs', {'keypair': {
        'name': 'k', 'public_key': KEY}})[0] == 200
    server = api.boot('m1', key_name='k')
    assert server['status'] == 'ACTIVE'
    path = '/servers/%s/action' % server['id']
    for action, state in (('os-stop', 'SHUTOFF'), ('os-start', 'ACTIVE')):
        assert api.post(path, {action: None})[0] == 202
        api.wait_server(server['id'], (state,), settled=True)
    resized = compute_calls.resized(api, server['id'], 'm2')
    assert api.delete('/servers/%s' % server['id'])[0] == 204
    received.wait_for('instance.delete.end', server['id'])
    return server, resized


def life_events(api_host, built, resized):
    """What ``live_a_life`` is notified as, in order: (event type,
    priority, publisher)."""
    api = 'nova-api:%s' % api_host
    source = 'nova-compute:%s' % built['OS-EXT-SRV-ATTR:host']
    dest = 'nova-compute:%s' % resized['OS-EXT-SRV-ATTR:host']

    def phases(*actions):
        return [('instance.%s.%s' % (action, phase), 'INFO', host)
                for action, host in actions for phase in ('start', 'end')]
    return [('flavor.create', 'INFO', api)] * 2 + [
        ('keypair.import.start', 'INFO', api),
        ('keypair.import.end', 'INFO', api)] + phases(
        ('create', source), ('power_off', source), ('power_on', source)) + [
        # What it was until it changes (billing), from the destination.
        ('instance.exists', 'INFO', dest)] + phases(
        ('resize_prep', dest), ('resize', source), ('resize_finish', dest),
        ('resize_confirm', source)) + [
        ('instance.%s' % event, 'INFO', dest) for event in (
            'delete.start', 'shutdown.start', 'shutdown.end', 'delete.end')]
