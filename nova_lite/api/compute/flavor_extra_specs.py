# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Flavor extra specs: /flavors/{flavor_id}/os-extra_specs[/{key}]."""
from nova_lite.api.schemas import flavor_extra_specs as schema
from nova_lite.api.schemas import responses
from nova_lite.api import validation
from nova_lite.api.validation import extra_specs
from nova_lite import exception
from nova_lite.objects import flavor as flavor_obj


def _flavor(req, flavor_id):
    return flavor_obj.Flavor.get_by_flavor_id(req.context, flavor_id)


def _as_strings(specs):
    return {key: str(value) for key, value in specs.items()}


@validation.responds(200, responses.extra_specs)
def index(req, flavor_id):
    return 200, {'extra_specs': _flavor(req, flavor_id).extra_specs}


def _write(req, flavor_id, specs):
    """Check each key and value, then (with the flavor's other keys) the
    whole set, then write; a bad key costs no database read."""
    specs = _as_strings(specs)
    extra_specs.validate_keys_for(req, specs)
    flavor = _flavor(req, flavor_id)
    resulting = dict(flavor.extra_specs, **specs)
    extra_specs.validate_set_for(req, resulting)
    _check_networks(req, resulting)
    if req.api_version.matches(extra_specs.VALIDATED_FROM):
        req.compute_api.check_flavor(flavor, resulting)
    flavor.update_extra_specs(specs)
    return flavor


def _check_networks(req, resulting):
    """From 2.86, a vNIC on a physical network with no network declared
    is refused here (below, its server's build fails saying so)."""
    if not req.api_version.matches(extra_specs.VALIDATED_FROM):
        return
    missing = req.compute_api.physical_networks_without_network(resulting)
    if missing:
        key, physnet = missing[0]
        raise exception.ValidationError(
            detail="Validation failed; extra spec '%s' names physical "
                   "network '%s', where no network is declared (networks "
                   "are on: %s)." % (key, physnet, ', '.join(
                       n.physical_network for n in
                       req.compute_api.networks.networks) or 'none'))


@validation.schema(schema.create)
@validation.responds(200, responses.extra_specs)
def create(req, flavor_id):
    flavor = _write(req, flavor_id, req.body_json()['extra_specs'])
    return 200, {'extra_specs': flavor.extra_specs}


@validation.responds(200, responses.extra_spec)
def show(req, flavor_id, key):
    specs = _flavor(req, flavor_id).extra_specs
    if key not in specs:
        raise exception.FlavorExtraSpecNotFound(flavor_id=flavor_id, key=key)
    return 200, {key: specs[key]}


@validation.schema(schema.update)
@validation.responds(200, responses.extra_spec)
def update(req, flavor_id, key):
    body = req.body_json()
    if key not in body:
        raise exception.ValidationError(detail='Request body and URI '
                                               'mismatch')
    flavor = _write(req, flavor_id, body)
    return 200, {key: flavor.extra_specs[key]}


@validation.responds(200, None)
def delete(req, flavor_id, key):
    _flavor(req, flavor_id).delete_extra_spec(key)
    return 200, None
