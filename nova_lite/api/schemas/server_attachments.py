# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Request schemas of os-volume_attachments (2.49 tag, 2.79
delete_on_termination) and os-interface."""
import copy

from nova_lite.api.schemas import servers

_uuid = {'type': 'string', 'format': 'uuid'}
_device = {'type': ['string', 'null'],
           'pattern': '(^/dev/x{0,1}[a-z]{0,1}d{0,1})([a-z]+)[0-9]*$'}

attach_volume = {
    'type': 'object',
    'properties': {
        'volumeAttachment': {
            'type': 'object',
            'properties': {'volumeId': _uuid, 'device': _device},
            'required': ['volumeId'],
            'additionalProperties': False,
        },
    },
    'required': ['volumeAttachment'],
    'additionalProperties': False,
}
attach_volume_2_49 = copy.deepcopy(attach_volume)
attach_volume_2_49['properties']['volumeAttachment']['properties'][
    'tag'] = servers.tag
attach_volume_2_79 = copy.deepcopy(attach_volume_2_49)
attach_volume_2_79['properties']['volumeAttachment']['properties'][
    'delete_on_termination'] = {'type': 'boolean'}

swap_volume = copy.deepcopy(attach_volume)

attach_interface = {
    'type': 'object',
    'properties': {
        'interfaceAttachment': {
            'type': 'object',
            'properties': {
                'net_id': _uuid, 'port_id': _uuid,
                'fixed_ips': {'type': 'array', 'minItems': 1,
                              'maxItems': 1, 'items': {
                                  'type': 'object',
                                  'properties': {'ip_address': {
                                      'type': 'string', 'oneOf': [
                                          {'format': 'ipv4'},
                                          {'format': 'ipv6'}]}},
                                  'required': ['ip_address'],
                                  'additionalProperties': False}},
            },
            'additionalProperties': False,
        },
    },
    'additionalProperties': False,
}
attach_interface_2_49 = copy.deepcopy(attach_interface)
attach_interface_2_49['properties']['interfaceAttachment']['properties'][
    'tag'] = servers.tag
