# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""nova-lite-network-service: a real Neutron (ML2/OVN) on this machine for
the all-in-one's simulated hosts, up or down (nova_lite_tools.
network_service). ``up`` installs what is missing (Debian's OVN and Open
vSwitch, Neutron in a cached virtualenv), starts OVN, a chassis per host
and Neutron's API on a MariaDB database of its own, and returns once
Neutron lists every host's chassis alive. ``run -- COMMAND...`` brings it
up, runs the command (the all-in-one) and brings it down when the command
ends, Ctrl-C included. Needs root (network namespaces)."""
import argparse
import os
import signal
import subprocess
import sys

from nova_lite_tools.network_service import daemons
from nova_lite_tools.network_service import stack as stack_mod


def _parser():
    parser = argparse.ArgumentParser(prog='nova-lite-network-service',
                                     description=__doc__)
    parser.add_argument('action', choices=['up', 'down', 'run'])
    parser.add_argument('--state-dir', default=os.path.join(
        os.environ.get('NOVA_LITE_STATE_DIR', './var'), 'network'),
        help='where its daemons keep their files (default: '
             '$NOVA_LITE_STATE_DIR/network)')
    parser.add_argument('--hosts', type=int, default=3,
                        help='simulated hosts sim-host-1..N to make a '
                             'chassis for (the all-in-one\'s '
                             '[all_in_one] simulated_hosts)')
    parser.add_argument('--port', type=int, default=stack_mod.DEFAULT_PORT,
                        help="Neutron API's port on 127.0.0.1")
    parser.add_argument('--compute-url',
                        default='http://127.0.0.1:8774/v2.1',
                        help='the compute API Neutron reports port events '
                             'to')
    parser.add_argument('--placement-url', default='http://127.0.0.1:8778')
    parser.epilog = ('run [options] -- COMMAND...: the command to run '
                     'beside it')
    return parser


def _up(args, directory):
    if os.geteuid() != 0:
        raise daemons.DaemonError('needs root: it creates network '
                                  'namespaces')
    stack = stack_mod.Stack(
        directory, ['sim-host-%d' % i for i in range(1, args.hosts + 1)],
        port=args.port, compute_url=args.compute_url,
        placement_url=args.placement_url)
    stack_mod.up(stack)
    print('Neutron at %s (stop it with: nova-lite-network-service down '
          '--state-dir %s)' % (stack.url, directory), flush=True)
    return stack


def _run(stack, command):
    """The command's exit status; the terminal's Ctrl-C reaches it (it is
    in our process group) and a SIGTERM to us is passed on to it, while
    we wait for it to end; then the stack goes down."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        child = subprocess.Popen(command, preexec_fn=lambda: signal.signal(
            signal.SIGINT, signal.SIG_DFL))
        signal.signal(signal.SIGTERM, lambda *_: child.terminate())
        return child.wait()
    finally:
        stack_mod.down(stack)


def main(argv=None):
    argv = sys.argv[1:] if argv is None else list(argv)
    own, command = argv, []
    if '--' in argv:
        at = argv.index('--')
        own, command = argv[:at], argv[at + 1:]
    args = _parser().parse_args(own)
    directory = os.path.abspath(args.state_dir)
    try:
        if args.action == 'down':
            if os.path.exists(os.path.join(directory, 'stack.json')):
                stack_mod.down(stack_mod.Stack.load(directory))
            return 0
        if args.action == 'run' and not command:
            raise daemons.DaemonError('run needs a command: run -- CMD...')
        stack = _up(args, directory)
    except (daemons.DaemonError, OSError) as e:
        sys.stderr.write('nova-lite-network-service: %s\n' % e)
        return 1
    if args.action == 'run':
        return _run(stack, command)
    return 0
