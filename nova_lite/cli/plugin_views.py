# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The resource plugins' admin views, as their CLI details read them: a
view the API does not serve (its plugin is not enabled there) is none."""
from nova_lite.cli.client import APIError


def host_view(client, host, name):
    """``GET /os-hypervisors/{id}/NAME``'s view of ``host`` (a hypervisor
    of the API's list), or None where the API has no such view."""
    try:
        return client.get('/os-hypervisors/%s/%s' % (host['id'], name))[
            name]
    except APIError as e:
        if e.status == 404:
            return None
        raise


def host_lines(client, host, name, title, entries, line):
    """{title: one ``line(entry)`` per entry of the view's ``entries``
    list, or 'none'}; {} where the API has no such view."""
    view = host_view(client, host, name)
    if view is None:
        return {}
    return {title: '\n'.join(line(e) for e in view[entries]) or 'none'}
