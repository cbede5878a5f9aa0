# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The interoperable image import: glance-direct (stage, then import) and
web-download (from allowed hosts only), driven by the openstack client,
openstacksdk and plain HTTP; its tasks; and an import whose process died."""
import datetime
import hashlib
import http.server
import json
import os
import re
import threading
import time
import uuid

import openstack
import pytest
import requests

from nova_lite.api.image import importer as image_importer
from nova_lite.api.image import store as image_store
from nova_lite import context as nl_context
from nova_lite.db.api import image_tasks as task_db
from nova_lite.objects import image as image_obj
from nova_lite.objects import image_task
from tests.functional import image_calls
from tests.functional.image_calls import ADMIN
from tests.functional.image_calls import ALICE
from tests.functional.image_calls import BOB
from tests.functional.image_calls import create
from tests.functional.image_calls import osc
from tests.functional.image_calls import upload

OCTETS = {'Content-Type': 'application/octet-stream'}


@pytest.fixture
def aio(all_in_one):
    return all_in_one(hosts=1)


@pytest.fixture
def served(tmp_path):
    """A web server on loopback with one file, ``/disk.raw``, a redirect
    to it, ``/moved``, and one to the same file at ``localhost``,
    ``/away``: the source of web-downloads."""
    data = os.urandom(2 * 1024 * 1024 + 3)

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            if self.path in ('/moved', '/away'):
                self.send_response(302)
                self.send_header('Location', '/disk.raw' if self.path ==
                                 '/moved' else 'http://localhost:%d/disk.raw'
                                 % self.server.server_address[1])
                self.end_headers()
                return
            if self.path != '/disk.raw':
                self.send_error(404)
                return
            self.send_response(200)
            self.send_header('Content-Length', str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(('127.0.0.1', 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    server.url = 'http://127.0.0.1:%d' % server.server_address[1]
    server.data = data
    yield server
    server.shutdown()


def _image(aio, image_id, headers=ADMIN):
    return requests.get(aio.image_url + '/v2/images/' + image_id,
                        headers=headers).json()


def _wait(aio, image_id, statuses=('active', 'queued')):
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        image = _image(aio, image_id)
        if image['status'] in statuses:
            return image
        time.sleep(0.05)
    raise AssertionError('image %s stayed %s' % (image_id, image['status']))


def _stage(aio, image_id, data, headers=ADMIN, content_type=OCTETS):
    return requests.put(aio.image_url + '/v2/images/%s/stage' % image_id,
                        data=data, headers=dict(headers, **content_type))


def _import(aio, image_id, body, headers=ADMIN):
    return requests.post(aio.image_url + '/v2/images/%s/import' % image_id,
                         json=body, headers=headers)


def _glance_direct(aio, image_id, headers):
    return _import(aio, image_id, {'method': {'name': 'glance-direct'}},
                   headers)


def _store_files(aio):
    found = []
    for _root, _dirs, files in os.walk(aio.conf.image.store_path):
        found.extend(files)
    return sorted(found)


def _raw(aio, headers=ALICE, **body):
    return create(aio, headers, disk_format='raw', container_format='bare',
                  **body).json()


def test_openstack_client_stages_and_imports(aio, tmp_path):
    data = os.urandom(1024 * 1024 + 7)
    source = tmp_path / 'disk.raw'
    source.write_bytes(data)
    methods = requests.get(aio.image_url + '/v2/info/import',
                           headers=ADMIN).json()
    assert methods == {'import-methods': {
        'description': 'Import methods available.', 'type': 'array',
        'value': ['glance-direct']}}

    created = osc(aio, 'image', 'create', '--import', '--file', str(source),
                  '--disk-format', 'raw', '--container-format', 'bare',
                  'imported', '-f', 'json')
    image = _wait(aio, created['id'])
    assert (image['status'], image['size']) == ('active', len(data))
    assert image['checksum'] == hashlib.md5(data).hexdigest()
    assert image['os_hash_value'] == hashlib.sha512(data).hexdigest()
    saved = tmp_path / 'saved'
    osc(aio, 'image', 'save', '--file', str(saved), 'imported')
    assert saved.read_bytes() == data

    # The two steps one by one: stage, then import.
    create(aio, name='two-steps', disk_format='raw',
           container_format='bare')
    osc(aio, 'image', 'stage', '--file', str(source), 'two-steps')
    staged = osc(aio, 'image', 'show', 'two-steps', '-f', 'json')
    assert (staged['status'], staged['size']) == ('uploading', len(data))
    osc(aio, 'image', 'import', '--method', 'glance-direct', 'two-steps')
    assert _wait(aio, staged['id'])['status'] == 'active'

    tasks = requests.get(aio.image_url + '/v2/images/%s/tasks'
                         % staged['id'], headers=ADMIN).json()['tasks']
    assert [(t['type'], t['status'], t['image_id']) for t in tasks] == [
        ('api_image_import', 'success', staged['id'])]
    assert tasks[0]['input']['import_req']['method'] == {
        'name': 'glance-direct'}
    assert tasks[0]['result'] == {'image_id': staged['id']}
    assert tasks[0]['expires_at'] is not None
    listed = osc(aio, 'image', 'task', 'list', '-f', 'json')
    assert tasks[0]['id'] in [t['ID'] for t in listed]
    shown = osc(aio, 'image', 'task', 'show', tasks[0]['id'], '-f', 'json')
    assert shown['status'] == 'success'
    assert not any(name.endswith(('.part', '.sums')) or 'staging' in name
                   for name in _store_files(aio))


def test_openstacksdk_creates_with_import_and_lists_tasks(aio, tmp_path):
    source = tmp_path / 'disk.raw'
    source.write_bytes(b'sdk-bits' * 1000)
    conn = openstack.connect(auth_type='admin_token',
                             auth={'endpoint': aio.image_url,
                                   'token': 'alice:teamA'},
                             image_endpoint_override=aio.image_url)
    image = conn.image.create_image(
        name='via-sdk', filename=str(source), disk_format='raw',
        container_format='bare', use_import=True)
    image = conn.image.wait_for_status(image, 'active', wait=30)
    assert image.size == 8000
    tasks = list(conn.image.image_tasks(image.id))
    assert [t.status for t in tasks] == ['success']
    info = conn.image.get_import_info()
    assert info.import_methods['value'] == ['glance-direct']


def test_web_download_from_an_allowed_host(aio, served, overrides):
    overrides('enabled_import_methods', ['glance-direct', 'web-download'],
              group='image')
    overrides('web_download_allowed_hosts', ['127.0.0.1'], group='image')
    overrides('web_download_allowed_ports', [], group='image')
    image = _raw(aio, name='fetched')
    response = _import(aio, image['id'], {'method': {
        'name': 'web-download', 'uri': served.url + '/moved'}}, ALICE)
    assert (response.status_code, response.content) == (202, b'')
    image = _wait(aio, image['id'])
    assert image['status'] == 'active'
    assert image['checksum'] == hashlib.md5(served.data).hexdigest()
    downloaded = requests.get(aio.image_url + '/v2/images/%s/file'
                              % image['id'], headers=ALICE)
    assert downloaded.content == served.data

    # A URL that fails: the task says why, the image is queued again and
    # nothing of it is kept.
    missing = _raw(aio, name='missing')
    assert _import(aio, missing['id'], {'method': {
        'name': 'web-download', 'uri': served.url + '/nothing'}},
        ALICE).status_code == 202
    assert _wait(aio, missing['id'], ('queued',))['size'] is None
    task = requests.get(aio.image_url + '/v2/images/%s/tasks'
                        % missing['id'], headers=ALICE).json()['tasks'][0]
    assert task['status'] == 'failure'
    assert '404' in task['message']
    assert _store_files(aio) == [image['id']]


@pytest.mark.parametrize('uri', [
    'http://localhost:%d/disk.raw', 'ftp://127.0.0.1:%d/disk.raw',
    'file:///etc/passwd', None, 'http://[::1', 'not a url'])
def test_web_download_refuses_urls_off_the_allow_list(aio, served, uri,
                                                      overrides):
    overrides('enabled_import_methods', ['web-download'], group='image')
    overrides('web_download_allowed_hosts', ['127.0.0.1'], group='image')
    overrides('web_download_allowed_ports', [], group='image')
    image = _raw(aio)
    if uri and '%d' in uri:
        uri = uri % served.server_address[1]
    response = _import(aio, image['id'], {'method': {
        'name': 'web-download', 'uri': uri}}, ALICE)
    assert response.status_code == 400, response.text
    assert 'URI for web-download does not pass filtering' in response.text
    assert _image(aio, image['id'])['status'] == 'queued'


def test_web_download_is_off_by_default(aio, served):
    image = _raw(aio)
    response = _import(aio, image['id'], {'method': {
        'name': 'web-download', 'uri': served.url + '/disk.raw'}}, ALICE)
    assert response.status_code == 400
    assert "Unknown import method name 'web-download'." in response.text
    assert _image(aio, image['id'])['status'] == 'queued'


def test_redirects_are_followed_only_to_allowed_hosts(aio, served,
                                                      overrides):
    """``/away`` passes the list (127.0.0.1) but redirects to localhost,
    which is not on it: the import fails without fetching."""
    overrides('enabled_import_methods', ['web-download'], group='image')
    overrides('web_download_allowed_hosts', ['127.0.0.1'], group='image')
    overrides('web_download_allowed_ports', [served.server_address[1]],
              group='image')
    image = _raw(aio)
    assert _import(aio, image['id'], {'method': {
        'name': 'web-download', 'uri': served.url + '/away'}},
        ALICE).status_code == 202
    assert _wait(aio, image['id'], ('queued',))['status'] == 'queued'
    task = requests.get(aio.image_url + '/v2/images/%s/tasks'
                        % image['id'], headers=ALICE).json()['tasks'][0]
    assert task['status'] == 'failure'
    assert 'does not pass filtering: http://localhost' in task['message']
    # A port off the list is refused at once.
    other = 'http://127.0.0.1:%d/disk.raw' % (served.server_address[1] + 1)
    assert _import(aio, image['id'], {'method': {
        'name': 'web-download', 'uri': other}}, ALICE).status_code == 400


@pytest.mark.parametrize('body, words', [
    ({}, "Import request requires a 'method' field."),
    ([], "Import request requires a 'method' field."),
    ({'method': 'glance-direct'}, "Import request requires a 'name' field."),
    ({'method': {}}, "Import request requires a 'name' field."),
    ({'method': {'name': 'copy-image'}},
     "Unknown import method name 'copy-image'."),
    ({'method': {'name': ['glance-direct']}}, 'Unknown import method name'),
    ({'method': {'name': 'glance-direct'}, 'all_stores': 'yes'},
     "'all_stores' must be boolean value only"),
    ({'method': {'name': 'glance-direct'}, 'all_stores_must_succeed': 1},
     "'all_stores_must_succeed' must be boolean value only"),
])
def test_bad_import_bodies_are_refused(aio, body, words):
    image = _raw(aio)
    assert _stage(aio, image['id'], b'staged', ALICE).status_code == 204
    response = _import(aio, image['id'], body, ALICE)
    assert response.status_code == 400, response.text
    assert words in response.text
    assert _image(aio, image['id'])['status'] == 'uploading'


def test_import_needs_the_right_status_formats_and_owner(aio):
    # Not staged yet.
    image = _raw(aio)
    response = _glance_direct(aio, image['id'], ALICE)
    assert response.status_code == 409
    assert "Image needs to be staged before 'glance-direct'" in (
        response.text)
    # Active images cannot be staged into or imported to.
    upload(aio, image['id'], b'bits', ALICE)
    response = _stage(aio, image['id'], b'more', ALICE)
    assert response.status_code == 409, response.text
    assert ('Image status transition from active to uploading is not '
            'allowed') in response.text
    response = _glance_direct(aio, image['id'], ALICE)
    assert response.status_code == 409
    assert 'Image with status active cannot be target for import' in (
        response.text)
    assert _image(aio, image['id'])['size'] == 4
    # No formats: nothing can be imported.
    bare = create(aio, ALICE, name='no-formats').json()
    assert _stage(aio, bare['id'], b'x', ALICE).status_code == 204
    response = _glance_direct(aio, bare['id'], ALICE)
    assert response.status_code == 409
    assert "'container_format' needs to be set before import" in (
        response.text)
    # Another project's public image: seen, not imported to.
    public = create(aio, ADMIN, disk_format='raw', container_format='bare',
                    visibility='public').json()
    assert _stage(aio, public['id'], b'x', ADMIN).status_code == 204
    response = _glance_direct(aio, public['id'], BOB)
    assert response.status_code == 403
    assert _stage(aio, public['id'], b'x', BOB).status_code == 403


def test_stage_wants_octets_and_glance_direct(aio, overrides):
    image = _raw(aio)
    response = _stage(aio, image['id'], b'x', ALICE,
                      {'Content-Type': 'application/json'})
    assert response.status_code == 415
    response = upload(aio, image['id'], b'x', ALICE)
    assert response.status_code == 204
    overrides('enabled_import_methods', ['web-download'], group='image')
    other = _raw(aio)
    response = _stage(aio, other['id'], b'x', ALICE)
    assert response.status_code == 404
    assert "'glance-direct' method is not available at this site." in (
        response.text)
    assert _image(aio, other['id'])['status'] == 'queued'
    assert _store_files(aio) == [image['id']]


def test_staging_past_the_size_cap_keeps_nothing(all_in_one, overrides):
    overrides('image_size_cap', 1024, group='image')
    aio = all_in_one(hosts=1)
    image = _raw(aio)
    response = _stage(aio, image['id'], b'x' * 4096, ALICE)
    assert response.status_code == 413
    shown = _image(aio, image['id'])
    assert (shown['status'], shown['size']) == ('queued', None)
    assert _store_files(aio) == []


def test_a_deleted_image_takes_its_staged_data_along(aio):
    image = _raw(aio)
    assert _stage(aio, image['id'], b'staged', ALICE).status_code == 204
    assert requests.delete(aio.image_url + '/v2/images/' + image['id'],
                           headers=ALICE).status_code == 204
    assert _store_files(aio) == []


def _importing(aio):
    """A staged image ``importing`` and its task, as the API leaves them
    (the task ``pending``, given to no importer yet)."""
    image = _raw(aio)
    assert _stage(aio, image['id'], b'staged', ALICE).status_code == 204
    context = nl_context.get_admin_context()
    stored = image_obj.Image.get_by_id(context, image['id'])
    stored.status = image_obj.IMPORTING
    stored.save()
    task = image_task.ImageTask(
        context, id=str(uuid.uuid4()), type=image_task.IMPORT,
        image_id=image['id'], owner='teamA',
        input={'import_req': {'method': {'name': 'glance-direct'}}})
    task.create()
    return image, task, context


def test_an_import_whose_process_died_is_failed_and_its_image_queued(aio):
    """An import left ``processing`` by a process that died stops being
    touched; the sweep fails it and puts its image back to queued with
    nothing kept."""
    image, task, context = _importing(aio)
    assert task.start()
    importer = image_importer.Importer(
        aio.conf.image, image_store.ImageStore(aio.conf.image.store_path))
    importer.sweep()   # touched just now: left alone
    assert _image(aio, image['id'])['status'] == 'importing'
    long_ago = datetime.datetime.utcnow() - datetime.timedelta(hours=1)
    assert task_db.update(context, task.id, {'updated_at': long_ago},
                          image_task.UNFINISHED)
    importer.sweep()
    shown = _image(aio, image['id'])
    assert (shown['status'], shown['size']) == ('queued', None)
    failed = image_task.ImageTask.get_by_id(context, task.id)
    assert failed.status == 'failure'
    assert 'stopped' in failed.message
    assert _store_files(aio) == []


def test_tasks_are_for_admins_and_image_viewers(aio):
    image = _raw(aio)
    _stage(aio, image['id'], b'x', ALICE)
    _glance_direct(aio, image['id'], ALICE)
    _wait(aio, image['id'])
    assert requests.get(aio.image_url + '/v2/tasks',
                        headers=ALICE).status_code == 403
    listed = requests.get(aio.image_url + '/v2/tasks?limit=1',
                          headers=ADMIN).json()
    assert [t['status'] for t in listed['tasks']] == ['success']
    assert 'input' not in listed['tasks'][0]
    assert listed['next'].startswith('/v2/tasks?limit=1&marker=')
    assert requests.get(aio.image_url + '/v2/tasks?status=done',
                        headers=ADMIN).status_code == 400
    assert requests.get(aio.image_url + '/v2/images/%s/tasks' % image['id'],
                        headers=BOB).status_code == 404
    missing = requests.get(aio.image_url + '/v2/tasks/%s' % image['id'],
                           headers=ADMIN)
    assert missing.status_code == 404
    assert 'Task with the given id' in missing.text


@pytest.mark.parametrize('status', ['saving', 'uploading'])
def test_an_upload_or_stage_whose_process_died_is_ended(aio, status):
    """An image left ``saving`` (an upload) or ``uploading`` without its
    staged data whole (a stage) by a process that died stops being
    touched; the sweep puts it back to queued and removes what the write
    left. Data staged whole waits for its import, however long."""
    cut_short = _raw(aio)
    staged = _raw(aio)
    assert _stage(aio, staged['id'], b'whole', ALICE).status_code == 204
    context = nl_context.get_admin_context()
    stored = image_obj.Image.get_by_id(context, cut_short['id'])
    stored.status = status
    stored.save()
    store = image_store.ImageStore(aio.conf.image.store_path)
    part = (os.path.join(aio.conf.image.store_path, cut_short['id'])
            + '.part' if status == 'saving' else os.path.join(
                aio.conf.image.store_path, 'staging', cut_short['id'])
            + '.data.part')
    os.makedirs(os.path.dirname(part), exist_ok=True)
    with open(part, 'wb') as half:
        half.write(b'half')
    importer = image_importer.Importer(aio.conf.image, store)
    importer.sweep()  # touched just now: left alone
    assert _image(aio, cut_short['id'])['status'] == status
    long_ago = datetime.datetime.utcnow() - datetime.timedelta(hours=1)
    for image_id in (cut_short['id'], staged['id']):
        old = image_obj.Image.get_by_id(context, image_id)
        old.updated_at = long_ago
        old.save()
    importer.sweep()
    assert _image(aio, cut_short['id'])['status'] == 'queued'
    assert not os.path.exists(part)
    assert _image(aio, staged['id'])['status'] == 'uploading'
    assert _glance_direct(aio, staged['id'], ALICE).status_code == 202
    assert _wait(aio, staged['id'])['status'] == 'active'


def test_an_import_waiting_for_a_worker_is_not_taken_for_dead(aio,
                                                              overrides):
    """More imports than workers: the one waiting in this process's queue
    is touched by its sweeper, so it outlives import_stale_after and runs
    once a worker is free."""
    overrides('import_workers', 1, group='image')
    importer = image_importer.Importer(
        aio.conf.image, image_store.ImageStore(aio.conf.image.store_path))
    busy, release = threading.Event(), threading.Event()

    def block():
        busy.set()
        release.wait(30)
    importer.pool.submit(block)
    assert busy.wait(10)
    image, task, context = _importing(aio)
    importer.submit(task.id)
    long_ago = datetime.datetime.utcnow() - datetime.timedelta(hours=1)
    assert task_db.update(context, task.id, {'updated_at': long_ago},
                          image_task.UNFINISHED)
    importer.sweep()
    assert image_task.ImageTask.get_by_id(context, task.id).status == \
        'pending'
    release.set()
    assert _wait(aio, image['id'])['status'] == 'active'
    # The worker activates the image, then closes its task.
    deadline = time.monotonic() + 10
    while image_task.ImageTask.get_by_id(context, task.id).status != \
            'success':
        assert time.monotonic() < deadline
        time.sleep(0.05)


def _task(aio, task_id):
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        task = requests.get(aio.image_url + '/v2/tasks/' + task_id,
                            headers=ADMIN).json()
        if task['status'] in ('success', 'failure'):
            return task
        time.sleep(0.05)
    raise AssertionError('task %s did not end: %s' % (task_id, task))


def test_the_tasks_api_makes_and_imports_an_image(aio, served, overrides):
    """``glance task-create --type import``: an image made from the
    task's image_properties, its data fetched from import_from within
    the web-download allow-list."""
    overrides('web_download_allowed_hosts', ['127.0.0.1'], group='image')
    overrides('web_download_allowed_ports', [], group='image')
    task_input = {'import_from': served.url + '/disk.raw',
                  'import_from_format': 'raw',
                  'image_properties': {'name': 'tasked',
                                       'disk_format': 'raw',
                                       'container_format': 'bare'}}
    shown = image_calls.glance(aio, 'task-create', '--type', 'import',
                               '--input', json.dumps(task_input))
    task_id = re.search(r'\|\s*id\s*\|\s*([0-9a-f-]{36})', shown).group(1)
    task = _task(aio, task_id)
    assert (task['status'], task['type'], task['input']) == (
        'success', 'import', task_input)
    image = _image(aio, task['result']['image_id'])
    assert (image['name'], image['status'], image['checksum']) == (
        'tasked', 'active', hashlib.md5(served.data).hexdigest())

    # Off the allow-list: the task fails saying why, the image stays
    # queued without data.
    response = requests.post(aio.image_url + '/v2/tasks', headers=ADMIN,
                             json={'type': 'import', 'input': dict(
                                 task_input,
                                 import_from='http://localhost:%d/disk.raw'
                                 % served.server_address[1])})
    assert response.status_code == 201, response.text
    assert response.json()['status'] == 'pending'
    task = _task(aio, response.json()['id'])
    assert task['status'] == 'failure'
    assert 'does not pass filtering' in task['message']
    # The task ends first, then its image is put back (poll for it).
    [second] = [i['id'] for i in requests.get(
        aio.image_url + '/v2/images?name=tasked', headers=ADMIN).json()[
        'images'] if i['id'] != image['id']]
    assert _wait(aio, second, ('queued',))['size'] is None


@pytest.mark.parametrize('body, headers, status', [
    ({'type': 'import', 'input': {'import_from': 'http://x/',
                                  'import_from_format': 'raw',
                                  'image_properties': {}}}, ALICE, 403),
    ({'type': 'api_image_import', 'input': {}}, ADMIN, 400),
    ({'type': 'import'}, ADMIN, 400),
    ({'type': 'import', 'input': {'import_from': 'http://x/',
                                  'image_properties': {}}}, ADMIN, 400),
    ({'type': 'import', 'input': {
        'import_from': 'http://x/', 'import_from_format': 'raw',
        'image_properties': {'disk_format': 'nonsense'}}}, ADMIN, 400),
])
def test_bad_task_requests_make_nothing(aio, body, headers, status):
    response = requests.post(aio.image_url + '/v2/tasks', json=body,
                             headers=headers)
    assert response.status_code == status, response.text
    assert requests.get(aio.image_url + '/v2/images',
                        headers=ADMIN).json()['images'] == []
