# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The request schema of POST /os-server-external-events: the event
names grow with the microversion (objects.external_event.NAMES_SINCE)."""
from nova_lite.objects import external_event


def _create(names):
    return {
        'type': 'object',
        'properties': {
            'events': {
                'type': 'array', 'minItems': 1,
                'items': {
                    'type': 'object',
                    'properties': {
                        'server_uuid': {'type': 'string', 'format': 'uuid'},
                        'name': {'type': 'string', 'enum': list(names)},
                        'status': {'type': 'string',
                                   'enum': list(external_event.STATUSES)},
                        'tag': {'type': 'string', 'maxLength': 255},
                    },
                    'required': ['server_uuid', 'name'],
                    'additionalProperties': False,
                },
            },
        },
        'required': ['events'],
        'additionalProperties': False,
    }


def by_version():
    """(schema, min version, max version) per range of versions."""
    ranges, names = [], []
    since = [since for since, _names in external_event.NAMES_SINCE]
    for index, (low, added) in enumerate(external_event.NAMES_SINCE):
        names = names + list(added)
        high = None
        if index + 1 < len(since):
            major, minor = since[index + 1].split('.')
            high = '%s.%d' % (major, int(minor) - 1)
        ranges.append((_create(names), low, high))
    return ranges
