# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""What a simulated guest's serial console shows: a short boot of a small
Linux guest that names the server (its hostname, its id) and ends at a
login prompt, so that ``openstack console log show`` and scripts that
wait for a guest's prompt see what a real guest prints."""


def log_of(instance):
    """The console text of ``instance``'s simulated guest."""
    hostname = instance.hostname or 'server'
    return '\n'.join((
        '[    0.000000] Linux version 6.1.0-simulated (nova-lite guest)',
        '[    0.000000] Command line: console=tty0 console=ttyS0,115200n8',
        '[    0.000000] Hypervisor detected: KVM',
        '[    0.210000] virtio_blk virtio1: [vda] 2097152 512-byte logical '
        'blocks',
        '[    0.480000] Run /sbin/init as init process',
        'Starting system logging: OK',
        'Initializing random number generator: OK',
        'Starting network: OK',
        'Setting hostname to %s' % hostname,
        'Instance %s is up.' % instance.uuid,
        '',
        'nova-lite simulated guest',
        # The prompt waits for its user: no newline after it.
        '%s login: ' % hostname,
    ))
