# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""``hw:``: guest hardware (a useful subset of Nova's keys)."""
from nova_lite.resources.extra_specs import Parameter
from nova_lite.resources.extra_specs import Validator

_NUM = Parameter('num', '[0-9]+', 'A guest NUMA node number.')


def _bool(name, description):
    return Validator('hw:' + name, description, {'type': bool})


def _int(name, description, minimum=0, maximum=None, **kw):
    value = {'type': int, 'min': minimum}
    if maximum is not None:
        value['max'] = maximum
    return Validator('hw:' + name, description, value, **kw)


def _enum(name, description, choices):
    return Validator('hw:' + name, description,
                     {'type': str, 'enum': list(choices)})


VALIDATORS = [
    _enum('cpu_policy', 'How guest CPUs map to host CPUs.',
          ('shared', 'dedicated', 'mixed')),
    _enum('cpu_thread_policy', 'How dedicated CPUs use SMT siblings.',
          ('prefer', 'isolate', 'require')),
    _enum('emulator_threads_policy', 'Where emulator threads run.',
          ('share', 'isolate')),
    _int('cpu_sockets', 'Guest CPU sockets.', 1),
    _int('cpu_cores', 'Guest CPU cores per socket.', 1),
    _int('cpu_threads', 'Guest CPU threads per core.', 1),
    _int('cpu_max_sockets', 'Most sockets an image may ask for.', 1),
    _int('cpu_max_cores', 'Most cores an image may ask for.', 1),
    _int('cpu_max_threads', 'Most threads an image may ask for.', 1),
    _bool('cpu_realtime', 'Give the guest real-time CPU scheduling.'),
    Validator('hw:cpu_realtime_mask',
              'Guest CPUs that are not real-time, e.g. ``^0-1``.',
              {'type': str, 'pattern': r'^\^?[0-9]+(-[0-9]+)?'
                                       r'(,\^?[0-9]+(-[0-9]+)?)*$'}),
    Validator('hw:mem_page_size',
              'Page size of guest memory: small, large, any, or a size '
              'such as 2048, 2MB or 1GB.',
              {'type': str, 'pattern': r'^(small|large|any|[0-9]+'
                                       r'(?:[kKmMgGtT]i?[bB]?)?)$'}),
    _int('numa_nodes', 'Guest NUMA nodes.', 1),
    Validator('hw:numa_cpus.{num}', 'Guest CPUs of NUMA node {num}, e.g. '
              '``0-3,^2``.',
              {'type': str, 'pattern': r'^\^?[0-9]+(-[0-9]+)?'
                                       r'(,\^?[0-9]+(-[0-9]+)?)*$'},
              parameters=(_NUM,)),
    _int('numa_mem.{num}', 'Memory in MB of guest NUMA node {num}.', 0,
         parameters=(_NUM,)),
    _enum('watchdog_action', 'What the guest watchdog does when it fires.',
          ('disabled', 'pause', 'poweroff', 'reset', 'none')),
    _enum('pci_numa_affinity_policy', 'NUMA affinity of PCI devices.',
          ('required', 'legacy', 'preferred', 'socket')),
    _bool('hide_hypervisor_id', 'Hide the hypervisor signature from the '
                                'guest.'),
    _bool('mem_encryption', 'Encrypt guest memory (AMD SEV).'),
    _bool('pmu', 'Give the guest a performance monitoring unit.'),
    _bool('boot_menu', 'Show the BIOS boot menu.'),
    _bool('vif_multiqueue_enabled', 'Multiqueue virtio network interfaces.'),
    _int('serial_port_count', 'Serial ports of the guest.', 0),
]


def register():
    return VALIDATORS
