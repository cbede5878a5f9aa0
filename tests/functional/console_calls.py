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


def token_of(url):
    """The token in a console URL (noVNC's carries it inside ``path``)."""
    query = parse.parse_qs(parse.urlsplit(url).query)
    if 'path' in query:
        query = parse.parse_qs(parse.urlsplit(query['path'][0]).query)
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
