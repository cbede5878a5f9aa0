# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""A real guest's consoles through the console proxies.

The demo guest runs on a libvirtd of the test's own (QEMU software
emulation) with ``[serial_console]`` enabled: its serial port is a TCP
port of the host (from ``port_range``) that also writes the console
log, and its VNC server listens on the host's loopback. The test asks
for the URLs with the openstack CLI, as a user does, and connects as a
client does: it types a command into the guest's busybox shell through
the serial proxy and reads the command's output back, reads the guest's
VNC greeting through the noVNC proxy, and opens the noVNC page the
proxy serves in headless Chromium, which must draw the guest's screen
(a screenshot is kept in the test's directory).
"""
import re
import time

from xml.etree import ElementTree as ET

import websocket

from nova_lite_tools import demo_image
from tests.functional.compute_calls import cloud_env
from tests.functional.compute_calls import osc
from tests.functional import console_calls
from tests.integration import headless_browser

_PORTS = '21000:21099'
# How many pixels of noVNC's canvas (the guest's screen) are not dark.
_LIT_PIXELS = """(() => {
  const canvas = document.querySelector('#screen canvas');
  if (!canvas || !canvas.width) { return 0; }
  const data = canvas.getContext('2d').getImageData(
      0, 0, canvas.width, canvas.height).data;
  let lit = 0;
  for (let i = 0; i < data.length; i += 4) {
    if (data[i] + data[i + 1] + data[i + 2] > 96) { lit++; }
  }
  return lit;
})()"""


def _console_log(aio, server_id):
    return aio.client.post('/servers/%s/action' % server_id, {
        'os-getConsoleOutput': {}})[1]['output']


def _wait_until_up(aio, server_id, timeout=180):
    deadline = time.monotonic() + timeout
    while demo_image.GUEST_UP not in _console_log(aio, server_id):
        assert time.monotonic() < deadline, _console_log(aio, server_id)
        time.sleep(0.5)


def _websocket(url, **kwargs):
    """A websocket to the console of the URL the user got."""
    return websocket.create_connection(console_calls.websocket_url(url),
                                       timeout=30, subprotocols=['binary'],
                                       **kwargs)


def _read_until(client, pattern, timeout=60):
    """What the console sent up to and with ``pattern`` (bytes)."""
    seen = b''
    deadline = time.monotonic() + timeout
    while not re.search(pattern, seen):
        assert time.monotonic() < deadline, seen[-500:]
        opcode, data = client.recv_data()
        seen += data
    return seen


def test_a_real_guests_serial_and_vnc_consoles(real_aio, overrides,
                                               libvirtd, demo_files,
                                               tmp_path):
    overrides('enabled', True, group='serial_console')
    overrides('port_range', _PORTS, group='serial_console')
    aio = real_aio()
    image_id = demo_image.upload(demo_files, aio.image_url, 'admin:admin')
    server = aio.client.boot('demo', imageRef=image_id, wait=False)
    aio.client.wait_server(server, ('ACTIVE',), timeout=120, settled=True)
    _wait_until_up(aio, server)

    devices = ET.fromstring(
        libvirtd.lookupByUUIDString(server).XMLDesc()).find('devices')
    source = devices.find("serial[@type='tcp']/source")
    low, high = (int(p) for p in _PORTS.split(':'))
    assert low <= int(source.get('service')) <= high
    assert devices.find("graphics[@type='vnc']").get('listen') == (
        '127.0.0.1')

    env = cloud_env(tmp_path, aio)
    serial = osc(env, 'console', 'url', 'show', '--serial', server,
                 '-f', 'json')
    client = _websocket(serial['url'])
    client.send_binary(b'\r')
    _read_until(client, rb'/ # ')
    client.send_binary(b'echo console-$((6*7))-ok\r')
    assert b'console-42-ok' in _read_until(client, rb'console-42-ok\r?\n')
    client.close()
    # What the shell said is in the console log too.
    assert 'console-42-ok' in _console_log(aio, server)

    novnc = osc(env, 'console', 'url', 'show', '--novnc', server,
                '-f', 'json')
    viewer = _websocket(novnc['url'], origin='http://127.0.0.1')
    assert re.match(rb'RFB 003\.00\d\n', _read_until(viewer, rb'\n'))
    viewer.close()

    # The page a dashboard embeds, in a browser: noVNC connects and
    # draws the guest's screen, which is not blank.
    novnc = osc(env, 'console', 'url', 'show', '--novnc', server,
                '-f', 'json')
    browser = headless_browser.Browser(str(tmp_path / 'chromium'))
    try:
        browser.open(novnc['url'])
        assert 'Connected' in browser.wait_for(
            "document.getElementById('status').textContent"
            ".includes('Connected') && "
            "document.getElementById('status').textContent")
        lit = browser.wait_for(_LIT_PIXELS)
        shot = browser.screenshot(str(tmp_path / 'novnc-screen.png'))
    finally:
        browser.close()
    print('noVNC screenshot: %s (%d lit pixels)' % (shot, lit))
    assert lit > 100

    assert aio.client.delete('/servers/%s' % server)[0] == 204
    aio.client.wait_server(server, ('DELETED',), timeout=60)
