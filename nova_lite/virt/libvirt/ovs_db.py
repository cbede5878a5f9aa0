# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The host's Open vSwitch database, through ``ovs-vsctl``: where the
network service's ports are plugged on simulated hosts, and where a host
tells its chassis what bandwidth its physical networks have."""
import subprocess

from nova_lite import exception


def vsctl(ovsdb, *args):
    """ovs-vsctl's output; HypervisorUnavailable naming the database if
    it fails."""
    try:
        return subprocess.run(
            ['ovs-vsctl', '--timeout=10', '--db=' + ovsdb] + list(args),
            check=True, capture_output=True, text=True).stdout
    except (OSError, subprocess.CalledProcessError) as e:
        raise exception.HypervisorUnavailable(
            message='ovs-vsctl on %s failed: %s' % (
                ovsdb, getattr(e, 'stderr', None) or e))
