# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Versioned objects: the contract between services and with the database.

``register_all()`` imports every object module so the registry knows them
before the first RPC message is deserialized.
"""


def register_all():
    import importlib
    for name in ('compute_node', 'flavor', 'instance', 'instance_fault',
                 'migration_context', 'placement', 'request_spec',
                 'selection', 'service', 'vietstack', 'image',
                 'image_member', 'image_task', 'instance_action', 'key_pair',
                 'virtual_interface', 'migration', 'claim_write',
                 'network_request', 'external_event', 'task_log', 'metadef',
                 'console_auth_token', 'pci_device', 'monitor_metric'):
        importlib.import_module('nova_lite.objects.' + name)
