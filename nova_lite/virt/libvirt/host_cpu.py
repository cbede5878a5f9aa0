# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The host's CPU as the hypervisors API shows it (``cpu_info``): its
architecture, model, vendor and features from libvirt's capabilities,
its topology (NUMA cells, sockets, cores per socket, threads per core).

A real libvirtd names the model and vendor; the test driver's
capabilities have neither (None), and a simulated host's architecture and
topology come from its node file, through ``getInfo``.
"""
from xml.etree import ElementTree as ET


def _text(element, path):
    found = element.find(path) if element is not None else None
    return found.text if found is not None else None


def _features(cpu):
    if cpu is None:
        return []
    names = {f.get('name') for f in cpu.findall('feature') if f.get('name')}
    # The test driver lists its features as elements of their own.
    names.update(f.tag for f in cpu.findall('features/*'))
    return sorted(names)


def _cells(host, info):
    cells = host.find('topology/cells') if host is not None else None
    counted = int(cells.get('num', 0)) if cells is not None else 0
    return counted or info[4]


def cpu_info(capabilities_xml, info):
    """``info`` is libvirt's getInfo(): [model, memory, cpus, mhz, nodes,
    sockets, cores, threads]."""
    host = ET.fromstring(capabilities_xml).find('host')
    cpu = host.find('cpu') if host is not None else None
    topology = cpu.find('topology') if cpu is not None else None
    if topology is not None:
        sockets, cores, threads = (int(topology.get(k, 1)) for k in
                                   ('sockets', 'cores', 'threads'))
    else:
        sockets, cores, threads = info[5], info[6], info[7]
    return {
        # getInfo's first field is the host's architecture (a simulated
        # host's node file says it; the test driver's capabilities say
        # i686 for every host).
        'arch': info[0] or _text(cpu, 'arch'), 'model': _text(cpu, 'model'),
        'vendor': _text(cpu, 'vendor'), 'features': _features(cpu),
        'topology': {'cells': _cells(host, info), 'sockets': sockets,
                     'cores': cores, 'threads': threads},
    }
