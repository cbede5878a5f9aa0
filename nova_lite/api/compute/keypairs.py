# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Key pairs: /os-keypairs and /os-keypairs/{keypair_name}.

A key pair is a user's: listed, shown and deleted by its owner, or by an
admin naming the user (``user_id``, 2.10). Without a public key the
create makes a pair and answers the private key, once; it is not kept.
2.2 adds the key's type (ssh or x509) and answers a create with 201 and a
delete with 204; 2.35 pages the list by name; from 2.92 the public key
is required (clients make the pair themselves) and names may also hold
'@' and '.'.
"""
import string

from nova_lite.api.compute import key_material
from nova_lite.api.compute import pagination
from nova_lite.api.compute import times
from nova_lite.api import policy
from nova_lite.api.schemas import keypairs as schema
from nova_lite.api.schemas import responses
from nova_lite.api import validation
from nova_lite import exception
from nova_lite.notifications import events
from nova_lite.objects import key_pair as key_pair_obj
from nova_lite.objects import quotas

_RULE = 'os_compute_api:os-keypairs:'
_SAFE = set('_- ' + string.digits + string.ascii_letters)
# 2.92 also takes '@' and '.' in names (an e-mail address, a host name).
_SAFE_2_92 = _SAFE | set('@.')


def _user(req, rule, asked=None):
    """The user whose key pairs the request is about, once the policy
    lets the caller act for them."""
    if asked is None and req.api_version.matches('2.10'):
        asked = req.GET.get('user_id')
    user_id = asked or req.context.user_id
    policy.enforce(req.context, _RULE + rule,
                   {'user_id': user_id,
                    'project_id': req.context.project_id})
    return user_id


def _view(req, keypair, *extra):
    body = {'name': keypair.name, 'public_key': keypair.public_key,
            'fingerprint': keypair.fingerprint}
    if req.api_version.matches('2.2'):
        body['type'] = keypair.type
    for name in extra:
        body[name] = getattr(keypair, name)
    return body


@validation.query_schema(schema.query_v210, '2.10', '2.34')
@validation.query_schema(schema.index_query_v235, '2.35')
@validation.responds(200, responses.keypair_list)
def index(req):
    user_id = _user(req, 'index')
    limit, marker = (pagination.page(req) if req.api_version.matches('2.35')
                     else (None, None))
    keypairs = key_pair_obj.KeyPairList.get_by_user(
        req.context, user_id, limit=limit, marker=marker)
    answer = {'keypairs': [{'keypair': _view(req, k)} for k in keypairs]}
    if limit is not None:
        links = pagination.next_links(
            req, 'os-keypairs', [{'name': k.name} for k in keypairs],
            limit, id_key='name')
        if links:
            answer['keypairs_links'] = links
    return 200, answer


@validation.query_schema(schema.query_v210, '2.10')
@validation.responds(200, responses.keypair_one)
def show(req, keypair_name):
    user_id = _user(req, 'show')
    keypair = key_pair_obj.KeyPair.get_by_name(req.context, user_id,
                                               keypair_name)
    body = _view(req, keypair, 'user_id', 'id')
    body.update({'created_at': times.with_microseconds(keypair.created_at),
                 'updated_at': times.with_microseconds(keypair.updated_at),
                 'deleted': False, 'deleted_at': None})
    return 200, {'keypair': body}


def _check_name(req, name):
    safe = _SAFE_2_92 if req.api_version.matches('2.92') else _SAFE
    if set(name) - safe:
        raise exception.InvalidKeypair(
            reason='Keypair name contains unsafe characters')


def _material(req, params, user_id):
    """(public key, fingerprint, private key or None) of the request."""
    key_type = params.get('type', key_pair_obj.TYPE_SSH)
    if 'public_key' in params:
        public = params['public_key']
        return public, key_material.fingerprint(public, key_type), None
    private, public, fingerprint = key_material.generate(key_type, user_id)
    return public, fingerprint, private


@validation.schema(schema.create, '2.1', '2.1')
@validation.schema(schema.create_v22, '2.2', '2.9')
@validation.schema(schema.create_v210, '2.10', '2.91')
@validation.schema(schema.create_v292, '2.92')
@validation.responds(200, responses.keypair_created, '2.1', '2.1')
@validation.responds(201, responses.keypair_created, '2.2')
def create(req):
    params = req.body_json()['keypair']
    user_id = _user(req, 'create', params.get('user_id'))
    _check_name(req, params['name'])
    public, fingerprint, private = _material(req, params, user_id)
    keypair = key_pair_obj.KeyPair(
        req.context, name=params['name'], user_id=user_id,
        public_key=public, fingerprint=fingerprint,
        type=params.get('type', key_pair_obj.TYPE_SSH))
    action = 'import' if private is None else 'create'
    events.keypair(req.conf, req.context, keypair, action, 'start')
    keypair.create(limit=quotas.user_limits(
        req.conf, req.context, req.context.project_id, user_id)['key_pairs'])
    events.keypair(req.conf, req.context, keypair, action, 'end')
    body = _view(req, keypair, 'user_id')
    if private is not None:
        body['private_key'] = private
    return (201 if req.api_version.matches('2.2') else 200), {
        'keypair': body}


@validation.query_schema(schema.query_v210, '2.10')
@validation.responds(202, None, '2.1', '2.1')
@validation.responds(204, None, '2.2')
def delete(req, keypair_name):
    user_id = _user(req, 'delete')
    keypair = None
    if events.enabled(req.conf):
        keypair = key_pair_obj.KeyPair.get_by_name(req.context, user_id,
                                                   keypair_name)
        events.keypair(req.conf, req.context, keypair, 'delete', 'start')
    key_pair_obj.KeyPair.destroy_by_name(req.context, user_id, keypair_name)
    if keypair is not None:
        events.keypair(req.conf, req.context, keypair, 'delete', 'end')
    return (204 if req.api_version.matches('2.2') else 202), None
