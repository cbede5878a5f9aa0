# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""/resource_classes[/{name}]: standard and CUSTOM_* classes."""
from nova_lite.api import microversion
from nova_lite.api.schemas import placement as schema
from nova_lite.api.schemas import placement_responses as responses
from nova_lite.api import validation
from nova_lite import exception
from nova_lite.placement import resource_classes


def _view(req, name):
    return {'name': name, 'links': [{
        'rel': 'self', 'href': '%s/resource_classes/%s' % (req.script_name,
                                                           name)}]}


@validation.responds(200, responses.resource_classes)
@microversion.since('1.2')
def index(req):
    return 200, {'resource_classes': [
        _view(req, n) for n in resource_classes.all_names(req.context)]}


@validation.responds(201, None)
@microversion.since('1.2')
@validation.schema(schema.resource_class_custom)
def create(req):
    name = req.body_json()['name']
    resource_classes.create(req.context, name)
    return 201, None, {'Location': _view(req, name)['links'][0]['href']}


@validation.responds(200, responses.resource_class)
@microversion.since('1.2')
def show(req, name):
    if not resource_classes.exists(req.context, name):
        raise exception.ResourceClassNotFound(name=name)
    return 200, _view(req, name)


@microversion.since('1.2', '1.6')
@validation.schema(schema.resource_class_custom)
def _rename(req, name):
    new_name = req.body_json()['name']
    if not resource_classes.exists(req.context, name):
        raise exception.ResourceClassNotFound(name=name)
    resource_classes.rename(req.context, name, new_name)
    return 200, _view(req, new_name)


@microversion.since('1.7')
def _ensure(req, name):
    """Create a custom class if needed: 201 if created, 204 if not."""
    validation.validate(schema.resource_class_custom, {'name': name})
    created = resource_classes.ensure(req.context, name)
    return (201 if created else 204), None, {
        'Location': _view(req, name)['links'][0]['href']}


@validation.responds(200, responses.resource_class, '1.2', '1.6')
@validation.responds(201, None, '1.7')
@validation.responds(204, None, '1.7')
def ensure(req, name):
    """PUT /resource_classes/{name}: a rename with a body before 1.7, a
    bodiless create-if-missing from it."""
    if req.api_version.matches('1.7'):
        return _ensure(req, name=name)
    return _rename(req, name=name)


ensure.request_schemas = [('1.2', '1.6', schema.resource_class_custom)]
ensure.version_range = ('1.2', None)


@validation.responds(204, None)
@microversion.since('1.2')
def delete(req, name):
    resource_classes.delete(req.context, name)
    return 204, None
