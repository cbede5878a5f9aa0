# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Exceptions with an HTTP code and a message template.

The API's fault wrapper turns any of these into Nova's error body, so a
handler only raises; it never builds an error response by hand.
"""


class NovaLiteException(Exception):
    msg_fmt = 'An unknown exception occurred.'
    code = 500

    def __init__(self, message=None, **kwargs):
        self.kwargs = kwargs
        if message is None:
            message = self.msg_fmt % kwargs
        self.message = message
        super().__init__(message)

    def format_message(self):
        return self.message


class Invalid(NovaLiteException):
    msg_fmt = 'Invalid input: %(reason)s'
    code = 400


class ValidationError(Invalid):
    msg_fmt = '%(detail)s'


class PciInvalidAlias(Invalid):
    msg_fmt = 'Invalid PCI alias definition: %(reason)s'


class PciRequestAliasNotDefined(Invalid):
    msg_fmt = 'PCI alias %(alias)s is not defined'


class NotFound(NovaLiteException):
    msg_fmt = 'Resource could not be found.'
    code = 404


class Conflict(NovaLiteException):
    msg_fmt = 'Conflict: %(reason)s'
    code = 409


class Unauthorized(NovaLiteException):
    msg_fmt = 'Unauthorized.'
    code = 401


class Forbidden(NovaLiteException):
    msg_fmt = "Policy doesn't allow %(action)s to be performed."
    code = 403


class ImageTagLimitExceeded(NovaLiteException):
    msg_fmt = 'Maximum number of tags exceeded: an image holds %(limit)d.'
    code = 413


class ImportFailed(NovaLiteException):
    msg_fmt = 'The import failed: %(reason)s'


class ImageTooLarge(NovaLiteException):
    msg_fmt = ('The provided image is too large: the limit is %(limit)d '
               'bytes.')
    code = 413


class FlavorNotFound(NotFound):
    msg_fmt = 'Flavor %(flavor_id)s could not be found.'


class FlavorExtraSpecNotFound(NotFound):
    msg_fmt = ('Flavor %(flavor_id)s has no extra specs with key '
               '%(key)s.')


class FlavorExists(Conflict):
    msg_fmt = 'Flavor with %(field)s %(value)s already exists.'


class InstanceNotFound(NotFound):
    msg_fmt = 'Instance %(instance_id)s could not be found.'


class InstanceExtraNotFound(NotFound):
    msg_fmt = 'Instance %(instance_uuid)s has no extra record.'


class RequestSpecNotFound(NotFound):
    msg_fmt = 'RequestSpec not found for instance %(instance_uuid)s.'


class ComputeHostNotFound(NotFound):
    msg_fmt = 'Compute host %(host)s could not be found.'


class TaskLogExists(Conflict):
    msg_fmt = 'Task %(task_name)s has run or is running on %(host)s.'


class HostNotFound(NotFound):
    msg_fmt = 'Host %(host)s could not be found.'


class NotSupportedByDriver(NovaLiteException):
    """What a host's virt driver cannot do (os-hosts' power and
    maintenance actions): Nova's 501 with the libvirt driver."""
    code = 501
    msg_fmt = 'The requested functionality is not supported.'


class ServiceNotFound(NotFound):
    msg_fmt = 'Service %(service_id)s could not be found.'


class NoValidHost(NovaLiteException):
    msg_fmt = 'No valid host: %(reason)s'


class ResourceMonitorError(NovaLiteException):
    msg_fmt = ('Error when retrieving resource metrics of monitor '
               '%(monitor)s: %(reason)s')


class ComputeHostMetricNotFound(NovaLiteException):
    msg_fmt = ('Metric %(name)s could not be found on the compute host '
               'node %(host)s.%(node)s.')


class ComputeResourcesUnavailable(NovaLiteException):
    msg_fmt = 'Insufficient compute resources: %(reason)s.'


class HypervisorUnavailable(NovaLiteException):
    msg_fmt = 'Connection to the hypervisor is broken on host: %(host)s'


class InstanceSpawnError(NovaLiteException):
    msg_fmt = 'Spawning instance %(instance_uuid)s failed: %(reason)s'


class ConfigInvalid(NovaLiteException):
    msg_fmt = 'Invalid configuration: %(reason)s'


class BuildInterrupted(NovaLiteException):
    msg_fmt = ('The build was interrupted: the conductor on %(host)s that '
               'was scheduling it stopped.')


class BuildRequestLost(NovaLiteException):
    msg_fmt = ('The build request was lost: the instance had no host after '
               '%(seconds)d s.')


class VersionNotFoundForAPIMethod(NotFound):
    msg_fmt = 'API version %(version)s is not supported on this method.'


class InvalidAPIVersion(NovaLiteException):
    msg_fmt = ('Version %(version)s is not supported by the API. Minimum is '
               '%(min_ver)s and maximum is %(max_ver)s.')
    code = 406


class MalformedAPIVersion(Invalid):
    msg_fmt = ('API Version String %(version)s is of invalid format. Must be '
               'of format MajorNum.MinorNum.')


class MarkerNotFound(Invalid):
    msg_fmt = 'marker [%(marker)s] not found'


class FlavorAccessExists(Conflict):
    msg_fmt = ('Flavor access already exists for flavor %(flavor_id)s and '
               'project %(project_id)s combination.')


class FlavorAccessNotFound(NotFound):
    msg_fmt = ('Flavor access not found for %(flavor_id)s / %(project_id)s '
               'combination.')


class UnsupportedMediaType(NovaLiteException):
    msg_fmt = 'Unsupported Content-Type %(content_type)s: send JSON.'
    code = 415


class TagNotFound(NotFound):
    msg_fmt = 'Tag %(tag)s could not be found on server %(resource_id)s.'


class TooManyTags(Invalid):
    msg_fmt = ('A server may have at most %(limit)d tags; this would give '
               'it %(count)d.')


class InstanceInvalidState(Conflict):
    msg_fmt = ("Cannot '%(action)s' instance %(instance_uuid)s while it is "
               "in %(attr)s %(state)s")


class UnshelveInstanceInvalidState(Conflict):
    msg_fmt = ('Specifying an availability zone or a host when unshelving '
               'server "%(instance_uuid)s" with status "%(state)s" is not '
               'supported. The server status must be SHELVED_OFFLOADED.')


class ServerZoneNotCurrent(Invalid):
    msg_fmt = ('Server %(uuid)s can only be pinned to the availability '
               'zone it is in, %(current)s, not %(zone)s.')


class UnshelveHostNotInAZ(Conflict):
    msg_fmt = ('Host "%(host)s" is not in the availability zone '
               '"%(availability_zone)s".')


class ComputeHostDown(Conflict):
    msg_fmt = 'The compute service on host %(host)s is down.'


class ComputeTooOld(Conflict):
    msg_fmt = ("The compute service on host %(host)s is too old for "
               "'%(action)s'; upgrade it first.")


class InstanceIsLocked(Conflict):
    msg_fmt = 'Instance %(instance_uuid)s is locked'


class ServiceInUse(Conflict):
    msg_fmt = ('Service %(service_id)s on host %(host)s still has '
               '%(count)d servers; delete them first.')


# Placement. ``error_code`` is Placement's machine-readable code, sent in
# the ``errors[].code`` of its error bodies.

class PlacementError(NovaLiteException):
    error_code = 'placement.undefined_code'


class ResourceProviderNotFound(PlacementError, NotFound):
    msg_fmt = 'No resource provider with uuid %(uuid)s found'


class ResourceProviderExists(PlacementError, Conflict):
    error_code = 'placement.duplicate_name'
    msg_fmt = ('Conflicting resource provider %(field)s: %(value)s already '
               'exists.')


class ResourceProviderInUse(PlacementError, Conflict):
    error_code = 'placement.resource_provider.inuse'
    msg_fmt = 'Unable to delete resource provider %(uuid)s: %(reason)s'


class ResourceProviderHasChildren(PlacementError, Conflict):
    error_code = 'placement.resource_provider.cannot_delete_parent'
    msg_fmt = ('Unable to delete parent resource provider %(uuid)s: It has '
               'child resource providers.')


class ResourceProviderGenerationConflict(PlacementError, Conflict):
    error_code = 'placement.concurrent_update'
    msg_fmt = 'resource provider generation conflict'


class ConcurrentUpdate(PlacementError, Conflict):
    """Writers raced for the same providers or consumer; retried, then
    reported."""
    error_code = 'placement.concurrent_update'
    msg_fmt = '%(detail)s'


class ConsumerGenerationConflict(PlacementError, Conflict):
    error_code = 'placement.concurrent_update'
    # expected: the consumer's generation (null: none yet); got: the
    # client's.
    msg_fmt = ('consumer generation conflict - expected %(expected)s but '
               'got %(got)s')


class InventoryInUse(PlacementError, Conflict):
    error_code = 'placement.inventory.inuse'
    msg_fmt = ("Inventory for '%(resource_class)s' on resource provider "
               "'%(uuid)s' in use.")


class InvalidAllocation(PlacementError, Invalid):
    msg_fmt = '%(detail)s'


class AllocationRefused(PlacementError, Conflict):
    """The provider exists but its inventory cannot take the amount (no
    such class, or min_unit, max_unit, step_size): Placement's 409."""
    msg_fmt = '%(detail)s'


class CapacityExceeded(PlacementError, Conflict):
    msg_fmt = ('Unable to allocate inventory: Unable to create allocation '
               'for \'%(resource_class)s\' on resource provider '
               '\'%(uuid)s\'. The requested amount would exceed the '
               'capacity.')


class ResourceClassNotFound(PlacementError, NotFound):
    msg_fmt = 'No such resource class %(name)s.'


class ResourceClassExists(PlacementError, Conflict):
    msg_fmt = 'Resource class %(name)s already exists.'


class ResourceClassInUse(PlacementError, Conflict):
    msg_fmt = 'Unable to delete resource class %(name)s: it is in use.'


class TraitExists(PlacementError, Conflict):
    msg_fmt = 'The trait %(name)s already exists.'


class TraitNotFound(PlacementError, NotFound):
    msg_fmt = 'No such trait(s): %(names)s.'


class TraitInUse(PlacementError, Conflict):
    msg_fmt = 'The trait %(name)s is in use by a resource provider.'


class PlacementBadRequest(PlacementError, Invalid):
    msg_fmt = '%(detail)s'


class PlacementNotAcceptable(PlacementError):
    msg_fmt = '%(detail)s'
    code = 406


class PlacementUnsupportedMediaType(PlacementError):
    msg_fmt = '%(detail)s'
    code = 415


class PlacementMethodNotAllowed(PlacementError):
    msg_fmt = 'The method %(method)s is not allowed for this resource.'
    code = 405


class InvalidInventoryCapacity(PlacementError, Invalid):
    msg_fmt = ("Invalid inventory for '%(resource_class)s' on resource "
               "provider '%(uuid)s'. The reserved value is greater "
               "%(than)s total.")


class InventoryExists(PlacementError, Conflict):
    # Placement says "Update conflict: " and its database's own error;
    # the words after the prefix are ours.
    msg_fmt = ('Update conflict: Inventory for %(resource_class)s on '
               'resource provider %(uuid)s already exists.')


# The image service.

class ImageNotFound(NotFound):
    msg_fmt = 'Image %(image_id)s could not be found.'


class ImageExists(Conflict):
    msg_fmt = 'Image with identifier %(image_id)s already exists!'


class ImageTaskNotFound(NotFound):
    msg_fmt = 'Task with the given id %(task_id)s was not found'


class ImageMemberNotFound(NotFound):
    msg_fmt = 'Member %(member)s not found for image %(image_id)s.'


class ImageMemberExists(Conflict):
    msg_fmt = ('Member %(member)s already associated with image '
               '%(image_id)s.')


class ImageStatusConflict(Conflict):
    msg_fmt = 'Image %(image_id)s is %(status)s; it cannot change now.'


class ImageNotActive(Invalid):
    msg_fmt = 'Image %(image_id)s is not active.'


class ImageUnacceptable(NovaLiteException):
    msg_fmt = 'Image %(image_id)s is unacceptable: %(reason)s'


class MetadataLimitExceeded(Forbidden):
    msg_fmt = 'Maximum number of metadata items exceeds %(allowed)d'


class MetadataItemNotFound(NotFound):
    msg_fmt = 'Metadata item was not found'


class OnsetFileLimitExceeded(Forbidden):
    msg_fmt = 'Personality file limit exceeded'


class OnsetFilePathLimitExceeded(Forbidden):
    msg_fmt = 'Personality file path exceeds maximum %(allowed)s'


class OnsetFileContentLimitExceeded(Forbidden):
    msg_fmt = 'Personality file content exceeds maximum %(allowed)s'


class OverQuota(Forbidden):
    """``overs``: the resources over; ``usages`` and ``quotas``: what was
    counted and the limits it was held to."""
    msg_fmt = 'Quota exceeded for resources: %(overs)s'


class InstanceGroupNotFound(NotFound):
    msg_fmt = 'Instance group %(group_uuid)s could not be found.'


class GroupPolicyViolation(Conflict):
    msg_fmt = ('The %(policy)s policy of server group %(group_uuid)s '
               'refuses this host: %(reason)s')


class AggregateNotFound(NotFound):
    msg_fmt = 'Aggregate %(aggregate_id)s could not be found.'


class AggregateNameExists(Conflict):
    msg_fmt = 'Aggregate %(aggregate_name)s already exists.'


class AggregateHostExists(Conflict):
    msg_fmt = 'Aggregate %(aggregate_id)s already has host %(host)s.'


class AggregateHostNotFound(NotFound):
    msg_fmt = 'Cannot remove host %(host)s in aggregate %(aggregate_id)s'


class InvalidAggregateActionAdd(Conflict):
    """409: adding a host conflicts with the zone it is in."""
    msg_fmt = ('Cannot add host to aggregate %(aggregate_id)s. '
               'Reason: %(reason)s.')


class InvalidAggregateActionDelete(Invalid):
    msg_fmt = ('Cannot remove aggregate %(aggregate_id)s. '
               'Reason: %(reason)s.')


class InvalidAggregateActionUpdate(Invalid):
    msg_fmt = ('Cannot update aggregate %(aggregate_id)s. '
               'Reason: %(reason)s.')


class InvalidAggregateActionUpdateMeta(Invalid):
    msg_fmt = ('Cannot update metadata of aggregate %(aggregate_id)s. '
               'Reason: %(reason)s.')


class QuotaLockMissing(NovaLiteException):
    msg_fmt = 'Project %(project_id)s has no quota lock row.'


class TooManyInstances(Forbidden):
    msg_fmt = ('Quota exceeded for %(overs)s: Requested %(req)s, but '
               'already used %(used)s of %(allowed)s %(overs)s')


class KeypairLimitExceeded(Forbidden):
    msg_fmt = 'Quota exceeded, too many key pairs.'


class InvalidKeypair(Invalid):
    msg_fmt = 'Keypair data is invalid: %(reason)s'


class KeyPairExists(Conflict):
    msg_fmt = "Key pair '%(key_name)s' already exists."


class KeypairNotFound(NotFound):
    msg_fmt = 'Keypair %(name)s not found for user %(user_id)s'


class InstanceActionNotFound(NotFound):
    msg_fmt = ('Action for request_id %(request_id)s on instance '
               '%(instance_uuid)s not found')


class NetworkNotMember(NotFound):
    msg_fmt = 'Instance is not a member of specified network'


class ComputeServiceUnavailable(Invalid):
    msg_fmt = 'Compute service of %(host)s is unavailable at this time.'


class SnapshotFailed(NovaLiteException):
    msg_fmt = 'Snapshot of instance %(instance_uuid)s failed: %(reason)s'


class ServiceNotDeployed(Invalid):
    """A request that needs a service this deployment does not run."""
    msg_fmt = ('%(what)s needs the %(service)s service, which this '
               'deployment does not have.')


class NetworkExhausted(NovaLiteException):
    """Not the host's doing: another host would find none either."""
    msg_fmt = 'No fixed address is left on network %(network)s.'
    reschedule = False


class NoServiceNetworkOnPhysicalNetwork(NovaLiteException):
    msg_fmt = ('%(vnic)s is on physical network %(physical_network)s, '
               'where the network service has no network that project '
               '%(project_id)s may use.')
    reschedule = False


class NoNetworkOnPhysicalNetwork(NovaLiteException):
    msg_fmt = ('%(vnic)s is on physical network %(physical_network)s, '
               'where no network is declared ([networks] network).')
    reschedule = False


class Gone(NovaLiteException):
    """An API that worked only with nova-network, answered as Nova does
    since it removed it."""
    msg_fmt = ('This resource is no longer available.  No forwarding '
               'address is given.')
    code = 410


class NetworkNotFound(NotFound):
    msg_fmt = 'Network not found'


class MigrationNotFound(NotFound):
    msg_fmt = 'Migration %(migration_id)s could not be found.'


class MigrationNotFoundForInstance(NotFound):
    msg_fmt = ('Migration %(migration_id)s not found for instance '
               '%(instance_id)s')


class MigrationMarkerNotFound(Invalid):
    msg_fmt = 'Marker %(marker)s could not be found.'


class MigrationNotFoundByStatus(NotFound):
    msg_fmt = ('Instance %(instance_id)s has no migration in status '
               '%(status)s')


class CannotResizeToSameFlavor(Invalid):
    msg_fmt = 'When resizing, instances must change flavor!'


class CannotResizeDisk(Invalid):
    msg_fmt = 'Server disk was unable to be resized because: %(reason)s'


class FlavorMemoryTooSmall(Invalid):
    msg_fmt = "Flavor's memory is too small for requested image."


class FlavorDiskSmallerThanImage(Invalid):
    msg_fmt = ("Flavor's disk is too small for requested image. Flavor "
               "disk is %(flavor_size)i bytes, image is %(image_size)i "
               "bytes.")


class FlavorDiskSmallerThanMinDisk(Invalid):
    msg_fmt = ("Flavor's disk is smaller than the minimum size specified "
               "in image metadata. Flavor disk is %(flavor_size)i bytes, "
               "minimum size is %(image_min_disk)i bytes.")


class CannotMigrateToSameHost(Invalid):
    msg_fmt = 'Cannot migrate to the host where the server exists.'


class ResizeError(NovaLiteException):
    msg_fmt = 'Resize error: %(reason)s'


class UnableToMigrateToSelf(Invalid):
    msg_fmt = ('Unable to migrate instance (%(instance_id)s) to current host '
               '(%(host)s).')


class MigrationPreCheckError(Invalid):
    msg_fmt = 'Migration pre-check error: %(reason)s'


class InvalidMigrationState(Invalid):
    msg_fmt = ('Migration %(migration_id)s state of instance '
               '%(instance_uuid)s is %(state)s. Cannot %(method)s while the '
               'migration is in this state.')


class ComputeServiceInUse(Invalid):
    msg_fmt = 'Compute service of %(host)s is still in use.'


class LiveMigrationFailed(NovaLiteException):
    msg_fmt = 'Live migration failed: %(reason)s'


class EvacuationFailed(NovaLiteException):
    msg_fmt = 'Evacuation failed: %(reason)s'


class RebuildFailed(NovaLiteException):
    msg_fmt = 'Rebuild failed: %(reason)s'


class LiveMigrationAborted(LiveMigrationFailed):
    """An abort (DELETE of the migration) stopped it: the guest runs on
    its source and the migration is cancelled, not in error."""
    msg_fmt = 'Live migration was aborted: %(reason)s'


class VirtualInterfaceCreateException(NovaLiteException):
    """A port that was not wired: the build is aborted, not rescheduled,
    as Nova aborts it."""
    msg_fmt = ('Virtual Interface creation failed for instance '
               '%(instance_uuid)s: %(reason)s')
    reschedule = False


class ImageServiceUnavailable(NovaLiteException):
    msg_fmt = 'The image service is unavailable: %(reason)s'
    code = 503


class NetworkServiceUnavailable(NovaLiteException):
    msg_fmt = 'The network service is unavailable: %(reason)s'
    code = 503


class NetworkServiceError(NovaLiteException):
    """The network service refused a request of ours: its refusal (a
    4xx) is the caller's to see, its failure a 503 of ours."""
    msg_fmt = '%(method)s %(path)s: the network service answered ' \
              '%(status)s: %(reason)s'
    reschedule = False

    def __init__(self, message=None, **kwargs):
        super().__init__(message, **kwargs)
        status = kwargs.get('status') or 0
        self.code = status if 400 <= status < 500 else 503


class FixedIpAlreadyInUse(Conflict):
    msg_fmt = ('Fixed IP address %(address)s is already in use on instance '
               '%(instance_uuid)s.')
    reschedule = False


class PortNotFound(Invalid):
    msg_fmt = 'Port id %(port_id)s could not be found.'


class RequestedNetworkNotFound(Invalid):
    """A create's network that does not exist or is not the project's:
    400, as Nova answers (its NetworkNotFound at the create)."""
    msg_fmt = 'Network %(network_id)s could not be found.'


class PortInUse(Conflict):
    msg_fmt = 'Port %(port_id)s is still in use.'


class NetworkAmbiguous(Conflict):
    msg_fmt = ('Multiple possible networks found, use a Network ID to be '
               'more specific.')


class UnableToAutoAllocateNetwork(Invalid):
    msg_fmt = ('Unable to automatically allocate a network for project '
               '%(project_id)s')


class PortResourcesNotAllocated(NovaLiteException):
    msg_fmt = ('The server\'s allocation holds no provider for the '
               'resource request groups %(groups)s of its ports.')
    reschedule = False


class AttachInterfaceWithQoSPolicyNotSupported(Invalid):
    msg_fmt = ('Attaching interfaces with QoS policy is not supported for '
               'instance %(instance_uuid)s.')


class PortBindingFailed(NovaLiteException):
    msg_fmt = ('Binding failed for port %(port_id)s, please check neutron '
               'logs for more information.')
    reschedule = True


class InterfaceAttachFailed(NovaLiteException):
    """Nova answers its attach failures with 500 and these words."""
    msg_fmt = ('Failed to attach network adapter device to '
               '%(instance_uuid)s')


class SecurityGroupNotFound(Invalid):
    """A create's security group that the project does not have: 400,
    as Nova answers it there."""
    msg_fmt = 'Security group %(security_group_id)s not found.'


class NoUniqueMatch(Conflict):
    msg_fmt = '%(message)s'


class MetadefNamespaceNotFound(NotFound):
    msg_fmt = 'Metadata definition namespace=%(namespace)s was not found.'


class MetadefNamespaceExists(Conflict):
    msg_fmt = ('The metadata definition namespace=%(namespace)s already '
               'exists.')


class MetadefProtected(Forbidden):
    msg_fmt = ('Metadata definition namespace %(namespace)s is protected '
               'and cannot be deleted.')


class MetadefObjectNotFound(NotFound):
    msg_fmt = ('The metadata definition object with name=%(name)s was not '
               'found in namespace=%(namespace)s.')


class MetadefObjectExists(Conflict):
    msg_fmt = ('A metadata definition object with name=%(name)s already '
               'exists in namespace=%(namespace)s.')


class MetadefPropertyNotFound(NotFound):
    msg_fmt = ('The metadata definition property with name=%(name)s was '
               'not found in namespace=%(namespace)s.')


class MetadefPropertyExists(Conflict):
    msg_fmt = ('A metadata definition property with name=%(name)s already '
               'exists in namespace=%(namespace)s.')


class MetadefTagNotFound(NotFound):
    msg_fmt = ('The metadata definition tag with name=%(name)s was not '
               'found in namespace=%(namespace)s.')


class MetadefTagExists(Conflict):
    msg_fmt = ('A metadata tag with name=%(name)s already exists in '
               'namespace=%(namespace)s.')


class MetadefAssociationNotFound(NotFound):
    msg_fmt = ('The metadata definition resource-type association of '
               'resource-type=%(name)s to namespace=%(namespace)s, was not '
               'found.')


class MetadefAssociationExists(Conflict):
    msg_fmt = ('The metadata definition resource-type association of '
               'resource-type=%(name)s to namespace=%(namespace)s already '
               'exists.')


class ConsoleTypeUnavailable(Invalid):
    msg_fmt = 'Unavailable console type %(console_type)s.'


class ConsoleTypeInvalid(Invalid):
    msg_fmt = 'Invalid console type %(console_type)s'


class InstanceNotReady(Conflict):
    msg_fmt = 'Instance %(instance_id)s is not ready'


class SocketPortRangeExhausted(Invalid):
    msg_fmt = 'Not able to acquire a free port for %(host)s'


class InvalidToken(Invalid):
    msg_fmt = 'The token is invalid or has expired'


# What each kind of metadata definition record is missing or repeated as.
METADEF_NOT_FOUND = {'object': MetadefObjectNotFound,
                     'property': MetadefPropertyNotFound,
                     'tag': MetadefTagNotFound,
                     'resource_type': MetadefAssociationNotFound}
METADEF_EXISTS = {'object': MetadefObjectExists,
                  'property': MetadefPropertyExists,
                  'tag': MetadefTagExists,
                  'resource_type': MetadefAssociationExists}
