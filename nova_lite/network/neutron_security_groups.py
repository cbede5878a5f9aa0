# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Security groups of the network service, as Nova names and changes
them: a group by name (the project's) or by id; a server is in the
groups of its ports, and adding or removing one changes every port of
it. Refusals are Nova's words: 400 for a create's group that is not
found, 404 for an action's, 409 for a name two groups share, 400 for a
server already in the group (or not in it) or with no port.
"""
from oslo_utils import uuidutils

from nova_lite import exception
from nova_lite.network import DEFAULT_SECURITY_GROUP as DEFAULT_GROUP


class SecurityGroups:

    def __init__(self, client):
        self.client = client

    def _found(self, context, name_or_id):
        if uuidutils.is_uuid_like(name_or_id):
            group = self.client.show('security-groups', name_or_id)
            if group is not None and (context.is_admin or group[
                    'project_id'] == context.project_id):
                return [group]
        return self.client.list('security-groups', name=name_or_id,
                                project_id=context.project_id)

    @staticmethod
    def _unique(found, name):
        if len(found) > 1:
            raise exception.NoUniqueMatch(
                message="Multiple security groups found matching '%s'. "
                        "Use an ID to be more specific." % name)
        return found[0]

    def ids(self, context, names):
        """The ids of the project's groups by ``names`` (or ids) for a
        create. The default group, not made yet, is left to the service
        (which puts a port in it when it makes the group)."""
        ids = []
        for name in sorted(set(names or ())):
            found = self._found(context, name)
            if not found and name == DEFAULT_GROUP:
                continue
            if not found:
                raise exception.SecurityGroupNotFound(
                    security_group_id=name)
            ids.append(self._unique(found, name)['id'])
        return ids

    def _one(self, context, name):
        found = self._found(context, name)
        if not found:
            raise exception.NotFound(
                message='Security group %s is not found for project %s'
                        % (name, context.project_id))
        return self._unique(found, name)

    def of_ports(self, ports):
        """The groups (with their rules) the ports are in."""
        ids = sorted({group for port in ports
                      for group in port.get('security_groups', ())})
        if not ids:
            return []
        return self.client.list('security-groups', id=ids)

    def names(self, ids):
        if not ids:
            return []
        return sorted(group['name'] for group in self.client.list(
            'security-groups', id=sorted(ids)))

    def add(self, context, instance, name, ports):
        """Every port of the server in the group too."""
        group = self._one(context, name)
        _need_ports(ports)
        if all(group['id'] in p['security_groups'] for p in ports):
            raise exception.Invalid(
                message='Security group %s is already associated with the '
                        'instance %s' % (name, instance.uuid))
        for port in ports:
            if group['id'] not in port['security_groups']:
                self.client.update('ports', port['id'], {
                    'security_groups': port['security_groups'] +
                    [group['id']]})

    def remove(self, context, instance, name, ports):
        group = self._one(context, name)
        _need_ports(ports)
        if not any(group['id'] in p['security_groups'] for p in ports):
            raise exception.Invalid(
                message='Security group %s not associated with the '
                        'instance %s' % (name, instance.uuid))
        for port in ports:
            if group['id'] in port['security_groups']:
                self.client.update('ports', port['id'], {
                    'security_groups': [g for g in port['security_groups']
                                        if g != group['id']]})


def _need_ports(ports):
    if not ports:
        raise exception.Invalid(
            message='Network requires port_security_enabled and subnet '
                    'associated in order to apply security groups.')
