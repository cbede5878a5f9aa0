"""The image API's route table and dispatcher.

Errors are answered as Glance answers them: a plain-text body that says
the status and why. The store is handed to the handlers in the request.
"""
import webob

from nova_lite.api.image import images
from nova_lite.api.image import members
from nova_lite.api.image import metadefs
from nova_lite.api.image import schema_docs
from nova_lite.api.image import store as image_store
from nova_lite.api.image import tags
from nova_lite.api.image import versions
from nova_lite.api import wsgi

_IMG = '/v2/images/{image_id}'
_P = 'image:'
_NS = '/v2/metadefs/namespaces/{namespace}'

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
    ('GET', '/v2/metadefs/namespaces', metadefs.index,
     _P + 'get_metadef_namespaces'),
    ('GET', _NS, metadefs.show, _P + 'get_metadef_namespace'),
    ('GET', _NS + '/properties', metadefs.properties,
     _P + 'get_metadef_namespace'),
    ('GET', _NS + '/resource_types', metadefs.associations,
     _P + 'get_metadef_namespace'),
    ('GET', '/v2/metadefs/resource_types', metadefs.resource_types,
     _P + 'list_metadef_resource_types'),
    ('PUT', _IMG + '/tags/{tag}', tags.add, _P + 'modify_image'),
    ('DELETE', _IMG + '/tags/{tag}', tags.delete, _P + 'modify_image'),
]


def error_response(code, message):
    status = webob.Response(status=code).status
    response = webob.Response(status=code, content_type='text/plain',
                              charset='UTF-8')
    response.text = '%s\n\n%s\n\n' % (status, message)
    return response


class Router(wsgi.Router):

    def __init__(self, store):
        super().__init__(ROUTES)
        self.store = store

    def __call__(self, environ, start_response):
        environ[image_store.ENVIRON_KEY] = self.store
        return super().__call__(environ, start_response)

    @staticmethod
    def version_of(req):
        return None

    @staticmethod
    def error_response(code, message):
        return error_response(code, message)

    @staticmethod
    def failure(req, error):
        return error_response(error.code, error.format_message())

    @staticmethod
    def success(req, answer):
        if isinstance(answer, webob.Response):
            return answer
        return wsgi.json_response(*answer)
