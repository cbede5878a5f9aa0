"""MigrationContext: what a server holds on both ends of a move.

A move (resize, cold or live migration) claims the destination while the
source still holds the server's resources; the context carries both
claims, so that whichever side wins (confirm or revert) is known and the
other is freed. VietStack's are its vNIC requests with the NIC each was
given on the old and the new host.
"""
from nova_lite.objects import base
from nova_lite.objects import fields


@base.NovaLiteObjectRegistry.register
class MigrationContext(base.NovaLiteObject):
    # Version 1.0: Initial version
    VERSION = '1.0'

    fields = {
        'instance_uuid': fields.UUIDField(),
        'migration_id': fields.IntegerField(nullable=True),
        'old_vietstack': fields.ObjectField('InstanceVietStackRequest',
                                            nullable=True),
        'new_vietstack': fields.ObjectField('InstanceVietStackRequest',
                                            nullable=True),
    }
