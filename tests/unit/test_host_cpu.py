# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The host's CPU read from libvirt's capabilities, as a real libvirtd
and the test driver give them."""
from nova_lite.virt.libvirt import host_cpu

REAL = """<capabilities><host>
  <uuid>4c4c4544-0038-3010-8052-b2c04f4e4d32</uuid>
  <cpu>
    <arch>x86_64</arch>
    <model>Skylake-Client-IBRS</model>
    <vendor>Intel</vendor>
    <microcode version='240'/>
    <topology sockets='1' dies='1' cores='4' threads='2'/>
    <feature name='vmx'/>
    <feature name='ds'/>
    <feature name='ss'/>
    <pages unit='KiB' size='4'/>
  </cpu>
  <topology><cells num='1'><cell id='0'/></cells></topology>
</host></capabilities>"""

TEST_DRIVER = """<capabilities><host>
  <cpu><arch>i686</arch><features><pae/><nonpae/></features></cpu>
  <topology><cells num='0'></cells></topology>
</host></capabilities>"""


def test_a_real_host_names_its_model_vendor_and_features():
    info = host_cpu.cpu_info(REAL, ['x86_64', 15000, 8, 3600, 1, 1, 4, 2])
    assert info == {
        'arch': 'x86_64', 'model': 'Skylake-Client-IBRS', 'vendor': 'Intel',
        'features': ['ds', 'ss', 'vmx'],
        'topology': {'cells': 1, 'sockets': 1, 'cores': 4, 'threads': 2}}


def test_a_simulated_host_takes_its_node_file_for_the_rest():
    info = host_cpu.cpu_info(TEST_DRIVER,
                             ['x86_64', 4096, 6, 2400, 2, 2, 3, 1])
    assert info == {
        'arch': 'x86_64', 'model': None, 'vendor': None,
        'features': ['nonpae', 'pae'],
        'topology': {'cells': 2, 'sockets': 2, 'cores': 3, 'threads': 1}}
