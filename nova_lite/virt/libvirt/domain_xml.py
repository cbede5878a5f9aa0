"""Builds the libvirt domain XML of an instance.

The ``<metadata>`` element carries nova_lite's own record of the guest in
our XML namespace, so a hypervisor-side tool can tell which instance, flavor
and owner a domain belongs to without asking the control plane.
"""
from xml.etree import ElementTree as ET

NAMESPACE = 'http://nova-lite.dev/xmlns/libvirt/instance/1.0'
PREFIX = 'nova_lite'


def domain_name(instance):
    return 'instance-%08x' % instance.id


def _sub(parent, tag, text=None, **attrs):
    element = ET.SubElement(parent, tag, attrs)
    if text is not None:
        element.text = str(text)
    return element


def _metadata(parent, instance):
    ns = '{%s}' % NAMESPACE
    root = _sub(parent, ns + 'instance')
    _sub(root, ns + 'name', instance.display_name or '')
    _sub(root, ns + 'creationTime',
         instance.created_at.strftime('%Y-%m-%d %H:%M:%S')
         if instance.created_at else '')
    flavor = instance.flavor
    flavor_el = _sub(root, ns + 'flavor', name=flavor.name)
    for tag, value in (('memory', flavor.memory_mb), ('disk', flavor.root_gb),
                       ('swap', flavor.swap),
                       ('ephemeral', flavor.ephemeral_gb),
                       ('vcpus', flavor.vcpus)):
        _sub(flavor_el, ns + tag, value)
    owner = _sub(root, ns + 'owner')
    _sub(owner, ns + 'user', instance.user_id or '', uuid=instance.user_id
         or '')
    _sub(owner, ns + 'project', instance.project_id or '',
         uuid=instance.project_id or '')


def build(instance, virt_type):
    ET.register_namespace(PREFIX, NAMESPACE)
    domain = ET.Element('domain', type=virt_type)
    _sub(domain, 'name', domain_name(instance))
    _sub(domain, 'uuid', instance.uuid)
    _metadata(_sub(domain, 'metadata'), instance)
    _sub(domain, 'memory', instance.flavor.memory_mb, unit='MiB')
    _sub(domain, 'vcpu', instance.flavor.vcpus)
    os_el = _sub(domain, 'os')
    _sub(os_el, 'type', 'hvm')
    _sub(domain, 'on_poweroff', 'destroy')
    _sub(domain, 'on_reboot', 'restart')
    _sub(domain, 'on_crash', 'destroy')
    _sub(domain, 'devices')
    return ET.tostring(domain, encoding='unicode')
