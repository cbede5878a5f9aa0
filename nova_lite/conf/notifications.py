# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""``[notifications]``: what nova_lite publishes of its state changes,
as Nova's versioned notifications. Where they go is oslo.messaging's
``[oslo_messaging_notifications]`` (``driver = messagingv2`` to send
them; its default sends nothing)."""
from oslo_config import cfg

notifications_group = cfg.OptGroup('notifications', title='Notifications')

opts = [
    cfg.StrOpt('notification_format', default='versioned',
               choices=[('versioned', 'Nova\'s versioned notifications, '
                         'their payloads versioned objects'),
                        ('both', 'the same: the legacy format is not '
                         'published'),
                        ('unversioned', 'none: the legacy format is not '
                         'published')],
               help="""
Which notifications to publish. Only the versioned format exists here;
``unversioned`` turns them off.
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
