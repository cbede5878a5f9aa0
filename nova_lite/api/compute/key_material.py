# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Key pairs' key material: checking a public key, its fingerprint, and
making a new pair (the ``cryptography`` library does the work).

An ssh key's fingerprint is the MD5 of its key blob, an x509
certificate's the SHA-1 of its DER bytes, each as colon-separated hex,
as Nova gives them.
"""
import base64
import datetime
import hashlib

from cryptography import exceptions as crypto_exceptions
from cryptography.hazmat.primitives.asymmetric import rsa
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives import serialization
from cryptography import x509
from cryptography.x509.oid import NameOID

from nova_lite import exception

_BITS = 2048
_COMMENT = 'Generated-by-Nova'


def _colons(digest):
    return ':'.join(digest[i:i + 2] for i in range(0, len(digest), 2))


def ssh_fingerprint(public_key):
    """The fingerprint of an OpenSSH public key; 400 if it is not one."""
    try:
        key = serialization.load_ssh_public_key(public_key.strip().encode())
        blob = key.public_bytes(serialization.Encoding.OpenSSH,
                                serialization.PublicFormat.OpenSSH)
        raw = base64.b64decode(blob.split()[1])
    except (ValueError, IndexError, UnicodeError,
            crypto_exceptions.UnsupportedAlgorithm):
        raise exception.InvalidKeypair(reason='failed to generate fingerprint')
    return _colons(hashlib.md5(raw, usedforsecurity=False).hexdigest())


def x509_fingerprint(certificate):
    """The fingerprint of a PEM certificate; 400 if it is not one."""
    try:
        cert = x509.load_pem_x509_certificate(certificate.encode())
    except (ValueError, UnicodeError,
            crypto_exceptions.UnsupportedAlgorithm):
        raise exception.InvalidKeypair(
            reason='failed to generate X509 fingerprint')
    return _colons(cert.fingerprint(hashes.SHA1()).hex())


def fingerprint(public_key, key_type):
    if key_type == 'x509':
        return x509_fingerprint(public_key)
    return ssh_fingerprint(public_key)


def _private_pem(key):
    return key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.TraditionalOpenSSL,
        serialization.NoEncryption()).decode()


def generate_ssh():
    """(private key PEM, public key line, fingerprint) of a new RSA key."""
    key = rsa.generate_private_key(public_exponent=65537, key_size=_BITS)
    public = key.public_key().public_bytes(
        serialization.Encoding.OpenSSH,
        serialization.PublicFormat.OpenSSH).decode()
    public = '%s %s' % (public, _COMMENT)
    return _private_pem(key), public, ssh_fingerprint(public)


def _common_name(user_id):
    """A certificate's common name holds 1 to 64 characters; a user id
    (any string an admin names at 2.10) may not fit."""
    return (user_id or 'nova-lite user')[:64]


def generate_x509(user_id):
    """(private key PEM, self-signed certificate PEM, fingerprint), the
    certificate naming ``user_id`` and valid for ten years."""
    key = rsa.generate_private_key(public_exponent=65537, key_size=_BITS)
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME,
                                         _common_name(user_id))])
    now = datetime.datetime.now(datetime.timezone.utc)
    cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name)
            .public_key(key.public_key())
            .serial_number(x509.random_serial_number())
            .not_valid_before(now)
            .not_valid_after(now + datetime.timedelta(days=3650))
            .sign(key, hashes.SHA256()))
    pem = cert.public_bytes(serialization.Encoding.PEM).decode()
    return _private_pem(key), pem, x509_fingerprint(pem)


def generate(key_type, user_id):
    if key_type == 'x509':
        return generate_x509(user_id)
    return generate_ssh()
