# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""A compute's side of its guests' consoles: where a console of a type
listens, if this host's configuration serves that type, and whether a
token's address is still the guest's (it may have moved or restarted on
another port since the token was made)."""
from nova_lite import exception

# The option group that enables each protocol a compute serves.
_GROUPS = {'vnc': 'vnc', 'serial': 'serial_console'}
# Each console type a compute serves: its protocol, the driver's kind of
# console and the option naming the page (or websocket) users open.
_TYPES = {
    'novnc': ('vnc', 'vnc', 'novncproxy_base_url'),
    'serial': ('serial', 'serial', 'base_url'),
}


class Consoles:

    def __init__(self, conf, driver):
        self.conf = conf
        self.driver = driver

    def _served(self, console_type, protocol):
        """The driver's kind and the access URL base of ``console_type``;
        Nova's errors for a type this host does not serve."""
        group = self.conf[_GROUPS[protocol]]
        if not group.enabled:
            raise exception.ConsoleTypeUnavailable(console_type=console_type)
        served = _TYPES.get(console_type)
        if served is None or served[0] != protocol:
            raise exception.ConsoleTypeInvalid(console_type=console_type)
        return served[1], group[served[2]]

    def get(self, instance, protocol, console_type):
        """{'host', 'port', 'internal_access_path', 'access_url_base'}
        of the guest's console."""
        kind, access_url_base = self._served(console_type, protocol)
        address = self.driver.get_console(instance, kind)
        return {'host': address.host, 'port': address.port,
                'internal_access_path': address.internal_access_path,
                'access_url_base': access_url_base}

    def is_current(self, instance, console_type, host, port):
        """Whether the guest's console of that type listens at
        ``host``:``port`` now (a guest gone from here has none)."""
        if console_type not in _TYPES:
            return False
        kind = _TYPES[console_type][1]
        try:
            address = self.driver.get_console(instance, kind)
        except (exception.InstanceNotFound,
                exception.ConsoleTypeUnavailable):
            return False
        return (address.host, address.port) == (host, port)
