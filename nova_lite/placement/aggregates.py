# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The aggregates a provider belongs to."""
from nova_lite.db.api import provider_sets as provider_sets_db
from nova_lite.placement import provider_sets


def of_provider(context, uuid):
    return provider_sets.get(context, 'aggregates', uuid)


def set_for_provider(context, uuid, generation, aggregates):
    return provider_sets.replace(context, 'aggregates', uuid, generation,
                                 aggregates)


def of_providers(context, uuids):
    """{provider uuid: the set of its aggregates}."""
    return provider_sets_db.of_many(context, 'aggregates', uuids)
