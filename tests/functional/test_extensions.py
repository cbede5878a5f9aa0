# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Hooks around internal calls, and API extensions disabled by config."""
from stevedore import extension
from stevedore import named

from nova_lite.compute import hooks
from nova_lite import exception


class Recorder:
    """A hook that records what it saw, and refuses names it is told to."""

    def __init__(self):
        self.calls = []
        self.refuse = set()

    def pre(self, api, context, *args, **kwargs):
        name = getattr(args[0], 'name', None) or (
            args[1] if len(args) > 1 else None)
        if name in self.refuse:
            raise exception.Forbidden(message='%s is not allowed here' %
                                      name)
        self.calls.append(('pre', context.project_id, name))
        self.options = kwargs

    def post(self, result, api, context, *args, **kwargs):
        self.calls.append(('post', type(result).__name__))


def test_hooks_are_read_from_the_group_other_packages_register_in():
    """The entry point group is public (the documentation names it): a package
    that registers its hooks there must keep finding them, wherever the
    module that reads them lives."""
    assert hooks.NAMESPACE == 'nova_lite.hooks'


def _install(monkeypatch, name, hook):
    manager = named.NamedExtensionManager.make_test_instance(
        [extension.Extension(name, None, Recorder, hook)],
        namespace=hooks.NAMESPACE)
    monkeypatch.setitem(hooks._managers, name, manager)


def test_hooks_run_around_flavor_and_server_calls(all_in_one, monkeypatch):
    api = all_in_one(hosts=1).client
    flavor_hook, server_hook = Recorder(), Recorder()
    _install(monkeypatch, 'create_flavor', flavor_hook)
    _install(monkeypatch, 'create_server', server_hook)
    assert api.post('/flavors', {'flavor': {'name': 'm1', 'id': 'm1',
                                            'ram': 512, 'vcpus': 1,
                                            'disk': 1}})[0] == 200
    assert flavor_hook.calls == [('pre', 'admin', 'm1'), ('post', 'Flavor')]
    status, body = api.post('/servers', {'server': {
        'name': 'web', 'flavorRef': 'm1', 'description': 'front end'}},
        headers={'OpenStack-API-Version':
                 'compute 2.19'})
    assert status == 202, body
    assert server_hook.calls == [('pre', 'admin', 'm1'),
                                 ('post', 'Instance')]
    assert server_hook.options['description'] == 'front end'
    # Settled before the all-in-one stops: a build cut off by the stop
    # would wait for a scheduler that no longer answers.
    assert api.wait_server(body['server']['id'])['status'] == 'ACTIVE'


def test_a_hook_can_refuse_a_call(all_in_one, monkeypatch):
    api = all_in_one(hosts=1).client
    hook = Recorder()
    hook.refuse.add('forbidden-name')
    _install(monkeypatch, 'create_flavor', hook)
    status, body = api.post('/flavors', {'flavor': {
        'name': 'forbidden-name', 'ram': 512, 'vcpus': 1, 'disk': 1}})
    assert status == 403
    assert body['forbidden']['message'] == \
        'forbidden-name is not allowed here'
    assert api.get('/flavors')[1] == {'flavors': []}


def test_a_broken_hook_does_not_break_the_call(all_in_one, monkeypatch):
    api = all_in_one(hosts=1).client

    class Broken:
        def pre(self, *args):
            raise RuntimeError('bug in a plugin')

    _install(monkeypatch, 'create_flavor', Broken())
    assert api.post('/flavors', {'flavor': {'name': 'm1', 'ram': 512,
                                            'vcpus': 1, 'disk': 1}})[0] == 200


def test_disabled_extension_answers_404(all_in_one, overrides):
    overrides('disabled_extensions', ['os-hypervisors'], group='api')
    api = all_in_one(hosts=1).client
    status, body = api.get('/os-hypervisors/detail')
    assert status == 404
    assert body['itemNotFound']['code'] == 404
    assert api.get('/flavors')[0] == 200
