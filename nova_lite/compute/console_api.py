# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Console URLs: the API asks the server's compute where its console of
a type listens, stores a token for that address and answers the URL of
the console proxy with the token in it."""
from nova_lite import exception
from nova_lite.objects import console_auth_token
from nova_lite.objects import fields

# Protocols no proxy of this deployment serves: as in a Nova whose
# [spice], [rdp] and [mks] are not enabled.
_NOT_SERVED = ('spice', 'rdp', 'mks')
# States with no guest whose console could be reached.
NO_GUEST = (fields.VMState.BUILDING, fields.VMState.SHELVED_OFFLOADED,
            fields.VMState.DELETED)


def forget_consoles(context, instance):
    """The server's console tokens are void: it is moving, or gone."""
    console_auth_token.ConsoleAuthToken.clean_console_auths_for_instance(
        context, instance.uuid)


class ConsoleAPI:

    def get_console_url(self, context, instance, protocol, console_type):
        """The URL of the server's console of that protocol and type."""
        if protocol in _NOT_SERVED:
            raise exception.ConsoleTypeUnavailable(console_type=console_type)
        if not instance.host or instance.vm_state in NO_GUEST:
            raise exception.InstanceNotReady(instance_id=instance.uuid)
        if not self._compute_up(context, instance.host):
            raise exception.ComputeHostDown(host=instance.host)
        address = self.compute_api.get_console(context, instance, protocol,
                                               console_type)
        token = console_auth_token.ConsoleAuthToken(
            context, console_type=console_type, instance_uuid=instance.uuid,
            **address)
        token.authorize(self.conf.consoleauth.token_ttl)
        return token.access_url
