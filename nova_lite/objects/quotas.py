# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The quota engine: each resource's limit for a project or one of its
users, what they use of it, and the checks a create makes.

A limit is the first of: the user's own (os-quota-sets ``user_id``), the
project's own, the ``default`` quota class's, the configured ``[quota]``
value. Usage is counted from the records (instances, key pairs, server
groups), never reserved. Only the control services use this module; it
never crosses RPC, so it is plain functions rather than a versioned
object.
"""
from nova_lite.db.api import quotas as db
from nova_lite import exception
from nova_lite.objects import base

# The counted resources a create adds to.
INSTANCE_RESOURCES = ('instances', 'cores', 'ram')
# nova-network's, which Nova still shows (-1 unless set) below 2.36.
NETWORK_RESOURCES = ('fixed_ips', 'floating_ips', 'security_groups',
                     'security_group_rules')
# Personality files, shown below 2.57.
FILE_RESOURCES = ('injected_files', 'injected_file_content_bytes',
                  'injected_file_path_bytes')
RESOURCES = (INSTANCE_RESOURCES + ('metadata_items',) + FILE_RESOURCES +
             ('key_pairs', 'server_groups', 'server_group_members') +
             NETWORK_RESOURCES)
_OPTION = {'injected_file_path_bytes': 'injected_file_path_length'}
DEFAULT_CLASS = 'default'


def configured(conf):
    """{resource: limit} of ``[quota]`` (-1 for nova-network's)."""
    return {name: getattr(conf.quota, _OPTION.get(name, name), -1)
            if name not in NETWORK_RESOURCES else -1 for name in RESOURCES}


def class_limits(conf, context, class_name=DEFAULT_CLASS):
    """A quota class's limits, the configured ones where it sets none."""
    return dict(configured(conf), **db.class_limits(context, class_name))


def defaults(conf, context):
    return class_limits(conf, context)


def project_limits(conf, context, project_id):
    return dict(defaults(conf, context),
                **db.project_limits(context, project_id))


def user_limits(conf, context, project_id, user_id):
    return _project_and_user(conf, context, project_id, user_id)[1]


def limits(conf, context, project_id, user_id=None):
    if user_id is None:
        return project_limits(conf, context, project_id)
    return user_limits(conf, context, project_id, user_id)


def own_limit(conf, context, resource):
    """The caller's limit of ``resource`` (its user's within its
    project), -1 for none."""
    return user_limits(conf, context, context.project_id,
                       context.user_id)[resource]


def usages(context, project_id, user_id=None):
    """{resource: in use} of the project (or of one of its users); as
    Nova shows them, key pairs and server group members as 0."""
    used = dict.fromkeys(RESOURCES, 0)
    used.update(db.usage(context, project_id, user_id))
    used['server_groups'] = db.server_group_count(context, project_id,
                                                  user_id)
    return used


def detail(conf, context, project_id, user_id=None):
    """{resource: {'limit', 'in_use', 'reserved'}} (nothing is reserved)."""
    used = usages(context, project_id, user_id)
    return {name: {'limit': limit, 'in_use': used[name], 'reserved': 0}
            for name, limit in limits(conf, context, project_id,
                                      user_id).items()}


def settable(conf, context, project_id, user_id=None):
    """{resource: (minimum, maximum)} a new limit must lie within (-1 for
    no maximum): no lower than what is used, and no lower than the limits
    given to the project's users; a user's no higher than what the
    project leaves beside the other users' limits."""
    project = project_limits(conf, context, project_id)
    given = db.user_limit_sums(context, project_id)
    if user_id is None:
        used = usages(context, project_id)
        return {name: (max(used[name], given.get(name, 0)), -1)
                for name in RESOURCES}
    own = db.user_limits(context, project_id, user_id)
    used = usages(context, project_id, user_id)
    return {name: (used[name], _maximum(project[name], given.get(name, 0),
                                        own.get(name, 0)))
            for name in RESOURCES}


def _maximum(project_limit, given, own):
    if project_limit == -1:
        return -1
    return project_limit - given + own


def set_limits(context, values, project_id=None, user_id=None,
               class_name=None):
    db.set_limits(context, values, project_id, user_id, class_name)


def revert_to_defaults(context, project_id, user_id=None):
    db.destroy_limits(context, project_id, user_id)


def guard_lock(context, project_id):
    """Make sure the project has the lock row its counted writes take."""
    db.add_lock_row(context, project_id)


def _project_and_user(conf, context, project_id, user_id):
    """(the project's limits, the user's), read in one step."""
    of_class, of_project, of_user = db.limits_of(context, project_id,
                                                 user_id, DEFAULT_CLASS)
    project = dict(configured(conf), **of_class)
    project.update(of_project)
    return project, dict(project, **of_user)


def instance_guard(conf, context, project_id, user_id):
    """The limits the create of an instance is held to, for
    ``db.check_room`` under the project's lock (made here if new); None
    when none of them limits anything (nothing to count, no lock)."""
    project, user = _project_and_user(conf, context, project_id, user_id)
    guard = {'project': {r: project[r] for r in INSTANCE_RESOURCES},
             'user': {r: user[r] for r in INSTANCE_RESOURCES}}
    if all(limit < 0 for scope in guard.values()
           for limit in scope.values()):
        return None
    guard_lock(context, project_id)
    return guard


def instance_deltas(flavor, count=1):
    return {'instances': count, 'cores': count * flavor.vcpus,
            'ram': count * flavor.memory_mb}


def allowed_instances(context, guard, project_id, user_id, flavor,
                      min_count, max_count):
    """How many of ``max_count`` servers of ``flavor`` fit the limits of
    ``guard`` (``instance_guard``) now; TooManyInstances (403) if not
    even ``min_count`` do."""
    if guard is None:
        return max_count
    allowed = max_count
    over = None
    with base.one_read(context):  # the project's usage and the user's
        for scope, owner in (('project', None), ('user', user_id)):
            used = db.usage(context, project_id, owner)
            for resource, per_server in instance_deltas(flavor).items():
                room = _room(guard[scope][resource], used[resource],
                             per_server)
                if room is not None and room < allowed:
                    allowed = room
            over = over or _over(guard[scope], used,
                                 instance_deltas(flavor, max_count))
    if allowed >= min_count:
        return allowed
    raise too_many(over, instance_deltas(flavor, max_count))


def check_resize(conf, context, instance, flavor):
    """TooManyInstances (403) if growing the server to ``flavor`` would
    pass its project's or user's cores or ram limit (counted now, as
    Nova counts an upsize; a downsize is never refused)."""
    deltas = {'cores': flavor.vcpus - instance.flavor.vcpus,
              'ram': flavor.memory_mb - instance.flavor.memory_mb}
    deltas = {r: d for r, d in deltas.items() if d > 0}
    if not deltas:
        return
    project, user = _project_and_user(conf, context, instance.project_id,
                                      instance.user_id)
    for limits_, owner in ((project, None), (user, instance.user_id)):
        over = _over(limits_, db.usage(context, instance.project_id, owner),
                     deltas)
        if over is not None:
            raise too_many(over, deltas)


def _room(limit, used, per_server):
    """How many more servers fit one resource's limit (None: no limit)."""
    if limit < 0 or per_server == 0:
        return None
    return max(0, (limit - used) // per_server)


def _over(limits_, used, deltas):
    overs = sorted(r for r, d in deltas.items()
                   if 0 <= limits_[r] < used[r] + d)
    return exception.OverQuota(overs=overs, usages=used,
                               quotas=limits_) if overs else None


def too_many(over, requested):
    """Nova's 403 for an OverQuota of a create: "Quota exceeded for cores:
    Requested 4, but already used 10 of 12 cores"."""
    overs = over.kwargs['overs']
    used, quotas = over.kwargs['usages'], over.kwargs['quotas']
    return exception.TooManyInstances(
        overs=', '.join(overs),
        req=', '.join(str(requested[r]) for r in overs),
        used=', '.join(str(used[r]) for r in overs),
        allowed=', '.join(str(quotas[r]) for r in overs))
