# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The typed request for allocation candidates: the one currency.

A request is request groups (resources, required and forbidden traits,
aggregates, a tree) with the rules between them (group policy, same
subtree, root traits). The services build it from a RequestSpec and hand
it to the placement store as it is; only the HTTP API reads one from a
query string (``nova_lite.api.placement.request_query``). ``to_query``
says it back in placement's query terms, for messages.
"""
import dataclasses

from nova_lite import exception


@dataclasses.dataclass
class Group:
    """The unsuffixed group (``suffix`` '') may take each class from a
    different provider of one tree; a suffixed one is served by one."""
    suffix: str
    resources: dict = dataclasses.field(default_factory=dict)
    required: list = dataclasses.field(default_factory=list)  # any-of sets
    forbidden: set = dataclasses.field(default_factory=set)
    member_of: list = dataclasses.field(default_factory=list)  # any-of
    not_member_of: set = dataclasses.field(default_factory=set)
    in_tree: str = None


@dataclasses.dataclass
class Request:
    groups: dict  # {suffix: Group}
    group_policy: str = None
    limit: int = None
    same_subtree: list = dataclasses.field(default_factory=list)
    root_required: set = dataclasses.field(default_factory=set)
    root_forbidden: set = dataclasses.field(default_factory=set)
    # Pick the ``limit`` answers at random among all (the scheduler's
    # wish), rather than the first ones.
    randomize: bool = False

    def add(self, groups):
        """Add suffixed groups; with two or more and no policy said, they
        may share providers (``none``)."""
        for group in groups:
            self.groups[group.suffix] = group
        numbered = [s for s, g in self.groups.items() if s and g.resources]
        if len(numbered) > 1 and self.group_policy is None:
            self.group_policy = 'none'

    def resources_only(self):
        """Whether it asks for nothing but the unsuffixed group's
        resources: any host with room serves it."""
        group = self.groups.get('')
        return list(self.groups) == [''] and not (
            group.required or group.forbidden or group.member_of or
            group.not_member_of or group.in_tree) and not (
            self.group_policy or self.same_subtree or self.root_required or
            self.root_forbidden)


def bad_request(detail):
    """The 400 placement answers for a request it cannot read."""
    return exception.PlacementBadRequest(detail=detail)


def check(request):
    """Raise PlacementBadRequest for a request placement cannot answer."""
    if not any(g.resources for g in request.groups.values()):
        raise bad_request('At least one request group (`resources` or '
                          '`resources{$S}`) is required.')
    for group in request.groups.values():
        if not group.resources and group.suffix:
            raise bad_request('Request group %s asks for no resources: '
                              'groups without resources are not supported '
                              'here.' % group.suffix)
    numbered = [s for s, g in request.groups.items() if s and g.resources]
    if len(numbered) > 1 and request.group_policy is None:
        raise bad_request('The "group_policy" parameter is required when '
                          'specifying more than one "resources{N}" '
                          'parameter.')
    known = set(request.groups)
    for names in request.same_subtree:
        if set(names) - known:
            raise bad_request('Unknown suffix in same_subtree: %s' %
                              ','.join(sorted(set(names) - known)))


def to_query(request, with_unsuffixed_resources=True):
    """{parameter: value} of the groups' resources and traits and the
    policy, as a GET /allocation_candidates query says them (for
    messages: the request itself goes to the store as it is)."""
    query = {}
    for suffix, group in sorted(request.groups.items()):
        if group.resources and (suffix or with_unsuffixed_resources):
            query['resources' + suffix] = ','.join(
                '%s:%d' % item for item in sorted(group.resources.items()))
        traits = _traits_text(group)
        if traits:
            query['required' + suffix] = traits
    if request.group_policy:
        query['group_policy'] = request.group_policy
    return query


def _traits_text(group):
    singles = [name for any_of in group.required if len(any_of) == 1
               for name in any_of]
    names = sorted(singles + ['!' + n for n in group.forbidden],
                   key=lambda n: n.lstrip('!'))
    names += ['in:' + ','.join(sorted(any_of)) for any_of in group.required
              if len(any_of) > 1]
    return ','.join(names)
