# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The compute API's route table: method, path, handler, policy rule."""
from nova_lite.api.compute import aggregate_images
from nova_lite.api.compute import aggregates
from nova_lite.api.compute import availability_zones
from nova_lite.api.compute import console_auth_tokens
from nova_lite.api.compute import extensions
from nova_lite.api.compute import flavor_access
from nova_lite.api.compute import flavor_extra_specs as extra_specs
from nova_lite.api.compute import flavors
from nova_lite.api.compute import hosts
from nova_lite.api.compute import hypervisors
from nova_lite.api.compute import image_proxy as images
from nova_lite.api.compute import instance_actions
from nova_lite.api.compute import keypairs
from nova_lite.api.compute import limits
from nova_lite.api.compute import migrations
from nova_lite.api.compute import networks
from nova_lite.api.compute import openapi_doc
from nova_lite.api.compute import quota_classes
from nova_lite.api.compute import quota_sets
from nova_lite.api.compute import remote_consoles
from nova_lite.api.compute import server_actions
from nova_lite.api.compute import server_attachments as attachments
from nova_lite.api.compute import server_diagnostics
from nova_lite.api.compute import server_external_events
from nova_lite.api.compute import server_groups
from nova_lite.api.compute import server_interfaces as interfaces
from nova_lite.api.compute import server_ips
from nova_lite.api.compute import server_metadata
from nova_lite.api.compute import server_security_groups
from nova_lite.api.compute import server_shares
from nova_lite.api.compute import server_tags
from nova_lite.api.compute import servers
from nova_lite.api.compute import services
from nova_lite.api.compute import tenant_usage
from nova_lite.api.compute import usage_audit_log
from nova_lite.api.compute import versions
from nova_lite.api.compute import volumes_boot

_FLAVOR = '/flavors/{flavor_id}'
_SPECS = _FLAVOR + '/os-extra_specs'
_SERVER = '/servers/{server_id}'
_TAGS = _SERVER + '/tags'
_META = _SERVER + '/metadata'
_IA = _SERVER + '/os-instance-actions'
_KEYPAIR = '/os-keypairs/{keypair_name}'
_VOLUMES = _SERVER + '/os-volume_attachments'
_SHARES = _SERVER + '/shares'
_BOOT = '/os-volumes_boot'
_PORTS = _SERVER + '/os-interface'
_PASSWORD = _SERVER + '/os-server-password'
_QUOTA_SET = '/os-quota-sets/{tenant_id}'
_AGGREGATE = '/os-aggregates/{aggregate_id}'
_HOST = '/os-hosts/{host_name}'
_IMAGE = '/images/{image_id}'
_IMAGE_META = _IMAGE + '/metadata'
_R = 'os_compute_api:'

ROUTES = [
    ('GET', '/', versions.v21, None),
    ('GET', '/openapi.json', openapi_doc.show, None),
    ('GET', '/extensions', extensions.index, _R + 'extensions'),
    ('GET', '/extensions/{alias}', extensions.show, _R + 'extensions'),
    ('GET', '/flavors', flavors.index, _R + 'flavors:index'),
    ('GET', '/flavors/detail', flavors.detail, _R + 'flavors:detail'),
    ('POST', '/flavors', flavors.create, _R + 'os-flavor-manage:create'),
    ('GET', _FLAVOR, flavors.show, _R + 'flavors:show'),
    ('PUT', _FLAVOR, flavors.update, _R + 'os-flavor-manage:update'),
    ('DELETE', _FLAVOR, flavors.delete, _R + 'os-flavor-manage:delete'),
    ('GET', _FLAVOR + '/os-flavor-access', flavor_access.index,
     _R + 'os-flavor-access'),
    ('POST', _FLAVOR + '/action', flavor_access.action, None),
    ('GET', _SPECS, extra_specs.index, _R + 'os-flavor-extra-specs:index'),
    ('POST', _SPECS, extra_specs.create,
     _R + 'os-flavor-extra-specs:create'),
    ('GET', _SPECS + '/{key}', extra_specs.show,
     _R + 'os-flavor-extra-specs:show'),
    ('PUT', _SPECS + '/{key}', extra_specs.update,
     _R + 'os-flavor-extra-specs:update'),
    ('DELETE', _SPECS + '/{key}', extra_specs.delete,
     _R + 'os-flavor-extra-specs:delete'),
    ('GET', '/servers', servers.index, _R + 'servers:index'),
    ('GET', '/servers/detail', servers.detail, _R + 'servers:detail'),
    ('POST', '/servers', servers.create, _R + 'servers:create'),
    ('GET', _SERVER, servers.show, _R + 'servers:show'),
    ('PUT', _SERVER, servers.update, _R + 'servers:update'),
    ('DELETE', _SERVER, servers.delete, _R + 'servers:delete'),
    ('GET', _BOOT, volumes_boot.index, _R + 'servers:index'),
    ('GET', _BOOT + '/detail', volumes_boot.detail, _R + 'servers:detail'),
    ('POST', _BOOT, volumes_boot.create, _R + 'servers:create'),
    ('GET', _BOOT + '/{server_id}', volumes_boot.show,
     _R + 'servers:show'),
    ('PUT', _BOOT + '/{server_id}', volumes_boot.update,
     _R + 'servers:update'),
    ('DELETE', _BOOT + '/{server_id}', volumes_boot.delete,
     _R + 'servers:delete'),
    ('POST', _SERVER + '/action', server_actions.action, None),
    ('GET', _TAGS, server_tags.index, _R + 'os-server-tags:index'),
    ('PUT', _TAGS, server_tags.update_all,
     _R + 'os-server-tags:update_all'),
    ('DELETE', _TAGS, server_tags.delete_all,
     _R + 'os-server-tags:delete_all'),
    ('GET', _TAGS + '/{tag}', server_tags.show, _R + 'os-server-tags:show'),
    ('PUT', _TAGS + '/{tag}', server_tags.update,
     _R + 'os-server-tags:update'),
    ('DELETE', _TAGS + '/{tag}', server_tags.delete,
     _R + 'os-server-tags:delete'),
    ('GET', _META, server_metadata.index, _R + 'server-metadata:index'),
    ('POST', _META, server_metadata.create, _R + 'server-metadata:create'),
    ('PUT', _META, server_metadata.update_all,
     _R + 'server-metadata:update_all'),
    ('GET', _META + '/{key}', server_metadata.show,
     _R + 'server-metadata:show'),
    ('PUT', _META + '/{key}', server_metadata.update,
     _R + 'server-metadata:update'),
    ('DELETE', _META + '/{key}', server_metadata.delete,
     _R + 'server-metadata:delete'),
    ('POST', _SERVER + '/remote-consoles', remote_consoles.create,
     _R + 'os-remote-consoles'),
    ('GET', _VOLUMES, attachments.volumes,
     _R + 'os-volumes-attachments:index'),
    ('POST', _VOLUMES, attachments.attach_volume,
     _R + 'os-volumes-attachments:create'),
    ('GET', _VOLUMES + '/{volume_id}', attachments.volume,
     _R + 'os-volumes-attachments:show'),
    ('PUT', _VOLUMES + '/{volume_id}', attachments.swap_volume,
     _R + 'os-volumes-attachments:update'),
    ('DELETE', _VOLUMES + '/{volume_id}', attachments.detach_volume,
     _R + 'os-volumes-attachments:delete'),
    ('GET', _PORTS, interfaces.index, _R + 'os-attach-interfaces:list'),
    ('POST', _PORTS, interfaces.attach_interface,
     _R + 'os-attach-interfaces:create'),
    ('GET', _PORTS + '/{port_id}', interfaces.interface,
     _R + 'os-attach-interfaces:show'),
    ('DELETE', _PORTS + '/{port_id}', interfaces.detach_interface,
     _R + 'os-attach-interfaces:delete'),
    ('POST', '/os-server-external-events', server_external_events.create,
     _R + 'os-server-external-events:create'),
    ('GET', '/os-networks', networks.index, _R + 'os-networks:list'),
    ('GET', '/os-networks/{network_id}', networks.show,
     _R + 'os-networks:show'),
    ('POST', '/os-networks', networks.gone, None),
    ('POST', '/os-networks/add', networks.gone, None),
    ('DELETE', '/os-networks/{network_id}', networks.gone, None),
    ('POST', '/os-networks/{network_id}/action', networks.gone, None),
    ('GET', '/os-tenant-networks', networks.tenant_index,
     _R + 'os-tenant-networks:list'),
    ('GET', '/os-tenant-networks/{network_id}', networks.tenant_show,
     _R + 'os-tenant-networks:show'),
    ('POST', '/os-tenant-networks', networks.gone, None),
    ('DELETE', '/os-tenant-networks/{network_id}', networks.gone, None),
    ('GET', _SERVER + '/os-security-groups', server_security_groups.index,
     _R + 'os-security-groups:list'),
    ('GET', _SERVER + '/os-virtual-interfaces',
     attachments.virtual_interfaces, _R + 'os-virtual-interfaces'),
    ('GET', _PASSWORD, attachments.password,
     _R + 'os-server-password:show'),
    ('DELETE', _PASSWORD, attachments.clear_password,
     _R + 'os-server-password:clear'),
    ('GET', _SERVER + '/diagnostics', server_diagnostics.show,
     _R + 'os-server-diagnostics'),
    ('GET', _SHARES, server_shares.index, _R + 'os-server-shares:index'),
    ('POST', _SHARES, server_shares.attach, _R + 'os-server-shares:create'),
    ('GET', _SHARES + '/{share_id}', server_shares.show,
     _R + 'os-server-shares:show'),
    ('DELETE', _SHARES + '/{share_id}', server_shares.detach,
     _R + 'os-server-shares:delete'),
    ('GET', _SERVER + '/topology', attachments.topology,
     'compute:server:topology:index'),
    ('GET', _SERVER + '/ips', server_ips.index, _R + 'ips:index'),
    ('GET', _SERVER + '/ips/{network_label}', server_ips.show,
     _R + 'ips:show'),
    ('GET', _IA, instance_actions.index, _R + 'os-instance-actions:list'),
    ('GET', _IA + '/{request_id}', instance_actions.show,
     _R + 'os-instance-actions:show'),
    ('GET', '/limits', limits.index, _R + 'limits'),
    ('GET', '/os-simple-tenant-usage', tenant_usage.index, None),
    ('GET', '/os-simple-tenant-usage/{tenant_id}', tenant_usage.show, None),
    ('GET', '/os-aggregates', aggregates.index, _R + 'os-aggregates:index'),
    ('POST', '/os-aggregates', aggregates.create,
     _R + 'os-aggregates:create'),
    ('GET', _AGGREGATE, aggregates.show, _R + 'os-aggregates:show'),
    ('PUT', _AGGREGATE, aggregates.update, _R + 'os-aggregates:update'),
    ('DELETE', _AGGREGATE, aggregates.delete, _R + 'os-aggregates:delete'),
    ('POST', _AGGREGATE + '/action', aggregates.action, None),
    ('POST', _AGGREGATE + '/images', aggregate_images.cache,
     'compute:aggregates:images'),
    ('GET', '/os-availability-zone', availability_zones.index,
     _R + 'os-availability-zone:list'),
    ('GET', '/os-availability-zone/detail', availability_zones.detail,
     _R + 'os-availability-zone:detail'),
    ('GET', '/os-migrations', migrations.index, _R + 'os-migrations:index'),
    ('GET', _SERVER + '/migrations', migrations.server_index,
     _R + 'servers:migrations:index'),
    ('GET', _SERVER + '/migrations/{migration_id}', migrations.server_show,
     _R + 'servers:migrations:show'),
    ('POST', _SERVER + '/migrations/{migration_id}/action',
     migrations.force_complete, _R + 'servers:migrations:force_complete'),
    ('DELETE', _SERVER + '/migrations/{migration_id}', migrations.delete,
     _R + 'servers:migrations:delete'),
    ('GET', '/os-server-groups', server_groups.index, None),
    ('POST', '/os-server-groups', server_groups.create, None),
    ('GET', '/os-server-groups/{group_id}', server_groups.show, None),
    ('DELETE', '/os-server-groups/{group_id}', server_groups.delete, None),
    ('GET', _QUOTA_SET, quota_sets.show, None),
    ('PUT', _QUOTA_SET, quota_sets.update, None),
    ('DELETE', _QUOTA_SET, quota_sets.delete, None),
    ('GET', _QUOTA_SET + '/detail', quota_sets.detail, None),
    ('GET', _QUOTA_SET + '/defaults', quota_sets.defaults, None),
    ('GET', '/os-quota-class-sets/{class_id}', quota_classes.show, None),
    ('PUT', '/os-quota-class-sets/{class_id}', quota_classes.update, None),
    ('GET', '/os-keypairs', keypairs.index, _R + 'os-keypairs:index'),
    ('POST', '/os-keypairs', keypairs.create, _R + 'os-keypairs:create'),
    ('GET', _KEYPAIR, keypairs.show, _R + 'os-keypairs:show'),
    ('DELETE', _KEYPAIR, keypairs.delete, _R + 'os-keypairs:delete'),
    ('GET', '/os-services', services.index, _R + 'os-services:list'),
    ('PUT', '/os-services/enable', services.enable,
     _R + 'os-services:update'),
    ('PUT', '/os-services/disable', services.disable,
     _R + 'os-services:update'),
    ('PUT', '/os-services/disable-log-reason', services.disable_log_reason,
     _R + 'os-services:update'),
    ('PUT', '/os-services/force-down', services.force_down,
     _R + 'os-services:update'),
    ('PUT', '/os-services/{service_id}', services.update,
     _R + 'os-services:update'),
    ('DELETE', '/os-services/{service_id}', services.delete,
     _R + 'os-services:delete'),
    ('GET', '/images', images.index, None),
    ('GET', '/images/detail', images.detail, None),
    ('GET', _IMAGE, images.show, None),
    ('DELETE', _IMAGE, images.delete, None),
    ('GET', _IMAGE_META, images.metadata_index,
     None),
    ('POST', _IMAGE_META, images.metadata_create,
     None),
    ('PUT', _IMAGE_META, images.metadata_update_all,
     None),
    ('GET', _IMAGE_META + '/{key}', images.metadata_show,
     None),
    ('PUT', _IMAGE_META + '/{key}', images.metadata_update,
     None),
    ('DELETE', _IMAGE_META + '/{key}', images.metadata_delete,
     None),
    ('GET', '/os-console-auth-tokens/{console_token}',
     console_auth_tokens.show, _R + 'os-console-auth-tokens'),
    ('GET', '/os-instance_usage_audit_log', usage_audit_log.index,
     _R + 'os-instance-usage-audit-log:list'),
    ('GET', '/os-instance_usage_audit_log/{before_timestamp}',
     usage_audit_log.show, _R + 'os-instance-usage-audit-log:show'),
    ('GET', '/os-hosts', hosts.index, _R + 'os-hosts:list'),
    ('GET', _HOST, hosts.show, _R + 'os-hosts:show'),
    ('PUT', _HOST, hosts.update, _R + 'os-hosts:update'),
    ('GET', _HOST + '/startup', hosts.startup, _R + 'os-hosts:start'),
    ('GET', _HOST + '/shutdown', hosts.shutdown, _R + 'os-hosts:shutdown'),
    ('GET', _HOST + '/reboot', hosts.reboot, _R + 'os-hosts:reboot'),
    ('GET', '/os-hypervisors', hypervisors.index,
     _R + 'os-hypervisors:list'),
    ('GET', '/os-hypervisors/detail', hypervisors.detail,
     _R + 'os-hypervisors:list-detail'),
    ('GET', '/os-hypervisors/statistics', hypervisors.statistics,
     _R + 'os-hypervisors:statistics'),
    ('GET', '/os-hypervisors/{hypervisor_id}/uptime', hypervisors.uptime,
     _R + 'os-hypervisors:uptime'),
    ('GET', '/os-hypervisors/{pattern}/search', hypervisors.search,
     _R + 'os-hypervisors:search'),
    ('GET', '/os-hypervisors/{pattern}/servers', hypervisors.servers,
     _R + 'os-hypervisors:servers'),
    ('GET', '/os-hypervisors/{hypervisor_id}', hypervisors.show,
     _R + 'os-hypervisors:show'),
]
