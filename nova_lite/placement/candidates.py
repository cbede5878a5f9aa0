# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Allocation candidates: where a request would fit, right now.

The database narrows providers to sets (those with room for each amount,
with each trait, in each aggregate); the search then works per tree. A
suffixed group is served by one provider; the unsuffixed group may take
each class from a different provider of the same tree. Candidates come
tree by tree in provider order and the search stops at ``limit``, so a
small limit is cheaper than a large one; summaries are read only for the
trees that are answered. With a limit, the database first names a sample
of trees that may serve the request (a cheap necessary condition), and
only those are read and searched; the whole is searched only if the
sample held too few.

The search's policy is decided here, the database only answering: where
a random sample starts (the scheduler asks for one), and the summaries
kept from one answer to the next while their providers do not change.
"""
import dataclasses
import itertools
import random

from nova_lite.db.api import candidates as db
from nova_lite.text import digits

_COMBOS_PER_TREE = 100
# Trees sampled per candidate asked for, before searching them all.
_SAMPLE_FACTOR = 2
_SAMPLE_MIN = 20


class _Facts:
    """The sets the database answered, and the shape of the trees."""

    def __init__(self, context, request, roots=None):
        self.roots_scope = roots
        groups = request.groups.values()
        amounts = {(rc, n) for g in groups for rc, n in g.resources.items()}
        traits = set(request.root_required | request.root_forbidden)
        aggregates = set()
        for g in groups:
            traits |= set().union(*g.required) if g.required else set()
            traits |= g.forbidden
            aggregates |= set(g.member_of)
            if g.not_member_of:
                aggregates.add(frozenset(g.not_member_of))
        trees = {g.in_tree for g in groups if g.in_tree}
        found = db.gather(context, amounts, traits, aggregates, trees,
                          roots)
        self.capacity = found['capacity']
        self.traits = found['traits']
        self.aggregates = found['aggregates']
        self.roots_of = found['roots_of']
        self.sharing = found['sharing']
        self.root = {}
        for per_provider in self.capacity.values():
            self.root.update(per_provider)

    def served_roots(self, provider):
        """The trees a provider's inventory serves: its own, and for a
        sharing provider those of the providers in its aggregates."""
        return self.sharing.get(provider) or (self.root[provider],)

    def has_traits(self, provider_ids, group):
        for any_of in group.required:
            if not any(p in self.traits[t] for t in any_of
                       for p in provider_ids):
                return False
        return not any(p in self.traits[t] for t in group.forbidden
                       for p in provider_ids)

    def in_aggregates(self, provider_id, group):
        root = self.root.get(provider_id, provider_id)
        for any_of in group.member_of:
            members = self.aggregates[any_of]
            if provider_id not in members and root not in members:
                return False
        if group.not_member_of:
            members = self.aggregates[frozenset(group.not_member_of)]
            if provider_id in members or root in members:
                return False
        return True


def _single_provider_options(facts, group):
    """{root: [provider id]} of providers that serve the group alone."""
    sets = [set(facts.capacity[(rc, n)]) for rc, n in group.resources.items()]
    providers = set.intersection(*sets) if sets else set()
    wanted_root = facts.roots_of.get(group.in_tree) if group.in_tree else None
    options = {}
    for provider in sorted(providers):
        if not (facts.has_traits([provider], group) and
                facts.in_aggregates(provider, group)):
            continue
        for root in facts.served_roots(provider):
            if wanted_root is None or root == wanted_root:
                options.setdefault(root, []).append(
                    {provider: group.resources})
    return options


class _SpreadOptions:
    """The unsuffixed group's options in each tree, worked out when a
    tree is reached: each class from any provider of the tree."""

    def __init__(self, facts, group):
        self.facts, self.group = facts, group
        self.per_class = {}
        for rc, n in group.resources.items():
            by_root = {}
            for provider in facts.capacity[(rc, n)]:
                for root in facts.served_roots(provider):
                    by_root.setdefault(root, []).append(provider)
            self.per_class[rc] = by_root
        roots = set.intersection(*[set(r) for r in self.per_class.values()])
        wanted = facts.roots_of.get(group.in_tree) if group.in_tree else None
        self.roots = roots if wanted is None else roots & {wanted}

    def __contains__(self, root):
        return root in self.roots

    def __iter__(self):
        return iter(self.roots)

    def __getitem__(self, root):
        choices = [self.per_class[rc][root] for rc in self.group.resources]
        if all(len(c) == 1 for c in choices) and len(
                {c[0] for c in choices}) == 1:
            combos = [tuple(c[0] for c in choices)]  # one provider: a host
        else:
            combos = itertools.islice(itertools.product(
                *[sorted(c) for c in choices]), _COMBOS_PER_TREE)
        return [self._allocation(combo) for combo in combos
                if self._qualifies(combo)]

    def _qualifies(self, combo):
        group, facts = self.group, self.facts
        if (group.required or group.forbidden) and not facts.has_traits(
                set(combo), group):
            return False
        return not (group.member_of or group.not_member_of) or all(
            facts.in_aggregates(p, group) for p in combo)

    def _allocation(self, combo):
        allocation = {}
        for provider, rc in zip(combo, self.group.resources):
            allocation.setdefault(provider, {})[rc] = \
                self.group.resources[rc]
        return allocation


def _spread_options(facts, group):
    return _SpreadOptions(facts, group)


def _options(facts, request):
    options = {}
    for suffix, group in request.groups.items():
        if not group.resources:
            continue
        options[suffix] = (_spread_options(facts, group) if suffix == ''
                           else _single_provider_options(facts, group))
    return options


def _merge(picks):
    merged = {}
    for allocation in picks:
        for provider, resources in allocation.items():
            target = merged.setdefault(provider, {})
            for rc, n in resources.items():
                target[rc] = target.get(rc, 0) + n
    return merged


def _fits_when_shared(context, facts, merged):
    """A provider serving several groups has room for their sum."""
    for provider, resources in merged.items():
        for rc, n in resources.items():
            if (rc, n) not in facts.capacity:
                facts.capacity[(rc, n)] = db.with_capacity(
                    context, rc, n, facts.roots_scope)
            if provider not in facts.capacity[(rc, n)]:
                return False
    return True


def _isolated(request, picks_by_suffix):
    if request.group_policy != 'isolate':
        return True
    used = [p for s, alloc in picks_by_suffix.items() if s
            for p in alloc]
    return len(used) == len(set(used))


def _candidates_in_tree(context, facts, request, root, options, tree):
    suffixes = sorted(options)
    for picks in itertools.product(*[options[s][root] or [] for s in
                                     suffixes]):
        by_suffix = dict(zip(suffixes, picks))
        if not _isolated(request, by_suffix):
            continue
        if not _same_subtree(request, by_suffix, tree):
            continue
        merged = _merge(picks)
        if len(picks) > 1 and not _fits_when_shared(context, facts,
                                                    merged):
            continue
        yield merged, {s: sorted(a) for s, a in by_suffix.items()}


def _same_subtree(request, by_suffix, tree):
    for names in request.same_subtree:
        providers = {p for s in names for p in by_suffix.get(s, {})}
        if providers and not any(
                all(_is_ancestor(tree, top, p) for p in providers)
                for top in providers):
            return False
    return True


def _is_ancestor(tree, top, provider):
    while provider is not None:
        if provider == top:
            return True
        provider = tree[provider][2] if provider in tree else None
    return False


def _root_ok(facts, request, root):
    if any(root not in facts.traits[t] for t in request.root_required):
        return False
    return not any(root in facts.traits[t] for t in request.root_forbidden)


def _flat_search(context, request, whole_trees, shape):
    """One unsuffixed group that only a host alone can serve (no nested
    provider holds a class it asks for: a host's NICs, when its vCPUs,
    memory and disk are asked for): the database finds the hosts that
    hold it all, and stops at the limit. None when a nested provider
    might serve part of it (the tree search is needed then)."""
    group = request.groups['']
    if shape.nested and not db.nested_hold_none_of(context,
                                                   set(group.resources)):
        return None
    root_id = None
    if group.in_tree:
        root_id = db.gather(context, [], [], [], [group.in_tree])[
            'roots_of'][group.in_tree]
        if root_id is None:
            return [], {}
    if request.root_required or request.root_forbidden:
        group = _with_root_traits(group, request)
    hosts = db.single_providers(
        context, group.resources, group.required, group.forbidden,
        group.member_of, group.not_member_of, root_id, request.limit,
        _sample_start(request, shape))
    if request.randomize:
        random.shuffle(hosts)
    # Every candidate asks the same of its host: one shared, unchanged
    # dict rather than a copy per host.
    resources = dict(group.resources)
    found = [({host: resources}, {'': [host]}) for host, _uuid in hosts]
    if whole_trees and shape.nested:  # their NICs too
        return found, db.trees(context, {host for host, _uuid in hosts})
    return found, {host: (uuid, host, None) for host, uuid in hosts}


def _with_root_traits(group, request):
    """On a flat deployment the host is its own root."""
    return dataclasses.replace(
        group, required=group.required + [frozenset([t]) for t in
                                          request.root_required],
        forbidden=group.forbidden | request.root_forbidden)


def find(context, request, whole_trees=True):
    """(candidates, trees): candidates as (allocations by provider id,
    mappings by suffix); trees as db.trees() answers for their roots
    (with ``whole_trees`` false, at least the providers of the
    candidates: what a scheduler needs). Its reads (a sample's start
    included) are one snapshot."""
    with db.one_snapshot(context):
        return _find(context, request, whole_trees)


def _find(context, request, whole_trees):
    # The quick searches look at one tree at a time: a provider that
    # shares its inventory with other trees needs the whole search.
    shape = db.shape(context)
    if list(request.groups) == [''] and not shape.sharing:
        answer = _flat_search(context, request, whole_trees, shape)
        if answer is not None:
            return answer
    if request.limit and not shape.sharing:
        # A sample as large as a database integer holds is no sample.
        sample = min(max(_SAMPLE_FACTOR * request.limit, _SAMPLE_MIN),
                     digits.INT32_MAX)
        roots = _sampled_roots(context, request, sample, shape)
        found, tree = _tree_search(context, request, roots)
        if len(found) >= request.limit or len(roots) < sample:
            return found, tree
    return _tree_search(context, request)


def _sampled_roots(context, request, sample, shape):
    spread = request.groups[''].resources if '' in request.groups else {}
    groups = [(g.resources, g.required, g.forbidden)
              for suffix, g in request.groups.items()
              if suffix and g.resources]
    return db.candidate_roots(context, spread, groups, sample,
                              _sample_start(request, shape))


def _sample_start(request, shape):
    """Where a random sample starts: a random provider id, from which the
    database takes the next ``limit`` that qualify (wrapping around).

    Ordering by random() would make the database test every provider
    before it can pick; a random starting point lets it stop at the limit
    as an ordered search does. The sample is a run of consecutive
    qualifying providers rather than a uniform draw, which is as good for
    spreading requests when provider ids say nothing about the hosts.
    None: no sample asked for, the first ones in id order.
    """
    if not (request.randomize and request.limit):
        return None
    if shape.low is None:
        return None
    return random.randint(shape.low, shape.high)


def _tree_search(context, request, roots=None):
    """The search over every tree, or over those of ``roots``."""
    facts = _Facts(context, request, roots)
    options = _options(facts, request)
    roots = sorted(set.intersection(*[set(o) for o in options.values()]))
    # A tree whose unsuffixed options all fail their traits has none.
    roots = [r for r in roots if _root_ok(facts, request, r)]
    if request.randomize:
        random.shuffle(roots)
    found, seen = [], set()
    for root in roots:
        tree = db.trees(context, [root]) if request.same_subtree else {}
        for candidate in _candidates_in_tree(context, facts, request, root,
                                             options, tree):
            if facts.sharing:
                # A sharing provider serving the whole request is the
                # same candidate from each tree it serves: once.
                key = _key_of(candidate)
                if key in seen:
                    continue
                seen.add(key)
            found.append(candidate)
            if request.limit and len(found) >= request.limit:
                return found, _trees_of(context, found, facts)
    return found, _trees_of(context, found, facts)


def _key_of(candidate):
    merged, mappings = candidate
    return (tuple(sorted((p, tuple(sorted(r.items())))
                         for p, r in merged.items())),
            tuple(sorted((s, tuple(p)) for s, p in mappings.items())))


def _trees_of(context, found, facts):
    return db.trees(context, {facts.root[p] for merged, _m in found
                              for p in merged})


def one_snapshot(context):
    """Reads inside it (of candidates, classes, traits, summaries) see one
    state of the database."""
    return db.one_snapshot(context)


def summaries(context, tree, with_traits):
    return db.summaries(context, tree, with_traits)


# Provider summaries as of a key (uuid, generation, usage changes,
# creation time), by provider id: what was read at a key holds while the
# provider stays there.
_SUMMARIES = {}
_SUMMARIES_MAX = 20000


def summaries_as_json(context, tree):
    """Every class of each provider and its traits, its resources as JSON
    text where the database can build it (SQLite), else as ``summaries``
    gives them.

    A provider whose generation has not moved since it was last read is
    not read again, on any database: at thousands of providers, reading
    and building summaries was half of a large answer's time, and at ten
    on PostgreSQL their three statements were a quarter of it. The keys
    are read before the summaries, in one transaction: a summary is
    never older than the key it is kept under (where each statement sees
    its own snapshot, PostgreSQL's READ COMMITTED, it may be newer; it is
    then read again once its provider's key moves on).
    """
    with db.one_snapshot(context):
        keys = db.summary_keys(context, tree)
        found, missing = {}, []
        for provider_id, key in keys.items():
            cached = _SUMMARIES.get(provider_id)
            if cached is not None and cached[0] == key:
                found[provider_id] = cached[1]
            else:
                missing.append(provider_id)
        if missing:
            found.update(_read_and_keep(context, missing, keys))
    return found


def _read_and_keep(context, provider_ids, keys):
    if len(_SUMMARIES) + len(provider_ids) > _SUMMARIES_MAX:
        _SUMMARIES.clear()
    if db.builds_json(context):
        found = db.json_summaries(context, provider_ids)
    else:
        found = db.summaries(context, provider_ids, True)
    for provider_id, summary in found.items():
        _SUMMARIES[provider_id] = (keys[provider_id], summary)
    return found


def matching_providers(context, group):
    """Uuids of providers that qualify on their own for the group."""
    return db.matching_providers(context, group.resources, group.required,
                                 group.forbidden, group.member_of,
                                 group.not_member_of)


def summaries_of(context, provider_uuids):
    """{uuid: {class: {'capacity', 'used'}}} of the providers named, and
    of a root also each class it lacks that a sharing provider serving
    it holds (a host's disk in a shared storage pool)."""
    provider_uuids = list(provider_uuids)
    with db.one_snapshot(context):
        pools = db.sharing_with(context, provider_uuids)
        found = db.summaries_by_uuid(context, provider_uuids + sorted(
            {pool for named in pools.values() for pool in named}))
    for uuid, named in pools.items():
        mine = found.setdefault(uuid, {})
        for pool in named:
            for rc, entry in found.get(pool, {}).items():
                mine.setdefault(rc, entry)
    return {uuid: found.get(uuid, {}) for uuid in provider_uuids
            if uuid in found}


def sharing_ids(context):
    """Ids of the providers that share their inventory."""
    return db.sharing_ids(context)


def any_sharing(context):
    return db.any_sharing(context)
