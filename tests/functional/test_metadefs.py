# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The metadata definitions catalogue (/v2/metadefs), written and read
through glanceclient and the openstack client as an operator does, and
over HTTP for the answers to bad input."""
import json

import jsonschema
import pytest
import requests

from tests.functional.image_calls import ADMIN
from tests.functional.image_calls import ALICE
from tests.functional.image_calls import BOB
from tests.functional.image_calls import glance
from tests.functional.image_calls import osc

NS = 'NovaLite::Test::CPU'


@pytest.fixture
def aio(all_in_one):
    return all_in_one(hosts=1)


def _url(aio, path=''):
    return aio.image_url + '/v2/metadefs/namespaces' + path


def _get(aio, path='', headers=ADMIN):
    return requests.get(_url(aio, path), headers=headers)


def _namespace(aio, body=None, headers=ADMIN, **attributes):
    return requests.post(_url(aio), json=body or dict(
        {'namespace': NS}, **attributes), headers=headers)


def test_the_kernel_boot_namespace_is_there_from_the_start(aio):
    listed = _get(aio, '?resource_types=OS::Glance::Image', BOB).json()
    assert [n['namespace'] for n in listed['namespaces']] == [
        'NovaLite::Image::KernelBoot']
    assert listed['schema'] == '/v2/schemas/metadefs/namespaces'
    shown = _get(aio, '/NovaLite::Image::KernelBoot', BOB).json()
    assert set(shown['properties']) == {'kernel_id', 'ramdisk_id',
                                        'os_command_line'}
    assert shown['protected'] is True
    refused = requests.delete(_url(aio, '/NovaLite::Image::KernelBoot'),
                              headers=ADMIN)
    assert refused.status_code == 403
    assert 'is protected and cannot be deleted' in refused.text


def test_glanceclient_builds_a_namespace_piece_by_piece(aio):
    glance(aio, 'md-namespace-create', NS, '--display-name', 'CPU pinning',
           '--visibility', 'public', '--description', 'How vCPUs are pinned')
    glance(aio, 'md-resource-type-associate', NS, '--name',
           'OS::Nova::Flavor', '--prefix', 'hw:')
    glance(aio, 'md-property-create', NS, '--name', 'cpu_policy',
           '--title', 'CPU policy', '--type', 'string', '--schema',
           json.dumps({'type': 'string', 'title': 'CPU policy',
                       'enum': ['dedicated', 'shared']}))
    glance(aio, 'md-object-create', NS, '--name', 'Topology', '--schema',
           json.dumps({'description': 'Sockets and cores',
                       'properties': {'cpu_sockets': {
                           'type': 'integer', 'title': 'Sockets'}},
                       'required': ['cpu_sockets']}))
    glance(aio, 'md-tag-create-multiple', NS, '--names', 'numa,pinned')
    glance(aio, 'md-tag-create', NS, '--name', 'realtime')
    glance(aio, 'md-tag-update', NS, 'pinned', '--name', 'dedicated')

    shown = _get(aio, '/' + NS, BOB).json()
    assert shown['display_name'] == 'CPU pinning'
    assert shown['properties']['cpu_policy']['enum'] == ['dedicated',
                                                         'shared']
    assert shown['objects'][0]['name'] == 'Topology'
    assert sorted(t['name'] for t in shown['tags']) == [
        'dedicated', 'numa', 'realtime']
    assert shown['resource_type_associations'][0]['prefix'] == 'hw:'
    # As a flavor sees it: the names carry the association's prefix.
    as_flavor = _get(aio, '/%s?resource_type=OS::Nova::Flavor' % NS).json()
    assert list(as_flavor['properties']) == ['hw:cpu_policy']
    assert as_flavor['objects'][0]['required'] == ['hw:cpu_sockets']
    prefixed = _get(aio, '/%s/properties/hw:cpu_policy?resource_type='
                         'OS::Nova::Flavor' % NS)
    assert prefixed.json()['name'] == 'cpu_policy'
    listed = glance(aio, 'md-namespace-list', '--resource-types',
                    'OS::Nova::Flavor')
    assert NS in listed and 'KernelBoot' not in listed
    assert 'cpu_policy' in glance(aio, 'md-property-list', NS)
    assert 'Topology' in glance(aio, 'md-object-list', NS)

    glance(aio, 'md-namespace-update', NS, '--protected', 'True')
    assert requests.delete(_url(aio, '/' + NS + '/tags'),
                           headers=ADMIN).status_code == 403
    glance(aio, 'md-namespace-update', NS, '--protected', 'False')
    glance(aio, 'md-namespace-delete', NS)
    assert _get(aio, '/' + NS).status_code == 404
    assert _get(aio, '/%s/objects/Topology' % NS).status_code == 404


def test_openstack_client_lists_shows_and_deletes(aio):
    osc(aio, 'image', 'metadef', 'namespace', 'create', NS, '--public',
        '--display-name', 'CPU')
    shown = osc(aio, 'image', 'metadef', 'namespace', 'show', NS, '-f',
                'json')
    assert shown['display_name'] == 'CPU'
    listed = osc(aio, 'image', 'metadef', 'namespace', 'list', '-f', 'json')
    assert NS in [n['namespace'] for n in listed]
    osc(aio, 'image', 'metadef', 'property', 'create', NS, '--name',
        'cpu_policy', '--title', 'CPU policy', '--type', 'string',
        '--schema', json.dumps({'enum': ['dedicated', 'shared']}))
    properties = osc(aio, 'image', 'metadef', 'property', 'list', NS,
                     '-f', 'json')
    assert [p['name'] for p in properties] == ['cpu_policy']
    osc(aio, 'image', 'metadef', 'property', 'set', NS, 'cpu_policy',
        '--title', 'Pinning')
    assert osc(aio, 'image', 'metadef', 'property', 'show', NS,
               'cpu_policy', '-f', 'json')['title'] == 'Pinning'
    osc(aio, 'image', 'metadef', 'object', 'create', '--namespace', NS,
        'Topology')
    osc(aio, 'image', 'metadef', 'object', 'update', NS, 'Topology',
        '--name', 'Layout')
    assert osc(aio, 'image', 'metadef', 'object', 'show', NS, 'Layout',
               '-f', 'json')['name'] == 'Layout'
    osc(aio, 'image', 'metadef', 'object', 'delete', NS, 'Layout')
    assert osc(aio, 'image', 'metadef', 'object', 'list', NS,
               '-f', 'json') == []
    osc(aio, 'image', 'metadef', 'resource', 'type', 'association',
        'create', NS, 'OS::Nova::Flavor', '--prefix', 'hw:')
    assert osc(aio, 'image', 'metadef', 'resource', 'type', 'association',
               'list', NS, '-f', 'json') == [{'Name': 'OS::Nova::Flavor'}]
    osc(aio, 'image', 'metadef', 'resource', 'type', 'association',
        'delete', NS, 'OS::Nova::Flavor')
    osc(aio, 'image', 'metadef', 'property', 'delete', NS, 'cpu_policy')
    osc(aio, 'image', 'metadef', 'namespace', 'delete', NS)
    assert _get(aio, '/' + NS).status_code == 404


def test_a_namespace_comes_with_what_it_holds_or_not_at_all(aio):
    body = {'namespace': NS, 'visibility': 'public',
            'properties': {'p': {'type': 'string', 'title': 'P'}},
            'objects': [{'name': 'o', 'properties': {}}],
            'tags': [{'name': 't'}, {'name': 't'}]}
    repeated = _namespace(aio, body)
    assert repeated.status_code == 409
    assert 'A metadata tag with name=t already exists' in repeated.text
    assert _get(aio, '/' + NS).status_code == 404
    body['tags'] = [{'name': 't'}]
    created = _namespace(aio, body)
    assert created.status_code == 201, created.text
    assert created.json()['tags'] == [{'name': 't'}]
    assert created.json()['owner'] == 'admin'
    doc = requests.get(aio.image_url + '/v2/schemas/metadefs/namespace',
                       headers=ADMIN).json()
    jsonschema.validate(_get(aio, '/' + NS).json(), doc)
    assert _namespace(aio, {'namespace': NS}).status_code == 409


@pytest.mark.parametrize('body, code, words', [
    ({'namespace': NS, 'colour': 'red'}, 400, 'colour'),
    ({'namespace': NS, 'visibility': 'shared'}, 400, 'shared'),
    ({'namespace': 'x' * 81}, 400, 'too long'),
    ({'display_name': 'no name'}, 400, 'namespace'),
    ({'namespace': NS, 'created_at': '2026-01-01'}, 403,
     "Attribute 'created_at' is read-only."),
    ({'namespace': NS, 'properties': {'p': {'type': 'string'}}}, 400,
     'title'),
    ({'namespace': NS, 'properties': {'p': {'type': 'colour',
                                            'title': 'P'}}}, 400, 'colour'),
    ({'namespace': NS, 'properties': {'p' * 256: {'type': 'string',
                                                  'title': 'P'}}}, 400,
     'ppp'),
    ({'namespace': NS, 'tags': [{'name': 't' * 256}]}, 400, 'too long'),
])
def test_bad_namespaces_are_refused_and_create_nothing(aio, body, code,
                                                       words):
    refused = _namespace(aio, body)
    assert refused.status_code == code, refused.text
    assert words in refused.text
    assert _get(aio, '/' + NS).status_code == 404


def test_a_write_without_a_body_is_refused(aio):
    for path in ('', '/NovaLite::Image::KernelBoot/objects',
                 '/NovaLite::Image::KernelBoot/properties'):
        refused = requests.post(_url(aio, path), headers=ADMIN)
        assert refused.status_code == 400, path
        assert 'Body expected in request.' in refused.text
    not_json = requests.post(_url(aio), data='{"namespace": ',
                             headers=dict(ADMIN, **{
                                 'Content-Type': 'application/json'}))
    assert not_json.status_code == 400


def test_writes_are_for_admins_and_private_namespaces_for_owners(aio):
    assert _namespace(aio, headers=ALICE).status_code == 403
    assert _namespace(aio, owner='teamA').status_code == 201
    assert _get(aio, '/' + NS, ALICE).json()['visibility'] == 'private'
    missing = _get(aio, '/' + NS, BOB)
    assert missing.status_code == 404
    assert 'Metadata definition namespace=%s was not found.' % NS in (
        missing.text)
    assert _get(aio, '/%s/properties' % NS, BOB).status_code == 404
    assert requests.post(_url(aio, '/%s/tags/t' % NS),
                         headers=ADMIN).status_code == 201
    assert _get(aio, '/%s/tags/t' % NS, ALICE).status_code == 200
    assert _get(aio, '/%s/tags/t' % NS, BOB).status_code == 404
    assert NS not in [n['namespace'] for n in _get(
        aio, '', BOB).json()['namespaces']]
    assert NS in [n['namespace'] for n in _get(
        aio, '?visibility=private', ALICE).json()['namespaces']]
    assert _get(aio, '?visibility=shared').status_code == 400
    assert _get(aio, '?sort_dir=sideways').status_code == 400
    assert requests.post(_url(aio, '/%s/tags/t' % NS),
                         headers=ALICE).status_code == 403


def test_records_are_renamed_replaced_and_refused_as_glance_does(aio):
    _namespace(aio, visibility='public')
    tags = _url(aio, '/%s/tags' % NS)
    assert requests.post(tags, json={'tags': [{'name': 'a'}, {'name': 'b'}]},
                         headers=ADMIN).status_code == 201
    replaced = requests.post(tags, json={'tags': [{'name': 'c'}]},
                             headers=ADMIN)
    assert replaced.json() == {'tags': [{'name': 'c'}]}
    appended = requests.post(tags, json={'tags': [{'name': 'd'}]},
                             headers=dict(ADMIN, **{
                                 'X-Openstack-Append': 'True'}))
    assert appended.status_code == 201
    assert [t['name'] for t in _get(aio, '/%s/tags' % NS).json()[
        'tags']] == ['c', 'd']
    again = requests.post(tags, json={'tags': [{'name': 'c'}]},
                          headers=dict(ADMIN, **{'X-Openstack-Append': '1'}))
    assert again.status_code == 409
    assert [t['name'] for t in _get(aio, '/%s/tags' % NS).json()[
        'tags']] == ['c', 'd']
    clash = requests.put(tags + '/c', json={'name': 'd'}, headers=ADMIN)
    assert clash.status_code == 409

    objects = _url(aio, '/%s/objects' % NS)
    made = requests.post(objects, json={'name': 'o', 'description': 'one'},
                         headers=ADMIN)
    assert made.status_code == 201
    assert made.json()['self'] == '/v2/metadefs/namespaces/%s/objects/o' % NS
    renamed = requests.put(objects + '/o', json={'name': 'p'}, headers=ADMIN)
    assert renamed.status_code == 200
    assert 'description' not in renamed.json()
    gone = _get(aio, '/%s/objects/o' % NS)
    assert gone.status_code == 404
    assert ('The metadata definition object with name=o was not found in '
            'namespace=%s.' % NS) in gone.text
    assert requests.delete(objects, headers=ADMIN).status_code == 204
    assert _get(aio, '/%s/objects' % NS).json()['objects'] == []

    associations = _url(aio, '/%s/resource_types' % NS)
    assert requests.post(associations, json={'name': 'OS::Cinder::Volume'},
                         headers=ADMIN).status_code == 201
    assert requests.post(associations, json={'name': 'OS::Cinder::Volume'},
                         headers=ADMIN).status_code == 409
    types = requests.get(aio.image_url + '/v2/metadefs/resource_types',
                         headers=BOB).json()['resource_types']
    assert 'OS::Cinder::Volume' in [t['name'] for t in types]
    assert requests.delete(associations + '/OS::Cinder::Volume',
                           headers=ADMIN).status_code == 204
    assert requests.delete(associations + '/OS::Cinder::Volume',
                           headers=ADMIN).status_code == 404


def test_namespaces_come_in_pages(aio):
    for n in range(3):
        _namespace(aio, {'namespace': 'page%d' % n})
    first = _get(aio, '?visibility=private&limit=2&sort_key=namespace'
                      '&sort_dir=asc').json()
    assert [n['namespace'] for n in first['namespaces']] == [
        'page0', 'page1']
    assert 'marker=page1' in first['next']
    rest = requests.get(aio.image_url + first['next'], headers=ADMIN).json()
    assert [n['namespace'] for n in rest['namespaces']] == ['page2']
    assert 'next' not in rest
    newest_first = _get(aio, '?visibility=private').json()['namespaces']
    assert [n['namespace'] for n in newest_first] == ['page2', 'page1',
                                                      'page0']
