# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""What console tests share: the token of a console URL, a websocket to
a proxy as noVNC opens one, and how the proxy closed it."""
import struct
from urllib import parse

import websocket

# How a proxy closes the websocket of a console it cannot reach (a
# simulated host's).
UNREACHABLE = (1011, 'Failed to connect to downstream server')


def websocket_url(url):
    """The websocket a console URL opens: noVNC's page URL carries the
    websocket's path (with the token) in ``path``; a serial console's
    URL is the websocket's."""
    parts = parse.urlsplit(url)
    query = parse.parse_qs(parts.query)
    if 'path' in query:
        return 'ws://%s/%s' % (parts.netloc, query['path'][0].lstrip('/'))
    return url


def token_of(url):
    """The token in a console URL."""
    query = parse.parse_qs(parse.urlsplit(websocket_url(url)).query)
    return query['token'][0]


def open_websocket(url, origin=None):
    """A websocket to the proxy, as noVNC opens it (None, and the
    refusal's status and words, if it is refused)."""
    try:
        return websocket.create_connection(
            url, origin=origin, subprotocols=['binary'], timeout=10), None
    except websocket.WebSocketBadStatusException as e:
        return None, str(e)


def close_reason(client):
    """The code and reason the proxy closed the websocket with."""
    while True:
        opcode, frame = client.recv_data_frame(True)
        if opcode == websocket.ABNF.OPCODE_CLOSE:
            return (struct.unpack('!H', frame.data[:2])[0],
                    frame.data[2:].decode())
