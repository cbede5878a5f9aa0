# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Node files for libvirt's test driver: one simulated host per file.

``test:///path/node.xml`` opens a private host described by that file, so
hosts in one process do not share state as ``test:///default`` would.
"""
import os

_NODE = """<node>
  <cpu>
    <mhz>2400</mhz>
    <model>x86_64</model>
    <active>{vcpus}</active>
    <nodes>1</nodes>
    <sockets>1</sockets>
    <cores>{vcpus}</cores>
    <threads>1</threads>
  </cpu>
  <memory>{memory_kib}</memory>
  <pool type='dir'>
    <name>default</name>
    <target><path>{pool_path}</path></target>
  </pool>
</node>
"""


def write_node_file(directory, host, vcpus, memory_mb):
    """Write the host's node file and return its ``test://`` URI."""
    os.makedirs(directory, exist_ok=True)
    path = os.path.abspath(os.path.join(directory, '%s.xml' % host))
    with open(path, 'w') as node_file:
        node_file.write(_NODE.format(vcpus=vcpus, memory_kib=memory_mb * 1024,
                                     pool_path=os.path.dirname(path)))
    return 'test://' + path
