# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""/os-volumes_boot: the servers API under the name clients of the first
block-device boot used, to 2.102; from 2.103 it is gone (404).

Every route is the servers route of the same method, with its body, its
answer and its policy; only the path differs. Links still point under
/servers, as Nova's do.
"""
from nova_lite.api.compute import servers
from nova_lite.api import microversion

LAST = '2.102'


def _until_gone(handler):
    return microversion.since('2.1', LAST)(handler)


index = _until_gone(servers.index)
detail = _until_gone(servers.detail)
create = _until_gone(servers.create)
show = _until_gone(servers.show)
update = _until_gone(servers.update)
delete = _until_gone(servers.delete)
