# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""A daemon with a setting that cannot work says which, and exits."""
import os
import socket
import subprocess
import sys

import pytest

from nova_lite_tools import demo_image

BIN = os.path.dirname(sys.executable)


@pytest.mark.parametrize('config, expected', [
    ('[DEFAULT]\ntransport_url = nosuch://\n[database]\n'
     'connection = sqlite:///{dir}/db.sqlite\n',
     '[DEFAULT] transport_url is not usable: Failed to load transport '
     'driver "nosuch"'),
    ('[DEFAULT]\ntransport_url = fake://\n[database]\n'
     'connection = mysql+pymysql://root@127.0.0.1:1/nova\nmax_retries = 0\n',
     "[database] connection does not work: (pymysql.err.OperationalError) "
     "(2003, \"Can't connect to MySQL server"),
])
def test_conductor_names_the_setting_and_exits_1(tmp_path, config, expected):
    config_file = tmp_path / 'bad.conf'
    config_file.write_text(config.format(dir=tmp_path))
    result = subprocess.run(
        [os.path.join(BIN, 'nova-lite-conductor'), '--config-file',
         str(config_file)], capture_output=True, text=True, timeout=60)
    output = result.stdout + result.stderr
    assert result.returncode == 1, output
    assert 'nova-lite-conductor could not start: ' + expected in output
    assert 'Traceback' not in output


def test_missing_config_file_exits_2():
    result = subprocess.run(
        [os.path.join(BIN, 'nova-lite-scheduler'), '--config-file',
         '/nonexistent/nova-lite.conf'], capture_output=True, text=True,
        timeout=60)
    assert result.returncode == 2
    assert 'Failed to find some config files: /nonexistent/nova-lite.conf' \
        in result.stderr


def test_compute_refuses_a_bad_vietstack_nic_naming_it(tmp_path):
    config_file = tmp_path / 'bad.conf'
    config_file.write_text(
        '[DEFAULT]\ntransport_url = fake://\n[database]\n'
        'connection = sqlite:///%s/db.sqlite\n[vietstack]\n'
        'nic = name=eth0, physical_network=physnet1, rate=lots\n' % tmp_path)
    result = subprocess.run(
        [os.path.join(BIN, 'nova-lite-compute'), '--config-file',
         str(config_file)], capture_output=True, text=True, timeout=60)
    output = result.stdout + result.stderr
    assert result.returncode == 1, output
    assert ("nova-lite-compute could not start: Invalid "
            "configuration: [vietstack] nic = name=eth0, "
            "physical_network=physnet1, rate=lots: 'outbound_rate' must be "
            "an integer >= 0, got 'lots'") in output
    assert 'Traceback' not in output


def test_demo_image_without_an_image_api_says_so_and_exits_1(tmp_path):
    for path in demo_image.built_files(str(tmp_path)):
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, 'wb') as f:
            f.write(b'built before')  # reused, as built
    with socket.socket() as sock:
        sock.bind(('127.0.0.1', 0))
        closed_port = sock.getsockname()[1]
    url = 'http://127.0.0.1:%d' % closed_port
    result = subprocess.run(
        [os.path.join(BIN, 'nova-lite-demo-image'), '--build-dir',
         str(tmp_path), '--image-url', url], capture_output=True, text=True,
        timeout=60)
    assert result.returncode == 1
    assert result.stderr == (
        'nova-lite-demo-image: cannot reach the image API at %s; is the '
        'all-in-one running (make run or make run-real)?\n' % url)


OVERLAPPING = ('[networks]\n'
               'network = name=a, physical_network=physnet1, '
               'cidr=10.0.0.0/24\n'
               'network = name=b, physical_network=physnet2, '
               'cidr=10.0.0.0/16\n')


@pytest.mark.parametrize('binary, api_workers', [
    ('nova-lite-compute', 1), ('nova-lite-api', 1), ('nova-lite-api', 2)])
def test_compute_and_api_refuse_overlapping_networks_naming_them(
        tmp_path, binary, api_workers):
    """Also an API of several worker processes: each fails alike, and
    the supervisor ends with them rather than starting them again."""
    config_file = tmp_path / 'bad.conf'
    config_file.write_text(
        '[DEFAULT]\ntransport_url = fake://\nstate_path = %s\n'
        '[database]\nconnection = sqlite:///%s/db.sqlite\n'
        '[api]\nport = 0\nworkers = %d\n[placement]\nport = 0\n'
        '[image]\nport = 0\n' % (tmp_path, tmp_path, api_workers) +
        OVERLAPPING)
    result = subprocess.run(
        [os.path.join(BIN, binary), '--config-file', str(config_file)],
        capture_output=True, text=True, timeout=60)
    output = result.stdout + result.stderr
    assert result.returncode == 1, output
    assert ('%s could not start: Invalid configuration: [networks] '
            'network = name=b, physical_network=physnet2, cidr=10.0.0.0/16: '
            '10.0.0.0/16 overlaps network a (10.0.0.0/24)' % binary) in output
    assert 'Traceback' not in output


def _start_on_a_taken_port(tmp_path, binary, section):
    """``binary`` started with ``section`` (its ``{port}`` a port another
    socket holds): that port, and what the daemon said as it exited 1
    (with no traceback)."""
    with socket.socket() as taken:
        taken.bind(('127.0.0.1', 0))
        taken.listen()
        port = taken.getsockname()[1]
        config_file = tmp_path / 'taken.conf'
        config_file.write_text(
            '[DEFAULT]\ntransport_url = fake://\n[database]\n'
            'connection = sqlite:///%s/db.sqlite\n' % tmp_path +
            section.format(port=port))
        result = subprocess.run(
            [os.path.join(BIN, binary), '--config-file', str(config_file)],
            capture_output=True, text=True, timeout=60)
    output = result.stdout + result.stderr
    assert result.returncode == 1, output
    assert 'Traceback' not in output
    return port, output


def test_a_metrics_port_taken_is_a_start_failure(tmp_path):
    """A daemon whose metrics port another process holds says so and
    exits 1, starting nothing."""
    port, output = _start_on_a_taken_port(
        tmp_path, 'nova-lite-scheduler',
        '[metrics]\nenabled = true\nport = {port}\n')
    assert ('nova-lite-scheduler could not start: Invalid configuration: '
            '[metrics] listen 127.0.0.1, port %d: Address already in use'
            % port) in output


@pytest.mark.parametrize('binary, group, option', [
    ('nova-lite-novncproxy', 'vnc', 'novncproxy'),
    ('nova-lite-serialproxy', 'serial_console', 'serialproxy')])
def test_a_console_proxy_port_taken_is_a_start_failure(
        tmp_path, binary, group, option):
    port, output = _start_on_a_taken_port(
        tmp_path, binary, '[%s]\n%s_host = 127.0.0.1\n%s_port = {port}\n'
        % (group, option, option))
    assert ('%s could not start: Invalid configuration: [%s] %s_host '
            '127.0.0.1, %s_port %d: Address already in use' % (
                binary, group, option, option, port)) in output
