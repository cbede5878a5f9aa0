# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""nova-lite: the command-line client of the compute API (REST only)."""
import os
import sys

from cliff import app
from cliff import commandmanager

from nova_lite.cli import client


class NovaLiteApp(app.App):

    def __init__(self):
        super().__init__(
            description='Command-line client of the nova_lite compute API.',
            version='0.1.0',
            command_manager=commandmanager.CommandManager('nova_lite.cli'),
            deferred_help=True)
        self._client = None

    def build_option_parser(self, description, version, argparse_kwargs=None):
        parser = super().build_option_parser(description, version,
                                             argparse_kwargs)
        parser.add_argument(
            '--os-compute-url', metavar='URL',
            default=os.environ.get('NOVA_LITE_URL',
                                   'http://127.0.0.1:8774/v2.1'),
            help='Compute API endpoint (env NOVA_LITE_URL).')
        parser.add_argument(
            '--os-image-url', metavar='URL',
            default=os.environ.get('NOVA_LITE_IMAGE_URL',
                                   'http://127.0.0.1:9292'),
            help='Image API endpoint, to find images by name (env '
                 'NOVA_LITE_IMAGE_URL).')
        parser.add_argument(
            '--os-token', metavar='TOKEN',
            default=os.environ.get('NOVA_LITE_TOKEN', 'admin:admin'),
            help='Token, user:project for the lab auth (env '
                 'NOVA_LITE_TOKEN).')
        return parser

    @property
    def client(self):
        if self._client is None:
            self._client = client.Client(self.options.os_compute_url,
                                         self.options.os_token)
        return self._client

    def clean_up(self, cmd, result, err):
        if isinstance(err, client.APIError):
            self.LOG.debug('API error', exc_info=err)


def main(argv=None):
    return NovaLiteApp().run(sys.argv[1:] if argv is None else argv)
