# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Host filters: the contract, the loader, and the handler that explains.

A filter answers one question, ``host_passes(host_state, spec_obj)``, and
may describe what hosts lacked, so that NoValidHost can name each filter,
how many hosts it removed, and why.
"""
from stevedore import named

NAMESPACE = 'nova_lite.scheduler.filters'


class BaseHostFilter:

    def __init__(self, conf=None):
        """``conf``: the scheduler's config, for a filter with options."""
        self.conf = conf

    def host_passes(self, host_state, spec_obj):
        """Whether the host passes; a filter overrides this or
        ``for_request`` (each is the other's default)."""
        return self.for_request(spec_obj)(host_state)

    def for_request(self, spec_obj):
        """``host_passes`` for one request: a filter that must look
        something up for it (once, not once per host) overrides this."""
        return lambda host_state: self.host_passes(host_state, spec_obj)

    def explain(self, spec_obj, rejected):
        """A short reason for the rejected host states, or ''."""
        return ''

    @property
    def name(self):
        return self.__class__.__name__


class FilterHandler:

    def __init__(self, names, contributed=(), conf=None):
        """``names``: the filters to run, in order, each an entry point
        (made with ``conf``) or one of ``contributed`` (the resource
        plugins' filters, which run last where ``names`` does not place
        them)."""
        by_name = {f.name: f for f in contributed}
        manager = named.NamedExtensionManager(
            NAMESPACE, names=[n for n in names if n not in by_name],
            invoke_on_load=True, invoke_args=(conf,), name_order=True,
            on_missing_entrypoints_callback=_missing)
        loaded = {ext.name: ext.obj for ext in manager}
        self.filters = [by_name.get(n) or loaded[n] for n in names] + [
            f for f in contributed if f.name not in names]

    def run(self, host_states, spec_obj):
        """Return (passing hosts, [(filter, removed, total, reason)])."""
        report = []
        hosts = list(host_states)
        for host_filter in self.filters:
            passed, rejected = [], []
            passes = _for_request(host_filter, spec_obj)
            for host in hosts:
                (passed if passes(host) else rejected).append(host)
            if rejected:
                report.append((host_filter.name, len(rejected), len(hosts),
                               host_filter.explain(spec_obj, rejected)))
            hosts = passed
            if not hosts:
                break
        return hosts, report


def _for_request(host_filter, spec_obj):
    """The filter's test for one request (a plugin's filter need not
    derive from BaseHostFilter: its ``for_request``, where it has one,
    else its ``host_passes``, is the test)."""
    for_request = getattr(host_filter, 'for_request', None)
    if for_request is not None:
        return for_request(spec_obj)
    return lambda host_state: host_filter.host_passes(host_state, spec_obj)


def _missing(names):
    raise ValueError('unknown scheduler filters: %s' % ', '.join(
        sorted(names)))


def describe(report):
    """'RamFilter removed 3 of 3 hosts (need ...)' for each filter."""
    parts = []
    for name, removed, total, reason in report:
        text = '%s removed %d of %d hosts' % (name, removed, total)
        parts.append('%s (%s)' % (text, reason) if reason else text)
    return '; '.join(parts)
