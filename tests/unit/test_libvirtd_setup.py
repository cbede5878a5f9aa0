# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""nova-lite-libvirtd's edit of qemu.conf: QEMU runs as root, and a
second run changes nothing."""
from nova_lite_tools import libvirtd

DEBIAN_DEFAULT = '''# The user for QEMU processes run by the system instance.
#       user = "qemu"   # A user named "qemu"
#       user = "+0"     # Super user (uid=0)
#
#user = "libvirt-qemu"

# The group for QEMU processes run by the system instance.
#group = "libvirt-qemu"

#dynamic_ownership = 1
'''


def test_qemu_runs_as_root_and_a_second_run_changes_nothing(tmp_path):
    conf = tmp_path / 'qemu.conf'
    conf.write_text(DEBIAN_DEFAULT)
    assert libvirtd.configure_qemu(str(conf)) is True
    text = conf.read_text()
    assert 'user = "root"\n' in text and 'group = "root"\n' in text
    assert '#user' not in text and '#dynamic_ownership = 1' in text
    assert '#       user = "qemu"   # A user named "qemu"' in text
    assert libvirtd.configure_qemu(str(conf)) is False
    assert conf.read_text() == text


def test_settings_that_are_missing_are_added(tmp_path):
    conf = tmp_path / 'qemu.conf'
    conf.write_text('user = "qemu"\n')
    assert libvirtd.configure_qemu(str(conf)) is True
    lines = conf.read_text().split()
    assert conf.read_text().count('user = "root"') == 1
    assert 'group' in lines
