# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Import tasks as Glance shows them: ``GET /v2/images/{id}/tasks`` (API
2.12, to whoever sees the image) and ``GET /v2/tasks[/{id}]`` (admins, as
Glance's default ``tasks_api_access``); and the tasks API's own import,
``POST /v2/tasks`` (admins): an image made from ``image_properties``,
its data fetched from ``import_from`` as a web-download is, within the
same allow-list (a URL off it fails the task, and the image stays
queued)."""
import uuid

from nova_lite.api.image import images
from nova_lite.api.image import importer
from nova_lite.api.image import imports
from nova_lite.api.image import schemas
from nova_lite.api import validation
from nova_lite import exception
from nova_lite.objects import image as image_obj
from nova_lite.objects import image_task

_STUB = ('id', 'type', 'status', 'owner')
_DETAIL = ('input', 'result', 'message')


def stub(task):
    """A task as lists show it (without its input and outcome)."""
    body = {name: getattr(task, name) for name in _STUB}
    body.update(created_at=images.timestamp(task.created_at),
                updated_at=images.timestamp(task.updated_at or
                                            task.created_at),
                expires_at=images.timestamp(task.expires_at),
                self='/v2/tasks/%s' % task.id, schema='/v2/schemas/task')
    return body


def view(task):
    return dict(stub(task), **{name: getattr(task, name)
                               for name in _DETAIL})


def _image_view(task):
    """A task in an image's list also says whose request made it."""
    return dict(view(task), image_id=task.image_id,
                request_id=task.request_id, user_id=task.user_id,
                deleted=False, deleted_at=None)


def of_image(req, image_id):
    images.get(req, image_id)
    return 200, {'tasks': [
        _image_view(t)
        for t in image_task.ImageTaskList.get_by_image(req.context,
                                                       image_id)]}


def index(req):
    params = req.GET
    if params.get('status') not in (None,) + image_task.STATUSES:
        raise exception.ValidationError(
            detail='Invalid status value: %s' % params['status'])
    limit = schemas.list_limit(params)
    sort_dir = params.get('sort_dir', 'desc')
    schemas.list_sort({'sort_dir': sort_dir})
    tasks = image_task.ImageTaskList.get_all(
        req.context, {'status': params.get('status'),
                      'type': params.get('type')},
        limit=limit, marker=params.get('marker'), sort_dir=sort_dir)
    return 200, dict(images.page_links(req, '/v2/tasks', tasks, limit),
                     tasks=[stub(t) for t in tasks],
                     schema='/v2/schemas/tasks')


def show(req, task_id):
    return 200, view(image_task.ImageTask.get_by_id(req.context, task_id))


def create(req):
    body = req.body_json()
    validation.validate(schemas.task_create, body)
    task_input = body['input']
    image = images.new_image(req, dict(task_input['image_properties']))
    imports.lock(image, image_obj.QUEUED)
    task = image_task.ImageTask(
        req.context, id=str(uuid.uuid4()),
        type=image_task.TASKS_API_IMPORT, image_id=image.id,
        owner=req.context.project_id, user_id=req.context.user_id,
        request_id=req.context.request_id, input=task_input)
    try:
        task.create()
    except BaseException:
        images.move_back(image, image_obj.QUEUED, [image_obj.IMPORTING])
        raise
    req.environ[importer.ENVIRON_KEY].submit(task.id)
    return 201, view(task)
