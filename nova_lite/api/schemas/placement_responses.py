# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""What the placement API answers with, per handler: for its OpenAPI
documents, against which the fuzz test checks every answer. Shapes that
grow with the microversion (a provider's parent and root from 1.14, a
generation from 1.19...) name their always-present keys as required and
let the others be."""
_int = {'type': 'integer'}
_str = {'type': 'string'}
_links = {'type': 'array', 'items': {
    'type': 'object', 'properties': {'rel': _str, 'href': _str},
    'required': ['rel', 'href']}}


def _object(properties, required=(), additional=False):
    return {'type': 'object', 'properties': properties,
            'required': list(required), 'additionalProperties': additional}


provider = _object({
    'uuid': _str, 'name': _str, 'generation': _int, 'links': _links,
    'parent_provider_uuid': {'type': ['string', 'null']},
    'root_provider_uuid': _str}, ['uuid', 'name', 'generation', 'links'])
providers = _object({'resource_providers': {'type': 'array',
                                            'items': provider}},
                    ['resource_providers'])
inventory = _object({
    'total': _int, 'reserved': _int, 'min_unit': _int, 'max_unit': _int,
    'step_size': _int, 'allocation_ratio': {'type': 'number'},
    'resource_provider_generation': _int},
    ['total', 'reserved', 'min_unit', 'max_unit', 'step_size',
     'allocation_ratio'])
inventories = _object({
    'resource_provider_generation': _int,
    'inventories': {'type': 'object', 'additionalProperties': inventory}},
    ['resource_provider_generation', 'inventories'])
provider_usages = _object({
    'resource_provider_generation': _int,
    'usages': {'type': 'object', 'additionalProperties': _int}},
    ['resource_provider_generation', 'usages'])
project_usages = _object({'usages': {'type': 'object'}}, ['usages'])
_resources = {'type': 'object', 'additionalProperties': _int}
provider_allocations = _object({
    'resource_provider_generation': _int,
    'allocations': {'type': 'object', 'additionalProperties': _object(
        {'resources': _resources}, ['resources'])}},
    ['resource_provider_generation', 'allocations'])
consumer_allocations = _object({
    'allocations': {'type': 'object', 'additionalProperties': _object(
        {'resources': _resources, 'generation': _int}, ['resources'])},
    'project_id': _str, 'user_id': _str,
    'consumer_generation': {'type': ['integer', 'null']},
    'consumer_type': _str}, ['allocations'])
provider_traits = _object({
    'resource_provider_generation': _int,
    'traits': {'type': 'array', 'items': _str}},
    ['resource_provider_generation', 'traits'])
aggregates = _object({
    'aggregates': {'type': 'array', 'items': _str},
    'resource_provider_generation': _int}, ['aggregates'])
resource_class = _object({'name': _str, 'links': _links},
                         ['name', 'links'])
resource_classes = _object({'resource_classes': {
    'type': 'array', 'items': resource_class}}, ['resource_classes'])
traits = _object({'traits': {'type': 'array', 'items': _str}}, ['traits'])
candidates = _object({
    'allocation_requests': {'type': 'array', 'items': {
        'type': 'object', 'required': ['allocations']}},
    'provider_summaries': {'type': 'object', 'additionalProperties': {
        'type': 'object', 'required': ['resources']}}},
    ['allocation_requests', 'provider_summaries'])
versions = _object({'versions': {'type': 'array', 'items': {
    'type': 'object', 'required': ['id', 'max_version', 'min_version']}}},
    ['versions'])
