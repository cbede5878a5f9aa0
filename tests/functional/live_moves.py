# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Live migrations the tests hold under way: a simulated host moves a
guest at once, where a hypervisor takes its time."""
import threading

from nova_lite import exception


def hold(aio, monkeypatch):
    """Live migrations from the all-in-one's hosts stay running until
    ``release`` is set; an abort makes the one under way fail, as a
    hypervisor's does; (release, aborted)."""
    release, aborted = threading.Event(), threading.Event()

    def live_migration(*args, **kwargs):
        release.wait(60)
        if aborted.is_set():
            raise exception.LiveMigrationAborted(reason='canceled by client')

    def abort(instance):
        aborted.set()
        release.set()
    for svc in aio.services:
        driver = getattr(svc.manager, 'driver', None)
        if driver is not None:
            monkeypatch.setattr(driver, 'live_migration', live_migration)
            monkeypatch.setattr(driver, 'live_migration_abort', abort)
            monkeypatch.setattr(driver, 'live_migration_force_complete',
                                lambda instance: release.set())
    return release, aborted
