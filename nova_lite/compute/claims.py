# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Claims: resources held for an instance while it is being built.

A Claim is a context manager: if anything inside the ``with`` block raises,
the claim is aborted and the resources go back to the host.
"""
from nova_lite import exception

# What refuses a claim: no room, or no address to give the server.
REFUSED = (exception.ComputeResourcesUnavailable,
           exception.NetworkExhausted,
           exception.NoNetworkOnPhysicalNetwork)


class Claim:

    def __init__(self, tracker, instance):
        self.tracker = tracker
        self.instance = instance

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc, tb):
        if exc_type is not None:
            self.abort()
        return False

    def abort(self):
        self.tracker.abort_instance_claim(self.instance)


class MoveClaim(Claim):
    """The destination's hold of a move: an abort gives it back and
    drops the instance's MigrationContext."""

    def __init__(self, tracker, instance, migration):
        super().__init__(tracker, instance)
        self.migration = migration

    def abort(self):
        self.tracker.abort_move_claim(self.instance, self.migration)


def check_fits(node, flavor, shared_disk=False):
    """Raise ComputeResourcesUnavailable naming each resource that is
    short (not the disk, when a shared storage pool holds it)."""
    need = flavor.usage()
    if shared_disk:
        need.pop('local_gb')
    free = node.free_resources()
    short = ['%s: need %d, free %d' % (name, need[name], free[name])
             for name in need if need[name] > free[name]]
    if short:
        raise exception.ComputeResourcesUnavailable(reason='; '.join(short))
