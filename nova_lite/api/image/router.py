# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The image API's route table and dispatcher.

Errors are answered as Glance answers them: a plain-text body that says
the status and why. The store is handed to the handlers in the request.
"""
import webob

from nova_lite.api.image import image_actions
from nova_lite.api.image import images
from nova_lite.api.image import importer as image_importer
from nova_lite.api.image import imports
from nova_lite.api.image import members
from nova_lite.api.image import metadef_namespaces as namespaces
from nova_lite.api.image import metadef_objects as objects
from nova_lite.api.image import metadef_properties as properties
from nova_lite.api.image import metadef_resource_types as resource_types
from nova_lite.api.image import metadef_tags
from nova_lite.api.image import schema_docs
from nova_lite.api.image import store as image_store
from nova_lite.api.image import tags
from nova_lite.api.image import tasks
from nova_lite.api.image import versions
from nova_lite.api import wsgi

_IMG = '/v2/images/{image_id}'
_P = 'image:'
_NS = '/v2/metadefs/namespaces/{namespace}'
_MD = '/v2/schemas/metadefs/'

ROUTES = [
    ('GET', '/', versions.index, None),
    ('GET', '/versions', versions.index, None),
    ('GET', '/v2/schemas/image', schema_docs.show_image, None),
    ('GET', '/v2/schemas/images', schema_docs.show_images, None),
    ('GET', '/v2/images', images.index, _P + 'get_images'),
    ('POST', '/v2/images', images.create, _P + 'add_image'),
    ('GET', _IMG, images.show, _P + 'get_image'),
    ('PATCH', _IMG, images.update, _P + 'modify_image'),
    ('DELETE', _IMG, images.delete, _P + 'delete_image'),
    ('PUT', _IMG + '/file', images.upload, _P + 'upload_image'),
    ('GET', _IMG + '/file', images.download, _P + 'download_image'),
    ('POST', _IMG + '/actions/deactivate', image_actions.deactivate,
     _P + 'deactivate'),
    ('POST', _IMG + '/actions/reactivate', image_actions.reactivate,
     _P + 'reactivate'),
    ('GET', _IMG + '/members', members.index, _P + 'get_members'),
    ('POST', _IMG + '/members', members.create, _P + 'add_member'),
    ('GET', _IMG + '/members/{member_id}', members.show,
     _P + 'get_member'),
    ('PUT', _IMG + '/members/{member_id}', members.update,
     _P + 'modify_member'),
    ('DELETE', _IMG + '/members/{member_id}', members.delete,
     _P + 'delete_member'),
    ('GET', '/v2/schemas/member', schema_docs.show_member, None),
    ('GET', '/v2/schemas/members', schema_docs.show_members, None),
    ('GET', '/v2/metadefs/namespaces', namespaces.index,
     _P + 'get_metadef_namespaces'),
    ('POST', '/v2/metadefs/namespaces', namespaces.create,
     _P + 'add_metadef_namespace'),
    ('GET', _NS, namespaces.show, _P + 'get_metadef_namespace'),
    ('PUT', _NS, namespaces.update, _P + 'modify_metadef_namespace'),
    ('DELETE', _NS, namespaces.delete, _P + 'delete_metadef_namespace'),
    ('GET', _NS + '/objects', objects.index, _P + 'get_metadef_objects'),
    ('POST', _NS + '/objects', objects.create, _P + 'add_metadef_object'),
    ('DELETE', _NS + '/objects', namespaces.delete_objects,
     _P + 'delete_metadef_objects'),
    ('GET', _NS + '/objects/{object_name}', objects.show,
     _P + 'get_metadef_object'),
    ('PUT', _NS + '/objects/{object_name}', objects.update,
     _P + 'modify_metadef_object'),
    ('DELETE', _NS + '/objects/{object_name}', objects.delete,
     _P + 'delete_metadef_object'),
    ('GET', _NS + '/properties', properties.index,
     _P + 'get_metadef_properties'),
    ('POST', _NS + '/properties', properties.create,
     _P + 'add_metadef_property'),
    ('DELETE', _NS + '/properties', namespaces.delete_properties,
     _P + 'remove_metadef_properties'),
    ('GET', _NS + '/properties/{property_name}', properties.show,
     _P + 'get_metadef_property'),
    ('PUT', _NS + '/properties/{property_name}', properties.update,
     _P + 'modify_metadef_property'),
    ('DELETE', _NS + '/properties/{property_name}', properties.delete,
     _P + 'remove_metadef_property'),
    ('GET', _NS + '/tags', metadef_tags.index, _P + 'get_metadef_tags'),
    ('POST', _NS + '/tags', metadef_tags.create_many,
     _P + 'add_metadef_tags'),
    ('DELETE', _NS + '/tags', namespaces.delete_tags,
     _P + 'delete_metadef_tags'),
    ('GET', _NS + '/tags/{tag_name}', metadef_tags.show,
     _P + 'get_metadef_tag'),
    ('POST', _NS + '/tags/{tag_name}', metadef_tags.create,
     _P + 'add_metadef_tag'),
    ('PUT', _NS + '/tags/{tag_name}', metadef_tags.update,
     _P + 'modify_metadef_tag'),
    ('DELETE', _NS + '/tags/{tag_name}', metadef_tags.delete,
     _P + 'delete_metadef_tag'),
    ('GET', _NS + '/resource_types', resource_types.of_namespace,
     _P + 'get_metadef_namespace'),
    ('POST', _NS + '/resource_types', resource_types.associate,
     _P + 'add_metadef_resource_type_association'),
    ('DELETE', _NS + '/resource_types/{resource_type}',
     resource_types.dissociate,
     _P + 'remove_metadef_resource_type_association'),
    ('GET', '/v2/metadefs/resource_types', resource_types.index,
     _P + 'list_metadef_resource_types'),
    ('PUT', _IMG + '/tags/{tag}', tags.add, _P + 'modify_image'),
    ('DELETE', _IMG + '/tags/{tag}', tags.delete, _P + 'modify_image'),
    ('GET', '/v2/info/import', imports.info, None),
    ('GET', '/v2/info/stores', imports.stores_info, None),
    ('PUT', _IMG + '/stage', imports.stage, _P + 'stage_image'),
    ('POST', _IMG + '/import', imports.import_image, _P + 'import_image'),
    ('GET', _IMG + '/tasks', tasks.of_image, _P + 'get_image_tasks'),
    ('GET', '/v2/tasks', tasks.index, _P + 'get_tasks'),
    ('POST', '/v2/tasks', tasks.create, _P + 'add_task'),
    ('GET', '/v2/tasks/{task_id}', tasks.show, _P + 'get_task'),
    ('GET', '/v2/schemas/task', schema_docs.show_task, None),
    ('GET', '/v2/schemas/tasks', schema_docs.show_tasks, None),
    ('GET', _MD + 'namespace', schema_docs.show_metadefs_namespace, None),
    ('GET', _MD + 'namespaces', schema_docs.show_metadefs_namespaces, None),
    ('GET', _MD + 'resource_type', schema_docs.show_metadefs_resource_type,
     None),
    ('GET', _MD + 'resource_types',
     schema_docs.show_metadefs_resource_types, None),
    ('GET', _MD + 'property', schema_docs.show_metadefs_property, None),
    ('GET', _MD + 'properties', schema_docs.show_metadefs_properties, None),
    ('GET', _MD + 'object', schema_docs.show_metadefs_object, None),
    ('GET', _MD + 'objects', schema_docs.show_metadefs_objects, None),
    ('GET', _MD + 'tag', schema_docs.show_metadefs_tag, None),
    ('GET', _MD + 'tags', schema_docs.show_metadefs_tags, None),
]


def error_response(code, message):
    status = webob.Response(status=code).status
    response = webob.Response(status=code, content_type='text/plain',
                              charset='UTF-8')
    response.text = '%s\n\n%s\n\n' % (status, message)
    return response


class Router(wsgi.Router):

    API_NAME = 'image'

    def __init__(self, store, importer):
        super().__init__(ROUTES)
        self.store = store
        self.importer = importer

    def __call__(self, environ, start_response):
        environ[image_store.ENVIRON_KEY] = self.store
        environ[image_importer.ENVIRON_KEY] = self.importer
        return super().__call__(environ, start_response)

    @staticmethod
    def version_of(req):
        return None

    @staticmethod
    def error_response(code, message, req=None):
        return error_response(code, message)

    @staticmethod
    def failure(req, error):
        return error_response(error.code, error.format_message())

    @staticmethod
    def success(req, answer):
        if isinstance(answer, webob.Response):
            return answer
        return wsgi.json_response(*answer)
