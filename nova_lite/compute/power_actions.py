# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The power actions on a server's guest, as a table: stop, start,
reboot (soft or hard), pause and unpause, suspend and resume.

Each is the same five steps with other names: the API has set the
action's task state; the compute runs the driver's call, then saves the
server in the action's vm state (or where it was, if the call failed:
the reason is in the log and the action's event), its power state as
the guest now reports it, and no task.
"""
import typing

from oslo_log import log as logging

from nova_lite.compute import operations
from nova_lite.notifications import events
from nova_lite.objects import fields

LOG = logging.getLogger(__name__)
_T = fields.TaskState
_V = fields.VMState


class Action(typing.NamedTuple):
    task_state: str
    vm_state: str
    event: str
    # act(driver, instance, shutdown timeout)
    act: typing.Callable
    # Its notifications: instance.<notified>.start|end|error
    notified: str


ACTIONS = {
    'stop': Action(_T.POWERING_OFF, _V.STOPPED, 'compute_stop_instance',
                   lambda driver, i, timeout: driver.power_off(i, timeout),
                   'power_off'),
    'start': Action(_T.POWERING_ON, _V.ACTIVE, 'compute_start_instance',
                    lambda driver, i, timeout: driver.power_on(i),
                    'power_on'),
    'reboot SOFT': Action(
        _T.REBOOTING, _V.ACTIVE, 'compute_reboot_instance',
        lambda driver, i, timeout: driver.reboot(i, 'SOFT', timeout),
        'reboot'),
    'reboot HARD': Action(
        _T.REBOOTING_HARD, _V.ACTIVE, 'compute_reboot_instance',
        lambda driver, i, timeout: driver.reboot(i, 'HARD', timeout),
        'reboot'),
    'pause': Action(_T.PAUSING, _V.PAUSED, 'compute_pause_instance',
                    lambda driver, i, timeout: driver.pause(i), 'pause'),
    'unpause': Action(_T.UNPAUSING, _V.ACTIVE, 'compute_unpause_instance',
                      lambda driver, i, timeout: driver.unpause(i),
                      'unpause'),
    'suspend': Action(_T.SUSPENDING, _V.SUSPENDED,
                      'compute_suspend_instance',
                      lambda driver, i, timeout: driver.suspend(i),
                      'suspend'),
    'resume': Action(_T.RESUMING, _V.ACTIVE, 'compute_resume_instance',
                     lambda driver, i, timeout: driver.resume(i), 'resume'),
}


def reboot_action(reboot_type):
    """The table's name of a reboot: a hard one unless asked soft."""
    return 'reboot SOFT' if reboot_type == 'SOFT' else 'reboot HARD'


class PowerActions:

    def __init__(self, conf, driver, operations):
        self.conf = conf
        self.driver = driver
        self.operations = operations

    def run(self, name, context, instance):
        """Run the action ``ACTIONS[name]`` the API set the task state
        of."""
        action = ACTIONS[name]
        with self.operations.recorded(context, instance,
                                      action.event) as outcome:
            if not operations.still_asked(context, instance,
                                          action.task_state):
                return
            self._notify(context, instance, action, 'start')
            with operations.failure_noted(outcome, action.task_state,
                                          instance, self.operations.host):
                action.act(self.driver, instance,
                           self.conf.compute.shutdown_timeout)
                instance.vm_state = action.vm_state
            instance.power_state = self.driver.get_power_state(instance)
            operations.end_task(instance, action.task_state)
            self._notify(context, instance, action,
                         'error' if outcome.error else 'end', outcome.error)

    def _notify(self, context, instance, action, phase, error=None):
        events.instance_action(self.conf, context, instance,
                               self.operations.host, action.notified,
                               phase, error)

    def trigger_crash_dump(self, context, instance):
        """No task state: the server stays as it is; a failure is in the
        log and the action's event."""
        with self.operations.recorded(
                context, instance, 'compute_trigger_crash_dump') as outcome:
            with operations.failure_noted(outcome, 'crash dump', instance,
                                          self.operations.host):
                self.driver.trigger_crash_dump(instance)


def power_back(driver, instance, power_state):
    """Start the guest again if it ran (``power_state``) before a step
    that stopped it failed."""
    if power_state == fields.PowerState.RUNNING:
        try:
            driver.power_on(instance)
        except Exception as e:
            LOG.error('could not start %s again: %s', instance.uuid, e)
