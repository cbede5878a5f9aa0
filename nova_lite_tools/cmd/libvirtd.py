# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""nova-lite-libvirtd: set a real libvirtd up on this Debian machine
(without systemd) and wait until it answers; safe to run again."""
import argparse
import sys

from nova_lite_tools import libvirtd


def main(argv=None):
    parser = argparse.ArgumentParser(prog='nova-lite-libvirtd',
                                     description=__doc__)
    parser.add_argument('--timeout', type=int, default=120,
                        help="seconds to wait for libvirtd's first answer")
    parser.add_argument('--config-file', action='append', default=[],
                        help='a nova-lite config file whose [networks] '
                             'name the physical networks to make bridges '
                             'for (default: those of the default networks)')
    args = parser.parse_args(argv)
    try:
        libvirtd.setup(args.timeout, args.config_file)
    except (libvirtd.SetupError, OSError) as e:
        sys.stderr.write('nova-lite-libvirtd: %s\n' % e)
        return 1
    return 0
