# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The config drive's files, as a guest mounting it reads them."""
import base64
import io
import json

import pycdlib

from nova_lite.objects import instance as instance_obj
from nova_lite.virt import config_drive


def _read(path, name):
    iso = pycdlib.PyCdlib()
    iso.open(path)
    out = io.BytesIO()
    iso.get_file_from_iso_fp(out, rr_path=name)
    iso.close()
    return out.getvalue()


def test_meta_data_user_data_and_personality_files(tmp_path):
    instance = instance_obj.Instance(
        uuid='3f0c9a5e-0d5e-4a43-9d0e-6d3f8c1c2b7a', display_name='Web 1',
        hostname='web-1', availability_zone=None, launch_index=0,
        project_id='demo', key_name='k', key_data='ssh-ed25519 AAAA me',
        metadata={'role': 'web'},
        user_data=base64.b64encode(b'#!/bin/sh\n').decode(),
        injected_files=[{'path': '/etc/motd',
                         'contents': base64.b64encode(b'hi').decode()}])
    path = str(tmp_path / 'disk.config')
    config_drive.write(instance, path)
    meta = json.loads(_read(path, '/openstack/latest/meta_data.json'))
    assert (meta['uuid'], meta['hostname'], meta['name']) == (
        instance.uuid, 'web-1', 'Web 1')
    assert meta['public_keys'] == {'k': 'ssh-ed25519 AAAA me'}
    assert meta['meta'] == {'role': 'web'}
    assert meta['files'] == [{'path': '/etc/motd',
                              'content_path': '/content/0000'}]
    assert _read(path, '/openstack/content/0000') == b'hi'
    assert _read(path, '/openstack/latest/user_data') == b'#!/bin/sh\n'
    with open(path, 'rb') as f:
        f.seek(32768 + 40)  # the primary volume descriptor's volume id
        assert f.read(32).rstrip() == b'config-2'
