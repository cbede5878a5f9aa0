# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""``[notifications]``: what nova_lite publishes of its state changes,
as Nova's versioned notifications (and its legacy ones of servers).
Where they go is oslo.messaging's ``[oslo_messaging_notifications]``
(``driver = messagingv2`` to send them; its default sends nothing)."""
from oslo_config import cfg

notifications_group = cfg.OptGroup('notifications', title='Notifications')

opts = [
    cfg.StrOpt('notification_format', default='versioned',
               choices=[('versioned', 'Nova\'s versioned notifications, '
                         'their payloads versioned objects'),
                        ('unversioned', 'Nova\'s legacy notifications of '
                         'servers (compute.instance.*), their payloads '
                         'plain dicts'),
                        ('both', 'both')],
               help="""
Which notifications to publish. The versioned ones go to
``versioned_notifications_topics``; the legacy ones (a server's
``compute.instance.<action>.<phase>`` and ``compute.instance.update``
from ``compute.<host>``, the keys Nova's legacy format has) to
``[oslo_messaging_notifications] topics``. Nova's default is
``unversioned``; here it is ``versioned``, the format Nova develops and
the only one with published schemas.
"""),
    cfg.StrOpt('notify_on_state_change',
               choices=[(None, 'no instance.update'),
                        ('vm_state', 'instance.update at every write of a '
                         'server, its states old and new where its VM '
                         'state changed'),
                        ('vm_and_task_state', 'the same, where its VM or '
                         'its task state changed')],
               help="""
Publish ``instance.update`` (``InstanceUpdatePayload``) whenever a
server's record is written, as Nova does with this option: the old and
new VM and task states where they changed as this option says, else the
current ones twice and, if the name changed, the old name. Unset (the
default), no ``instance.update`` is published.
"""),
    cfg.ListOpt('versioned_notifications_topics',
                default=['versioned_notifications'], help="""
Topics the versioned notifications are published on.
"""),
    cfg.IntOpt('queue_size', default=1000, min=1, help="""
Notifications waiting to be sent, at most. Publishing never waits for the
broker: beyond this many, a notification is dropped and counted
(``nova_lite_notifications_dropped_total``).
"""),
]


def register_opts(conf):
    conf.register_group(notifications_group)
    conf.register_opts(opts, group=notifications_group)


def list_opts():
    return [(notifications_group, opts)]
