# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Assembles the compute API's WSGI application from api-paste.ini.

``/`` answers the versions document without authentication; ``/v2.1`` goes
through the pipeline that ``[api] auth_strategy`` names (fault wrapper,
request id, body size limit, authentication, rate limit) to the router.
"""
import os

from paste import deploy
import webob.dec

from nova_lite.api.compute import resource_views
from nova_lite.api.compute import versions
from nova_lite.api import faults
from nova_lite.api.image import importer as image_importer
from nova_lite.api.image import router as image_router
from nova_lite.api.image import store as image_store
from nova_lite.api import legacy_v2
from nova_lite.api import microversion
from nova_lite.api.middleware import error_shapes
from nova_lite.api.middleware import url_check
from nova_lite.api.placement import router as placement_router
from nova_lite.api.placement import wsgi as placement_wsgi
from nova_lite.api.policies import resource_views as view_rules
from nova_lite.api import policy
from nova_lite.api import router
from nova_lite.api import wsgi
from nova_lite.compute import api as compute_api
from nova_lite import conf as nl_conf
from nova_lite import exception
from nova_lite import resources

_SOURCE_ETC = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))), 'etc', 'nova-lite')


class PathMux:
    """``/`` to one app, ``/v2.1/...`` (prefix popped) to another, and
    ``/v2/...`` to the same one as the API before microversions; the
    version document at ``/v2.1`` or ``/v2`` itself, like the one at
    ``/``, to an app without authentication (clients discover versions
    before they have a token)."""

    def __init__(self, root, versioned, version, legacy_version=None):
        self.root = root
        self.prefixes = {'v2.1': (versioned, version)}
        if legacy_version is not None:
            self.prefixes['v2'] = (legacy_v2.LegacyV2(versioned),
                                   legacy_version)

    @webob.dec.wsgify
    def __call__(self, req):
        if req.path_info in ('', '/'):
            return self.root
        if req.path_info_peek() in self.prefixes:
            api, document = self.prefixes[req.path_info_pop()]
            if req.path_info in ('', '/'):
                req.path_info = '/'
                return document
            return api
        return choices_app


class ComputeApp:
    """The router, with the compute API object, the configuration and
    the route table put in each request."""

    def __init__(self, conf, routes=router.ROUTES, plugins=None):
        self.router = wsgi.Router(routes, conf.api.disabled_extensions)
        self.compute = compute_api.API(conf, plugins)
        self.conf = conf
        self.routes = routes

    def __call__(self, environ, start_response):
        environ[wsgi.ENVIRON_COMPUTE_API] = self.compute
        environ[wsgi.ENVIRON_CONF] = self.conf
        environ[wsgi.ENVIRON_ROUTES] = self.routes
        return self.router(environ, start_response)


class ProjectInPath:
    """Accept ``/v2.1/{project_id}/...`` URLs, as catalogs of the 2.1 era
    (and Nova since 2.18, optionally) have them: the project id must be
    the caller's own; it is dropped before routing."""

    def __init__(self, app, collections):
        self.app = app
        self.collections = collections

    @webob.dec.wsgify(RequestClass=wsgi.Request)
    def __call__(self, req):
        segment = req.path_info_peek()
        if segment and segment not in self.collections:
            project_id = req.environ[wsgi.ENVIRON_CONTEXT].project_id
            if segment == project_id:
                req.path_info_pop()
            elif _looks_like_project_id(segment):
                return faults.error_response(
                    400, "Malformed request URL: URL's project_id '%s' "
                         "doesn't match Context's project_id '%s'"
                         % (segment, project_id))
        return self.app


def _looks_like_project_id(segment):
    return len(segment) == 32 and all(c in '0123456789abcdef'
                                      for c in segment)


def _document(handler, methods=('GET', 'HEAD')):
    """A versions document as an app of its own (GET only, unless
    ``methods`` is None: any)."""
    @webob.dec.wsgify(RequestClass=wsgi.Request)
    def app(req):
        if methods is not None and req.method not in methods:
            return faults.error_response(
                405, 'The method %s is not allowed for this resource.'
                % req.method)
        status, body = handler(req)
        response = webob.Response(status=status, json_body=body)
        faults.add_version_headers(response, microversion.MIN_VERSION)
        return response
    return app


versions_app = _document(versions.root)
version_app = _document(versions.v21)
legacy_version_app = _document(versions.v20)
# Whatever is asked of a path under no version, as Nova answers it.
choices_app = _document(versions.choices, methods=None)


def _legacy_version(loader, local_conf):
    """The /v2 version document's app; an api-paste.ini written before
    /v2 was served has none, and /v2 is then not found."""
    name = local_conf.get('legacy_version')
    return loader.get_app(name) if name else None


def root_factory(loader, global_conf, **local_conf):
    return url_check.UrlCheck(
        PathMux(loader.get_app(local_conf['/']),
                loader.get_app(local_conf['/v2.1']),
                loader.get_app(local_conf['version']),
                _legacy_version(loader, local_conf)),
        faults.error_response)


def auth_pipeline_factory(loader, global_conf, **local_conf):
    strategy = nl_conf.CONF.api.auth_strategy
    names = local_conf[strategy].split()
    app = loader.get_app(names[-1])
    for name in reversed(names[:-1]):
        app = loader.get_filter(name)(app)
    return app


def compute_app_factory(global_conf, **local_conf):
    conf = nl_conf.CONF
    plugins = resources.load(conf)
    policy.add_defaults(view_rules.rules(plugins))
    routes = router.ROUTES + resource_views.routes(plugins)
    collections = {path.split('/')[1] for _m, path, _h, _r in routes}
    return ProjectInPath(ComputeApp(conf, routes, plugins), collections)


def placement_app_factory(global_conf, **local_conf):
    return placement_wsgi.Router(placement_router.ROUTES)


class VersionsRoot:
    """The versions document without auth, the rest with it."""

    def __init__(self, versions, api, unauthenticated=('', '/')):
        self.versions = versions
        self.api = api
        self.unauthenticated = unauthenticated

    def __call__(self, environ, start_response):
        if environ.get('PATH_INFO', '') in self.unauthenticated:
            environ[wsgi.ENVIRON_CONTEXT] = None
            return self.versions(environ, start_response)
        return self.api(environ, start_response)


def placement_root_factory(loader, global_conf, **local_conf):
    return url_check.UrlCheck(
        VersionsRoot(loader.get_app(local_conf['versions']),
                     loader.get_app(local_conf['api'])),
        error_shapes.RENDERERS['placement'])


def build_placement(conf):
    """The placement WSGI application, as api-paste.ini assembles it."""
    return deploy.loadapp('config:%s' % find_paste_config(conf),
                          name='placement')


def image_app_factory(global_conf, **local_conf):
    conf = nl_conf.CONF
    store = image_store.ImageStore(conf.image.store_path,
                                   conf.image.image_size_cap)
    importer = image_importer.Importer(conf.image, store)
    return image_router.Router(store, importer)


def image_versions_app_factory(global_conf, **local_conf):
    """The image API's routes without a store or an importer: only its
    versions document is asked of it."""
    return image_router.Router(None, None)


def image_root_factory(loader, global_conf, **local_conf):
    """Glance's versions document at / and /versions, without auth."""
    return url_check.UrlCheck(
        VersionsRoot(loader.get_app(local_conf['versions']),
                     loader.get_app(local_conf['api']),
                     unauthenticated=('', '/', '/versions')),
        error_shapes.RENDERERS['image'])


def build_image(conf):
    """The image WSGI application, as api-paste.ini assembles it."""
    return deploy.loadapp('config:%s' % find_paste_config(conf),
                          name='image')


def versions_app_factory(global_conf, **local_conf):
    return versions_app


def version_app_factory(global_conf, **local_conf):
    return version_app


def legacy_version_app_factory(global_conf, **local_conf):
    return legacy_version_app


def find_paste_config(conf):
    name = conf.api.api_paste_config
    if os.path.isabs(name):
        candidates = [name]
    else:
        dirs = [os.path.dirname(os.path.abspath(f))
                for f in conf.config_file or []]
        candidates = [os.path.join(d, name)
                      for d in dirs + ['/etc/nova-lite', _SOURCE_ETC]]
    for path in candidates:
        if os.path.exists(path):
            return path
    raise exception.ConfigInvalid(
        reason='[api] api_paste_config %s not found (looked in %s)' % (
            name, ', '.join(candidates)))


def build(conf):
    """The WSGI application, as api-paste.ini assembles it."""
    return deploy.loadapp('config:%s' % find_paste_config(conf),
                          name='osapi_compute')
