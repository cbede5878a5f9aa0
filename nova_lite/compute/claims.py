"""Claims: resources held for an instance while it is being built.

A Claim is a context manager: if anything inside the ``with`` block raises,
the claim is aborted and the resources go back to the host.
"""
from nova_lite import exception


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
