# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Publishing without waiting: a notification is put on a bounded queue
and a thread of the process sends it through oslo.messaging's Notifier,
a versioned one on ``[notifications] versioned_notifications_topics``, a
legacy one on ``[oslo_messaging_notifications] topics``.
A broker that is slow or away never holds up the work that notifies;
beyond ``[notifications] queue_size`` waiting, a notification is dropped
and counted in the metrics.
"""
import queue
import threading

from oslo_log import log as logging
import oslo_messaging as messaging

from nova_lite import metrics

LOG = logging.getLogger(__name__)
_sender = None
_lock = threading.Lock()
VERSIONED, LEGACY = 'versioned', 'unversioned'


class Sender:

    def __init__(self, conf):
        self.transport = messaging.get_notification_transport(conf)
        self._notifiers = {}
        self._topics = {
            VERSIONED: conf.notifications.versioned_notifications_topics,
            LEGACY: None}  # oslo.messaging's own: its [..] topics
        self._waiting = queue.Queue(conf.notifications.queue_size)
        # oslo.messaging's Notifier counts an empty driver list as
        # enabled (it sends to no driver): only a driver named is.
        sending = self._notifier('probe', VERSIONED).is_enabled() and \
            bool(set(conf.oslo_messaging_notifications.driver) - {'noop'})
        asked = conf.notifications.notification_format
        self._formats = {VERSIONED: sending and asked != 'unversioned',
                         LEGACY: sending and asked != 'versioned'}
        self._dropped = 0
        self._thread = threading.Thread(target=self._send_all,
                                        name='notifications', daemon=True)
        if sending:  # nothing to send otherwise
            self._thread.start()

    def enabled(self, form=VERSIONED):
        """Whether notifications of this form (``VERSIONED`` or
        ``LEGACY``) would be sent: a driver is configured and
        ``[notifications] notification_format`` asks for them."""
        return self._formats[form]

    def send(self, context, publisher_id, event_type, priority, payload,
             form=VERSIONED):
        try:
            self._waiting.put_nowait((context.to_dict(), publisher_id,
                                      event_type, priority, (form, payload)))
        except queue.Full:
            metrics.NOTIFICATIONS_DROPPED.inc()
            self._dropped += 1
            if self._dropped % 100 == 1:  # the first, then one in 100
                LOG.warning('notification %s dropped: %d are waiting to be '
                            'sent (%d dropped so far)', event_type,
                            self._waiting.maxsize, self._dropped)

    def flush(self, timeout=10):
        """Wait until what was queued so far is sent (tests)."""
        if not self._thread.is_alive():
            return True
        done = threading.Event()
        self._waiting.put((None, None, None, None, done))
        return done.wait(timeout)

    def close(self, timeout=2):
        """Send what is queued (for up to ``timeout`` s), then stop and
        let the broker connection go."""
        if self._thread.is_alive():
            try:
                self._waiting.put((None, None, None, None, None),
                                  timeout=timeout)
            except queue.Full:
                pass
            self._thread.join(timeout)
        self.transport.cleanup()

    def _notifier(self, publisher_id, form):
        if (publisher_id, form) not in self._notifiers:
            self._notifiers[publisher_id, form] = messaging.Notifier(
                self.transport, publisher_id=publisher_id,
                topics=self._topics[form],
                serializer=messaging.JsonPayloadSerializer())
        return self._notifiers[publisher_id, form]

    def _send_all(self):
        while True:
            context, publisher_id, event_type, priority, payload = \
                self._waiting.get()
            if context is None:
                if payload is None:
                    return  # closed
                payload.set()  # a flush
                continue
            form, payload = payload
            try:
                notify = getattr(self._notifier(publisher_id, form),
                                 priority.lower())
                notify(context, event_type, payload)
            except Exception:  # one lost notification, not the thread
                LOG.exception('notification %s could not be sent',
                              event_type)


def get(conf):
    """The process's sender (made at the first notification)."""
    global _sender
    with _lock:
        if _sender is None:
            _sender = Sender(conf)
        return _sender


def reset():
    """Close the sender: the next is made with the then configuration
    (tests)."""
    global _sender
    with _lock:
        if _sender is not None:
            _sender.close()
        _sender = None
