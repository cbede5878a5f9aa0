# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Client side of the conductor's RPC API.

Version history:

* 1.0 - Initial version: build_instances
* 1.1 - object_class_action_versions, object_action,
        object_backport_versions: the conductor runs object methods for
        services that have no database
* 1.2 - ping: a compute that starts before any conductor answers waits
        for one instead of losing its first calls
* 1.3 - unshelve_instance: schedule an offloaded shelved server again;
        build_together: the servers of one request, all or none
* 1.4 - migrate_server: a resize or cold migration, scheduled before
        the call returns (a request that finds no host is answered so);
        live_migrate_instance (a call, or a cast from API 2.34 on) and
        evacuate_instance (a cast)
* 1.5 - live_migrate_instance and evacuate_instance take ``force``: the
        named host is not checked by the scheduler's filters
* 1.6 - migrate_server, live_migrate_instance and evacuate_instance take
        the ``migration`` the API recorded before it answered
* 1.7 - evacuate_instance takes ``target_state``: 'stopped' leaves the
        server stopped on its new host (API 2.95)
"""
from oslo_log import log as logging
import oslo_messaging as messaging
from oslo_versionedobjects import base as ovo_base

from nova_lite import exception
from nova_lite.objects import request_spec as request_spec_obj
from nova_lite import rpc

LOG = logging.getLogger(__name__)
TOPIC = 'conductor'


class ConductorAPI(ovo_base.VersionedObjectIndirectionAPI):

    VERSION = '1.7'

    def __init__(self, conf, version_cap=None):
        target = messaging.Target(topic=TOPIC, version=self.VERSION)
        if version_cap is None:
            version_cap = conf.upgrade_levels.conductor
        self.client = rpc.get_client(conf, target, version_cap=version_cap)

    def wait_until_ready(self, context, stop, timeout=10):
        """Return once a conductor answers, or when ``stop`` is set.

        A call made while no conductor has declared its queue is dropped
        by the broker: a compute started first would otherwise wait out
        the full RPC timeout on its first object call and give up.
        """
        if not self.client.can_send_version('1.2'):
            return  # a conductor of the release before cannot answer
        cctxt = self.client.prepare(version='1.2', timeout=timeout)
        attempt = 0
        while not stop.is_set():
            try:
                cctxt.call(context, 'ping')
                return
            except messaging.MessagingTimeout:
                attempt += 1
                LOG.warning('no conductor answered within %d s (attempt '
                            '%d): is nova-lite-conductor running? Trying '
                            'again', timeout, attempt)

    def check_unshelve_supported(self):
        """ComputeTooOld (409) while conductors are capped below 1.3."""
        if not self.client.can_send_version('1.3'):
            raise exception.ComputeTooOld(host='conductor',
                                          action='unshelve')

    def unshelve_instance(self, context, instance, request_spec):
        """Schedule an offloaded server again."""
        self.client.prepare(version='1.3').cast(
            context, 'unshelve_instance', instance=instance,
            request_spec=request_spec)

    def build_together(self, context, instances):
        """Schedule the servers of one request, all or none; one at a time
        while conductors are capped below 1.3 (a rolling upgrade)."""
        if not self.client.can_send_version('1.3'):
            for instance in instances:
                spec = request_spec_obj.RequestSpec.get_by_instance_uuid(
                    context, instance.uuid)
                self.build_instances(context, instance, spec)
            return
        self.client.prepare(version='1.3').cast(
            context, 'build_together', instances=instances)

    def check_move_supported(self, action):
        """ComputeTooOld (409) while conductors are capped below 1.4."""
        if not self.client.can_send_version('1.4'):
            raise exception.ComputeTooOld(host='conductor', action=action)

    def takes_migration(self):
        """Whether conductors take the migration the API records (1.6);
        those of the release before record their own."""
        return self.client.can_send_version('1.6')

    def migrate_server(self, context, instance, flavor, host=None,
                       migration=None):
        """Schedule a resize (to ``flavor``) or cold migration (the
        server's own flavor; to ``host`` if given) and start it; returns
        once the destination is claimed. NoValidHost if there is none."""
        cctxt, extra = self._move_arguments(False, migration)
        cctxt.call(context, 'migrate_server', instance=instance,
                   flavor=flavor, host=host, **extra)

    def live_migrate_instance(self, context, instance, host=None,
                              block_migration=False, wait=True,
                              force=False, migration=None):
        """With ``wait``, returns once the destination is claimed and
        checked (NoValidHost, MigrationPreCheckError otherwise)."""
        cctxt, extra = self._move_arguments(force, migration)
        (cctxt.call if wait else cctxt.cast)(
            context, 'live_migrate_instance', instance=instance, host=host,
            block_migration=block_migration, **extra)

    def check_evacuate_stopped_supported(self):
        """ComputeTooOld (409) while conductors are capped below 1.7."""
        if not self.client.can_send_version('1.7'):
            raise exception.ComputeTooOld(host='conductor',
                                          action='evacuate')

    def evacuate_instance(self, context, instance, host=None, force=False,
                          migration=None, target_state=None):
        cctxt, extra = self._move_arguments(force, migration)
        if target_state is not None:
            cctxt = self.client.prepare(version='1.7')
            extra['target_state'] = target_state
        cctxt.cast(context, 'evacuate_instance', instance=instance,
                   host=host, **extra)

    def _move_arguments(self, force, migration):
        """The client context and arguments of a move: conductors capped
        below 1.5 schedule a forced host unforced, below 1.6 record the
        migration themselves (the API records none for them)."""
        extra = {}
        version = '1.4'
        if force and self.client.can_send_version('1.5'):
            extra['force'] = True
            version = '1.5'
        if migration is not None:
            extra['migration'] = migration
            version = '1.6'
        return self.client.prepare(version=version), extra

    def build_instances(self, context, instance, request_spec,
                        alternates=None, last_error=None):
        """Place and build an instance; with alternates, a reschedule."""
        cctxt = self.client.prepare(version='1.0')
        cctxt.cast(context, 'build_instances', instance=instance,
                   request_spec=request_spec, alternates=alternates,
                   last_error=last_error)

    def _call_until_answered(self, context, method, **kwargs):
        """An object call, sent again each time no conductor answers in
        time: a service with no database cannot go on without the answer
        (a build would be left half done), and a conductor that restarts
        answers again. A call that ran but whose answer was lost runs
        twice: a compare-and-swap save then fails the second time, which
        the caller treats as someone else's change."""
        cctxt = self.client.prepare(version='1.1')
        attempt = 0
        while True:
            try:
                return cctxt.call(context, method, **kwargs)
            except messaging.MessagingTimeout:
                attempt += 1
                LOG.warning('no conductor answered %s (attempt %d); '
                            'trying again', method, attempt)

    def object_class_action_versions(self, context, objname, objmethod,
                                     object_versions, args, kwargs):
        return self._call_until_answered(
            context, 'object_class_action_versions', objname=objname,
            objmethod=objmethod, object_versions=object_versions, args=args,
            kwargs=kwargs)

    def object_action(self, context, objinst, objmethod, args, kwargs):
        return self._call_until_answered(
            context, 'object_action', objinst=objinst, objmethod=objmethod,
            args=args, kwargs=kwargs)

    def object_backport_versions(self, context, objinst, object_versions):
        return self._call_until_answered(
            context, 'object_backport_versions', objinst=objinst,
            object_versions=object_versions)

    def object_class_action(self, context, objname, objmethod, objver,
                            args, kwargs):
        """Superseded by object_class_action_versions (1.1)."""
        raise NotImplementedError()
