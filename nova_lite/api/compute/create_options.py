# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""What a create request asks for beyond its name, flavor and image: the
key pair, user data, metadata, personality files, config drive, access
addresses, zone, disk config, admin password and scheduler hints, turned
into the new servers' fields (400 or 403, before anything is created,
when one cannot be served); and what a rebuild changes of them.
"""
import base64
import secrets

import netaddr
from oslo_utils import strutils

from nova_lite import exception
from nova_lite.objects import aggregates
from nova_lite.objects import key_pair as key_pair_obj
from nova_lite.objects import quotas
from nova_lite.objects import server_groups

_PASSWORD_LENGTH = 12
_PASSWORD_SYMBOLS = ('23456789ABCDEFGHJKLMNPQRSTUVWXYZ'
                     'abcdefghijkmnopqrstuvwxyz')


def key_of(req, key_name):
    """(key_name, key_data) of the caller's key pair, or Nones."""
    if key_name is None:
        return None, None
    try:
        keypair = key_pair_obj.KeyPair.get_by_name(
            req.context, req.context.user_id, key_name)
    except exception.KeypairNotFound:
        raise exception.Invalid(message='Invalid key_name provided.')
    return keypair.name, keypair.public_key


def zone_of(req, body):
    """(zone, host, node) the request names: ``availability_zone`` may
    be ``zone:host``, ``zone::node`` or ``zone:host:node`` (an admin's
    way to pick where a server goes). The zone must exist: an aggregate's
    ``availability_zone``, or the default zone."""
    parts = (body.get('availability_zone') or '').split(':', 2)
    zone, host, node = parts + [''] * (3 - len(parts))
    if zone and zone not in aggregates.zone_names(req.conf, req.context):
        raise exception.Invalid(
            message='The requested availability zone is not available')
    return zone or None, host or None, node or None


def metadata_of(req, body):
    metadata = body.get('metadata') or {}
    if not metadata:
        return metadata  # nothing to hold to the quota
    limit = quotas.own_limit(req.conf, req.context, 'metadata_items')
    if 0 <= limit < len(metadata):
        raise exception.MetadataLimitExceeded(allowed=limit)
    return metadata


def personality_of(req, body):
    """The personality files (to 2.56), within the quota's limits (403
    beyond them, with Nova's words)."""
    files = body.get('personality') or []
    if not files:
        return None
    limits = quotas.user_limits(req.conf, req.context,
                                req.context.project_id, req.context.user_id)
    if 0 <= limits['injected_files'] < len(files):
        raise exception.OnsetFileLimitExceeded()
    path_limit = limits['injected_file_path_bytes']
    size_limit = limits['injected_file_content_bytes']
    for item in files:
        path, contents = item.get('path', ''), item.get('contents', '')
        if 0 <= path_limit < len(path):
            raise exception.OnsetFilePathLimitExceeded(allowed=path_limit)
        size = len(base64.b64decode(contents))
        if 0 <= size_limit < size:
            raise exception.OnsetFileContentLimitExceeded(allowed=size_limit)
    return [{'path': f.get('path', ''), 'contents': f.get('contents', '')}
            for f in files] or None


def _config_drive(req, body):
    asked = strutils.bool_from_string(body.get('config_drive', False))
    return 'True' if asked or req.conf.compute.force_config_drive else ''


def fields_of(req, body):
    """The instance fields the request sets (for each server it makes)."""
    key_name, key_data = key_of(req, body.get('key_name'))
    return {
        'key_name': key_name, 'key_data': key_data,
        'user_data': body.get('user_data'),
        'metadata': metadata_of(req, body),
        'config_drive': _config_drive(req, body),
        'access_ip_v4': None, 'access_ip_v6': None,
        'availability_zone': zone_of(req, body)[0],
        'auto_disk_config': False,
        'injected_files': personality_of(req, body),
        **addressing_of(body),
    }


def _canonical_ipv6(value):
    """The address as netaddr writes it (which Nova answers), read as
    the validation read it (its scope, after ``%``, kept as sent)."""
    address, percent, scope = value.partition('%')
    try:
        parsed = netaddr.IPAddress(address, 6, flags=netaddr.INET_PTON)
    except (netaddr.AddrFormatError, ValueError):
        return value
    return str(parsed) + percent + scope


def addressing_of(body):
    """The access addresses and disk configuration a create, update or
    rebuild names, as the instance keeps them: an IPv6 address in its
    canonical form (``0:0:0:0:0:babe:220.12.22.2`` is ``::babe:dc0c:1602``),
    as Nova answers it."""
    changes = {}
    if 'accessIPv4' in body:
        changes['access_ip_v4'] = body['accessIPv4']
    if 'accessIPv6' in body:
        changes['access_ip_v6'] = _canonical_ipv6(body['accessIPv6'])
    if 'OS-DCF:diskConfig' in body:
        changes['auto_disk_config'] = body['OS-DCF:diskConfig'] == 'AUTO'
    return changes


def _as_list(value):
    return [value] if isinstance(value, str) else list(value)


def updated_fields_of(body):
    """The instance fields ``PUT /servers/{id}`` changes, and a rebuild
    too: the name, description (2.19), hostname (2.90), access addresses
    and disk configuration the body names."""
    changes = addressing_of(body)
    for name, field in (('name', 'display_name'),
                        ('description', 'display_description'),
                        ('hostname', 'hostname')):
        if name in body:
            changes[field] = body[name]
    return changes


def rebuild_fields_of(req, body):
    """The instance fields a rebuild changes (those it names; 2.54 may
    drop the key with null, 2.57 the user data)."""
    changes = updated_fields_of(body)
    if 'user_data' in body:
        changes['user_data'] = body['user_data']
    if 'key_name' in body:
        changes['key_name'], changes['key_data'] = key_of(
            req, body['key_name'])
    if 'personality' in body:
        changes['injected_files'] = personality_of(req, body)
    return changes


def hints_of(request_body):
    """The scheduler hints, each a list of strings as the request spec
    keeps them."""
    hints = (request_body.get('os:scheduler_hints') or
             request_body.get('OS-SCH-HNT:scheduler_hints') or {})
    return {name: [str(v) for v in _as_list(value)]
            for name, value in hints.items()
            if isinstance(value, (str, list))}


def group_of(req, hints):
    """The server group a create's ``group`` hint names, as
    Instance.create takes it (400 if the caller has no such group), or
    None."""
    uuid = next(iter(hints.get('group') or []), None)
    if uuid is None:
        return None
    return server_groups.membership(req.conf, req.context, uuid)


def admin_password(req, body):
    """The password the create answer carries (None: it carries none)."""
    if not req.conf.api.enable_instance_password:
        return None
    given = body.get('adminPass')
    if given:
        return given
    return ''.join(secrets.choice(_PASSWORD_SYMBOLS)
                   for _ in range(_PASSWORD_LENGTH))
