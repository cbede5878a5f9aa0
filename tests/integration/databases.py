# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Fresh, throw-away databases on this machine's real servers.

The contributor guide (doc/source/contributor/tests.rst) lists the
servers the integration tests use; CI starts them.
A test that cannot reach one fails: it never skips silently.
"""
import contextlib

from oslo_utils import uuidutils

from nova_lite_tools import databases as tool_databases

SERVERS, ADMIN_DB = tool_databases.SERVERS, tool_databases.ADMIN_DB
fresh_database = tool_databases.fresh_database


@contextlib.contextmanager
def in_use(kind, tmp_path):
    """Yield the URL of a fresh database at the latest schema, the one
    this process uses for the duration."""
    from nova_lite.db import engine
    from nova_lite.db import migration
    with fresh_database(kind, tmp_path) as url:
        migration.upgrade(url)
        undo = engine.use_database(url)
        try:
            yield url
        finally:
            undo()


@contextlib.contextmanager
def providers_of_vcpu(kind, tmp_path, count, vcpus):
    """Yield (url, admin context, provider uuids) for ``count`` providers
    of ``vcpus`` VCPU each, in a fresh migrated database in use by this
    process for the duration."""
    from nova_lite import context as nl_context
    from nova_lite.db.api import resource_providers
    from nova_lite.placement import inventories
    with in_use(kind, tmp_path) as url:
        context = nl_context.get_admin_context()
        uuids = []
        for i in range(count):
            uuids.append(uuidutils.generate_uuid())
            resource_providers.create(context, uuids[-1], 'host%d' % i)
            inventories.set_all(context, uuids[-1], 0,
                                {'VCPU': {'total': vcpus}})
        yield url, context, uuids


KINDS = ('sqlite', 'mysql', 'postgresql')


def on_each(all_in_one, tmp_path, exercise, hosts=1):
    """{kind: what ``exercise(aio)`` returns} for an all-in-one of
    ``hosts`` on a fresh database of each kind, stopped after."""
    found = {}
    for kind in KINDS:
        with fresh_database(kind, tmp_path) as url:
            aio = all_in_one(hosts=hosts, database=url)
            try:
                found[kind] = exercise(aio)
            finally:
                all_in_one.stop(aio)
    return found
