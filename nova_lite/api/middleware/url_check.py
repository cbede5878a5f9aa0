# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Refuses URLs that are not text: every route and filter reads the path
and query as UTF-8, and a database refuses NUL characters in it.

It wraps each API's root, outside its pipeline, so that the path router
that picks the pipeline never meets such a URL either.
"""
from urllib import parse


def problem_of(environ):
    """What is wrong with the request's URL, or None."""
    path = environ.get('PATH_INFO', '').encode('latin-1')
    query = parse.unquote_to_bytes(environ.get('QUERY_STRING', ''))
    for part, raw in (('path', path), ('query string', query)):
        try:
            raw.decode('utf-8')
        except UnicodeDecodeError:
            return 'The URL %s is not valid UTF-8.' % part
        if b'\x00' in raw:
            return 'The URL %s may not contain NUL characters.' % part
    return None


class UrlCheck:

    def __init__(self, application, error):
        self.application = application
        self.error = error

    def __call__(self, environ, start_response):
        problem = problem_of(environ)
        if problem is not None:
            return self.error(400, problem)(environ, start_response)
        return self.application(environ, start_response)
