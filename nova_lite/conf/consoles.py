# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""``[vnc]``, ``[serial_console]``, ``[console]`` and ``[consoleauth]``:
a server's graphical and serial consoles, reached by users through the
console proxies (nova-lite-novncproxy, nova-lite-serialproxy) with a
token the Compute API hands out. Names and defaults are Nova's."""
from oslo_config import cfg

vnc_group = cfg.OptGroup('vnc', title='VNC consoles', help="""
Guests get a VNC server the noVNC proxy connects users to, with the
token of ``openstack console url show --novnc``.
""")
serial_group = cfg.OptGroup('serial_console', title='Serial consoles',
                            help="""
Guests get their serial port on a TCP port of the host, which the serial
proxy connects a websocket to (``openstack console url show --serial``).
""")
console_group = cfg.OptGroup('console', title='Console proxies')
consoleauth_group = cfg.OptGroup('consoleauth', title='Console tokens')

vnc_opts = [
    cfg.BoolOpt('enabled', default=True, help="""
Whether guests get a VNC console (and the all-in-one a noVNC proxy).
"""),
    cfg.HostAddressOpt('server_listen', default='127.0.0.1', help="""
The address a guest's VNC server listens on, on its compute host.
"""),
    cfg.HostAddressOpt('server_proxyclient_address', default='127.0.0.1',
                       help="""
The address of this compute host that the noVNC proxy connects to:
the host's address on the network between the proxy and the computes.
"""),
    cfg.URIOpt('novncproxy_base_url',
               default='http://127.0.0.1:6080/vnc_lite.html', help="""
The noVNC page users open, as they reach it (a dashboard embeds this
URL); the token is added to it. Set it to the proxy's public address.
``vnc_lite.html`` connects as it opens; ``vnc_auto.html`` (Nova's
default) is noVNC's full page in noVNC 1.x, which waits for a click on
Connect unless the URL also says ``autoconnect=true``.
"""),
    cfg.HostAddressOpt('novncproxy_host', default='0.0.0.0', help="""
The address nova-lite-novncproxy listens on.
"""),
    cfg.PortOpt('novncproxy_port', default=6080, help="""
The port nova-lite-novncproxy listens on.
"""),
]

serial_opts = [
    cfg.BoolOpt('enabled', default=False, help="""
Whether guests get an interactive serial console (and the all-in-one a
serial proxy). A guest's console log is kept as well.
"""),
    cfg.StrOpt('port_range', default='10000:20000',
               regex=r'^\d+:\d+$', help="""
The host ports guests' serial consoles listen on, ``min:max``.
"""),
    cfg.URIOpt('base_url', default='ws://127.0.0.1:6083/', help="""
The serial proxy's websocket URL as users reach it; the token is added.
"""),
    cfg.HostAddressOpt('proxyclient_address', default='127.0.0.1', help="""
The address guests' serial ports listen on: the host's address on the
network between the serial proxy and the computes.
"""),
    cfg.HostAddressOpt('serialproxy_host', default='0.0.0.0', help="""
The address nova-lite-serialproxy listens on.
"""),
    cfg.PortOpt('serialproxy_port', default=6083, help="""
The port nova-lite-serialproxy listens on.
"""),
]

console_opts = [
    cfg.ListOpt('allowed_origins', default=[], help="""
Hosts (besides the proxy's own, as the request's Host header names it)
whose pages may open a console: the websocket's ``Origin`` must name one.
A dashboard on another host needs its name here.
"""),
    cfg.IntOpt('max_connections', default=64, min=1, help="""
Consoles one proxy carries at once; a connection beyond them is refused
with 503 before its token is read. Bounds the threads and memory a
flood of clients can take.
"""),
    cfg.FloatOpt('handshake_timeout', default=5.0, min=0.1, help="""
Seconds a client has to complete its websocket handshake; one that is
slower is dropped, so idle connections cannot hold the proxy's slots.
"""),
    cfg.IntOpt('buffer_bytes', default=262144, min=4096, help="""
Bytes a console holds for a side that reads slower than the other
writes; beyond them the proxy stops reading from the fast side until the
slow one catches up.
"""),
]

consoleauth_opts = [
    cfg.IntOpt('token_ttl', default=600, min=1, help="""
Seconds a console token stays valid. A token is good for one connection.
"""),
    cfg.BoolOpt('enforce_session_timeout', default=False, help="""
Whether a console session is closed when its token's time runs out, as
well as refused after it.
"""),
]

web_opts = [
    cfg.StrOpt('web', default='/usr/share/novnc', help="""
Where the noVNC proxy serves its static files (noVNC's pages) from:
Debian's ``novnc`` package installs them here.
"""),
]


def register_opts(conf):
    for group, opts in list_opts():
        if group == 'DEFAULT':
            conf.register_opts(opts)
            continue
        conf.register_group(group)
        conf.register_opts(opts, group=group)


def list_opts():
    return [(vnc_group, vnc_opts), (serial_group, serial_opts),
            (console_group, console_opts),
            (consoleauth_group, consoleauth_opts), ('DEFAULT', web_opts)]
