# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The network service's REST API (Neutron v2.0), as the control plane
calls it: with its own credentials (``[neutron]``, keystoneauth), a port
of the user's project named in the body where one is made.

A refusal becomes NetworkServiceError with the service's own words; no
answer at all, NetworkServiceUnavailable (503 at our API).
"""
from urllib import parse

from keystoneauth1 import exceptions as ks_exceptions
from keystoneauth1 import loading as ks_loading
from oslo_log import log as logging

from nova_lite import exception

LOG = logging.getLogger(__name__)
_GROUP = 'neutron'


def adapter_of(conf):
    auth = ks_loading.load_auth_from_conf_options(conf, _GROUP)
    session = ks_loading.load_session_from_conf_options(conf, _GROUP,
                                                        auth=auth)
    return ks_loading.load_adapter_from_conf_options(
        conf, _GROUP, session=session, auth=auth, raise_exc=False,
        connect_retries=conf.neutron.http_retries)


class NeutronClient:

    def __init__(self, conf, adapter=None):
        self.conf = conf
        self._adapter = adapter

    @property
    def adapter(self):
        if self._adapter is None:
            self._adapter = adapter_of(self.conf)
        return self._adapter

    def _request(self, method, path, body=None, missing_ok=False):
        try:
            response = self.adapter.request(
                '/v2.0' + path, method, json=body,
                headers={'Accept': 'application/json'})
        except ks_exceptions.ClientException as e:
            # No connection, no endpoint, no token: no answer at all.
            raise exception.NetworkServiceUnavailable(reason=str(e))
        if response.status_code == 404 and missing_ok:
            return None
        if response.status_code >= 400:
            raise exception.NetworkServiceError(
                method=method, path=path, status=response.status_code,
                reason=_reason(response))
        return response.json() if response.content else {}

    def list(self, collection, **filters):
        query = parse.urlencode(sorted(
            (k, v) for k, v in filters.items() if v is not None), doseq=True)
        path = '/%s%s' % (collection, '?' + query if query else '')
        return self._request('GET', path)[_key(collection)]

    def show(self, collection, uuid):
        """The resource, or None if the service has none by that id."""
        found = self._request('GET', '/%s/%s' % (collection, uuid),
                              missing_ok=True)
        return None if found is None else found[_singular(collection)]

    def create(self, collection, values):
        key = _singular(collection)
        return self._request('POST', '/' + collection,
                             {key: values})[key]

    def update(self, collection, uuid, values):
        key = _singular(collection)
        return self._request('PUT', '/%s/%s' % (collection, uuid),
                             {key: values})[key]

    def act(self, path):
        """PUT an action with no body (a binding's ``activate``)."""
        return self._request('PUT', path)

    def delete(self, collection, uuid):
        """Delete it; nothing if it is already gone."""
        self._request('DELETE', '/%s/%s' % (collection, uuid),
                      missing_ok=True)


def _key(collection):
    """The body's key for a collection of the path (security-groups:
    security_groups; qos/policies: policies)."""
    return collection.rsplit('/', 1)[-1].replace('-', '_')


def _singular(collection):
    key = _key(collection)
    return {'policies': 'policy'}.get(key, key[:-1])


def _reason(response):
    try:
        body = response.json()
    except ValueError:
        return response.text[:200]
    error = body.get('NeutronError') if isinstance(body, dict) else None
    if isinstance(error, dict):
        return error.get('message') or str(error)
    return str(body)[:200]
