# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Request schema of a server's shares (2.97): the share to attach and
the tag its guest sees it by."""

attach = {
    'type': 'object',
    'properties': {
        'share': {
            'type': 'object',
            'properties': {
                'share_id': {'type': 'string', 'format': 'uuid'},
                'tag': {'type': 'string', 'minLength': 1, 'maxLength': 255,
                        'pattern': '^[a-zA-Z0-9-_]+$'},
            },
            'required': ['share_id'],
            'additionalProperties': False,
        },
    },
    'required': ['share'],
    'additionalProperties': False,
}
