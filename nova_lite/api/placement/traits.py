# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""/traits[/{name}] (1.6) and /resource_providers/{uuid}/traits."""
from nova_lite.api import microversion
from nova_lite.api.placement import errors
from nova_lite.api.placement import query_check
from nova_lite.api.schemas import placement as schema
from nova_lite.api.schemas import placement_responses as responses
from nova_lite.api import validation
from nova_lite import exception
from nova_lite.placement import traits


def _matching(names, query):
    """``name=in:A,B`` or ``name=startswith:PREFIX``."""
    if not query:
        return names
    kind, _sep, value = query.partition(':')
    if kind == 'in':
        wanted = set(value.split(','))
        return [n for n in names if n in wanted]
    if kind == 'startswith':
        return [n for n in names if n.startswith(value)]
    raise exception.PlacementBadRequest(
        detail="Badly formatted name parameter. Expected name query string "
               "parameter in form: ?name=[in|startswith]:[name1,name2|"
               "prefix]. Got: \"%s\"" % query)


@validation.responds(200, responses.traits)
@microversion.since('1.6')
@query_check.takes(lambda minor: schema.traits_query)
def index(req):
    """Traits, by ``name`` (in: or startswith:) and ``associated`` (with
    a provider or not)."""
    names = _matching(traits.all_names(req.context), req.GET.get('name'))
    if 'associated' in req.GET:
        wanted = req.GET['associated'].lower()
        if wanted not in ('true', 'false'):
            raise exception.PlacementBadRequest(
                detail='The query parameter "associated" only accepts '
                       '"true" or "false"')
        used = traits.associated(req.context)
        names = [n for n in names if (n in used) == (wanted == 'true')]
    return 200, {'traits': names}


@errors.own_not_found
@validation.responds(204, None)
@microversion.since('1.6')
def show(req, name):
    if not traits.exists(req.context, name):
        raise exception.TraitNotFound(names=name)
    return 204, None


@validation.responds(201, None)
@validation.responds(204, None)
@microversion.since('1.6')
def ensure(req, name):
    created = traits.ensure(req.context, name)
    return (201 if created else 204), None, {
        'Location': '%s/traits/%s' % (req.script_name, name)}


@errors.own_not_found
@validation.responds(204, None)
@microversion.since('1.6')
def delete(req, name):
    traits.delete(req.context, name)
    return 204, None


def _provider_body(generation, names):
    return {'resource_provider_generation': generation, 'traits': names}


@errors.own_not_found
@validation.responds(200, responses.provider_traits)
@microversion.since('1.6')
def for_provider(req, uuid):
    return 200, _provider_body(*traits.of_provider(req.context, uuid))


@validation.responds(200, responses.provider_traits)
@microversion.since('1.6')
@validation.schema(schema.provider_traits)
def set_for_provider(req, uuid):
    body = req.body_json()
    return 200, _provider_body(*traits.set_for_provider(
        req.context, uuid, body['resource_provider_generation'],
        body['traits']))


@validation.responds(204, None)
@microversion.since('1.6')
def delete_for_provider(req, uuid):
    generation, _names = traits.of_provider(req.context, uuid)
    traits.set_for_provider(req.context, uuid, generation, [])
    return 204, None
