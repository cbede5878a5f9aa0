# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Moving a real guest to another host's libvirtd.

A live migration goes from this host's libvirtd to the destination's
(peer to peer, ``qemu+<scheme>://<address>/system``), the memory and the
disk's writes streamed to ``tcp://<address>`` while the guest runs; the
destination has laid the guest's files out before (the overlay's image,
its kernel, its config drive), so only what the guest wrote moves. A cold
migration uploads the stopped guest's disk into the destination's
instance directory through a transient storage pool of the destination's
libvirtd. Every host has the same ``instances_path``.
"""
import os

import libvirt

from nova_lite.virt.libvirt import domain_xml

LIVE_FLAGS = (libvirt.VIR_MIGRATE_LIVE | libvirt.VIR_MIGRATE_PEER2PEER |
              libvirt.VIR_MIGRATE_PERSIST_DEST |
              libvirt.VIR_MIGRATE_UNDEFINE_SOURCE |
              libvirt.VIR_MIGRATE_NON_SHARED_INC)
# The disks that move: the guest's own. The config drive is read-only and
# written afresh on the destination.
MOVING_DISKS = ['vda']
_CHUNK = 1024 * 1024


class MoveError(Exception):
    pass


class MoveAborted(MoveError):
    """libvirt's migration job was cancelled (an abort)."""


def peer_uri(conf, address):
    if not address:
        raise MoveError('the destination did not give its address '
                        '(its my_ip)')
    return 'qemu+%s://%s/system' % (conf.libvirt.live_migration_scheme,
                                    address)


def live_migrate(dom, conf, address, dest_compute, consoles=None):
    """Move the running ``dom`` to the libvirtd at ``address``, where it
    is ``dest_compute``'s, with its consoles where ``consoles``
    (domain_xml.Consoles of the destination) says; returns when the
    guest runs there and is gone from here. MoveError (the guest still
    runs here) if it failed."""
    def as_destination_has_it(flags):
        return domain_xml.with_consoles(domain_xml.with_host(
            dom.XMLDesc(libvirt.VIR_DOMAIN_XML_MIGRATABLE | flags),
            dest_compute), consoles)
    params = {
        libvirt.VIR_MIGRATE_PARAM_URI: 'tcp://%s' % address,
        # The running guest's definition, and the one kept there.
        libvirt.VIR_MIGRATE_PARAM_DEST_XML: as_destination_has_it(0),
        libvirt.VIR_MIGRATE_PARAM_PERSIST_XML: as_destination_has_it(
            libvirt.VIR_DOMAIN_XML_INACTIVE),
        libvirt.VIR_MIGRATE_PARAM_MIGRATE_DISKS: MOVING_DISKS,
    }
    try:
        dom.migrateToURI3(peer_uri(conf, address), params, LIVE_FLAGS)
    except libvirt.libvirtError as e:
        if e.get_error_code() == libvirt.VIR_ERR_OPERATION_ABORTED:
            raise MoveAborted(e.get_error_message())
        raise MoveError(e.get_error_message())


def _pool_xml(name, directory):
    return ("<pool type='dir'><name>%s</name><target><path>%s</path>"
            "</target></pool>" % (name, directory))


def _volume_xml(name, size):
    return ("<volume><name>%s</name><capacity unit='bytes'>%d</capacity>"
            "<allocation>0</allocation><target><format type='raw'/>"
            "</target></volume>" % (name, size))


def upload(conf, address, path, directory, pool_name):
    """Copy the file ``path`` into ``directory`` (made if missing) on the
    host whose libvirtd is at ``address``, under the same name; nothing
    of it stays there if the copy fails."""
    try:
        conn = libvirt.open(peer_uri(conf, address))
    except libvirt.libvirtError as e:
        raise MoveError('cannot reach the destination: %s' %
                        e.get_error_message())
    try:
        pool = conn.storagePoolCreateXML(
            _pool_xml(pool_name, directory),
            libvirt.VIR_STORAGE_POOL_CREATE_WITH_BUILD)
        try:
            _send(conn, pool, path)
        finally:
            pool.destroy()  # transient: the directory and file stay
    except libvirt.libvirtError as e:
        raise MoveError('sending %s to %s failed: %s' % (
            os.path.basename(path), address, e.get_error_message()))
    finally:
        conn.close()


def _send(conn, pool, path):
    size = os.path.getsize(path)
    volume = pool.createXML(_volume_xml(os.path.basename(path), size), 0)
    stream = conn.newStream(0)
    try:
        volume.upload(stream, 0, size, 0)
        with open(path, 'rb') as source:
            stream.sendAll(lambda _stream, nbytes, f: f.read(
                min(nbytes, _CHUNK)), source)
        stream.finish()
    except libvirt.libvirtError:
        try:
            stream.abort()
        except libvirt.libvirtError:
            pass
        volume.delete(0)
        raise
