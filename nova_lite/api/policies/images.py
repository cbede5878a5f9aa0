# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The image API: members of a project manage its images; making an
image public is for administrators, as in Glance."""
import functools

from nova_lite.api.policies import base

_rule = functools.partial(base.rule, prefix='image:')


RULES = [
    _rule('get_images', base.PROJECT_READER, 'GET', '/v2/images',
          'List the images the project can see.'),
    _rule('get_image', base.PROJECT_READER, 'GET', '/v2/images/{image_id}',
          'Show an image.'),
    _rule('add_image', base.PROJECT_MEMBER, 'POST', '/v2/images',
          'Create an image.'),
    _rule('modify_image', base.PROJECT_MEMBER, 'PATCH',
          '/v2/images/{image_id}', "Change an image's attributes."),
    _rule('delete_image', base.PROJECT_MEMBER, 'DELETE',
          '/v2/images/{image_id}', 'Delete an image and its bits.'),
    _rule('upload_image', base.PROJECT_MEMBER, 'PUT',
          '/v2/images/{image_id}/file', "Upload an image's bits."),
    _rule('download_image', base.PROJECT_READER, 'GET',
          '/v2/images/{image_id}/file', "Download an image's bits."),
    _rule('deactivate', base.ADMIN, 'POST',
          '/v2/images/{image_id}/actions/deactivate',
          "Deactivate an image: its bits kept, downloads an admin's, no "
          'server boots from it.'),
    _rule('reactivate', base.ADMIN, 'POST',
          '/v2/images/{image_id}/actions/reactivate',
          'Reactivate a deactivated image.'),
    _rule('get_members', base.PROJECT_READER, 'GET',
          '/v2/images/{image_id}/members',
          "List an image's members (a member sees only itself)."),
    _rule('get_member', base.PROJECT_READER, 'GET',
          '/v2/images/{image_id}/members/{member_id}',
          'Show a member of an image.'),
    _rule('add_member', base.PROJECT_MEMBER, 'POST',
          '/v2/images/{image_id}/members',
          "Share an image with a project (its owner's)."),
    _rule('modify_member', base.PROJECT_MEMBER, 'PUT',
          '/v2/images/{image_id}/members/{member_id}',
          'Accept or reject an image shared with the project.'),
    _rule('delete_member', base.PROJECT_MEMBER, 'DELETE',
          '/v2/images/{image_id}/members/{member_id}',
          "Stop sharing an image with a project (its owner's)."),
    _rule('get_metadef_namespaces', base.PROJECT_READER, 'GET',
          '/v2/metadefs/namespaces',
          'List the metadata definition namespaces.'),
    _rule('get_metadef_namespace', base.PROJECT_READER, 'GET',
          '/v2/metadefs/namespaces/{namespace}',
          'Show a metadata definition namespace, its properties and '
          'resource types.'),
    _rule('list_metadef_resource_types', base.PROJECT_READER, 'GET',
          '/v2/metadefs/resource_types',
          'List the resource types of the metadata definitions.'),
    _rule('stage_image', base.PROJECT_MEMBER, 'PUT',
          '/v2/images/{image_id}/stage',
          "Stage an image's bits for a glance-direct import."),
    _rule('import_image', base.PROJECT_MEMBER, 'POST',
          '/v2/images/{image_id}/import',
          "Import an image's bits (staged or from an allowed URL)."),
    _rule('get_image_tasks', base.PROJECT_READER, 'GET',
          '/v2/images/{image_id}/tasks',
          "List the import tasks of an image the project can see."),
    _rule('get_tasks', base.ADMIN, 'GET', '/v2/tasks',
          'List the import tasks of every project.'),
    _rule('add_task', base.ADMIN, 'POST', '/v2/tasks',
          'Make an image and import its data from a URL in one task.'),
    _rule('get_task', base.ADMIN, 'GET', '/v2/tasks/{task_id}',
          'Show an import task.'),
    _rule('publicize_image', base.ADMIN, 'POST',
          '/v2/images', 'Create or change an image to be public.'),
]


def list_rules():
    return RULES
