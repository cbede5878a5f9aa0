# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The config drive: what a guest learns of itself without a network, as
an ISO 9660 image labelled ``config-2`` in OpenStack's layout.

``openstack/latest/meta_data.json`` holds the server's uuid, name,
hostname, zone, launch index, project, key pair (``public_keys`` and
``keys``), metadata (``meta``) and personality files (``files``, their
contents in ``openstack/content/``); ``openstack/latest/user_data`` its
user data, decoded; ``network_data.json`` its vNICs and addresses (as
the hypervisor driver describes them), ``vendor_data.json`` is there,
empty, as cloud-init expects it. pycdlib writes the image (Rock
Ridge and Joliet names over 8.3 ISO names).
"""
import base64
import io
import json

import pycdlib

LABEL = 'config-2'
_LATEST = 'openstack/latest'


def meta_data(instance):
    keys = {}
    if instance.key_name:
        keys[instance.key_name] = instance.key_data
    return {
        'uuid': instance.uuid, 'name': instance.display_name,
        'hostname': instance.hostname,
        'availability_zone': instance.availability_zone or 'nova',
        'launch_index': instance.launch_index or 0,
        'project_id': instance.project_id,
        'public_keys': keys,
        'keys': [{'name': name, 'type': 'ssh', 'data': data}
                 for name, data in keys.items()],
        'meta': dict(instance.metadata), 'devices': [],
        'files': [{'path': item['path'],
                   'content_path': '/content/%04d' % index}
                  for index, item in enumerate(
                      instance.injected_files or ())],
    }


def files(instance, network_data=None):
    """{path: bytes} of the drive."""
    contents = {
        _LATEST + '/meta_data.json': meta_data(instance),
        _LATEST + '/vendor_data.json': {},
        _LATEST + '/network_data.json': network_data or {
            'links': [], 'networks': [], 'services': []},
    }
    found = {path: json.dumps(value, sort_keys=True).encode()
             for path, value in contents.items()}
    if instance.user_data:
        found[_LATEST + '/user_data'] = base64.b64decode(instance.user_data)
    for index, item in enumerate(instance.injected_files or ()):
        found['openstack/content/%04d' % index] = base64.b64decode(
            item['contents'])
    return found


def _iso_name(name, index, is_file):
    """A unique ISO 9660 level-1 name for one path component."""
    stem = ''.join(c for c in name.upper() if c.isalnum())[:6] or 'X'
    return ('%s%d.;1' if is_file else '%s%d') % (stem, index)


def write(instance, path, network_data=None):
    """Write the instance's config drive to ``path``."""
    iso = pycdlib.PyCdlib()
    iso.new(interchange_level=1, joliet=3, rock_ridge='1.09', vol_ident=LABEL)
    made = {'': '/'}
    for number, (name, data) in enumerate(sorted(
            files(instance, network_data).items())):
        parts = name.split('/')
        for depth in range(1, len(parts)):
            _directory(iso, made, parts[:depth], number)
        parent = made['/'.join(parts[:-1])]
        iso_path = parent.rstrip('/') + '/' + _iso_name(parts[-1], number,
                                                        True)
        iso.add_fp(io.BytesIO(data), len(data), iso_path,
                   rr_name=parts[-1], joliet_path='/' + name)
    iso.write(path)
    iso.close()


def _directory(iso, made, parts, number):
    key = '/'.join(parts)
    if key in made:
        return
    parent = made['/'.join(parts[:-1])]
    iso_path = parent.rstrip('/') + '/' + _iso_name(parts[-1], number, False)
    iso.add_directory(iso_path, rr_name=parts[-1], joliet_path='/' + key)
    made[key] = iso_path
