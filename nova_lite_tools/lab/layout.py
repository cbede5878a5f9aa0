# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Where everything of one lab lives: names, addresses, files.

Every name is derived from the lab's ``name`` so that two labs (a
developer's and a test's) can run side by side on one machine without
sharing a namespace, a bridge, a RabbitMQ vhost or a database.
"""
import dataclasses
import ipaddress
import json
import os


@dataclasses.dataclass(frozen=True)
class Layout:
    name: str
    state_dir: str
    computes: int
    subnet: str
    database: str
    api_port: int = 8774
    placement_port: int = 8778
    image_port: int = 9292
    real: bool = False  # computes on real libvirtds (real_host)
    # Active-active control services: processes of each on the
    # controller (all on the same broker and database).
    schedulers: int = 1
    conductors: int = 1
    api_workers: int = 1
    # 0: the machine's RabbitMQ (a vhost of the lab's); N: a cluster of
    # N nodes of the lab's own on ports rabbit_port + 1 .. + N.
    rabbit_nodes: int = 0
    rabbit_port: int = 5700
    # 0: the machine's database server (a database of the lab's); N: a
    # Galera cluster of N MariaDB nodes of the lab's own on ports
    # galera_port + 1 .. + N, behind HAProxy on galera_port.
    galera: int = 0
    galera_port: int = 3400
    # A network service (Neutron with a chassis in each compute's
    # namespace) on this port of the controller; 0: the fixed networks.
    neutron_port: int = 0
    # Each control process serves its metrics on a port of its own from
    # this one on (the API's workers last); each compute on this one in
    # its namespace.
    metrics_port: int = 9180
    # The console proxies on the controller.
    novnc_port: int = 6080
    serial_port: int = 6083

    @property
    def network(self):
        return ipaddress.ip_network(self.subnet)

    @property
    def controller_ip(self):
        return str(self.network[1])

    def compute_ip(self, index):
        return str(self.network[10 + index])

    @property
    def bridge(self):
        # Interface names are limited to 15 characters (checked by cli).
        return 'nl-%s-br' % self.name

    def veth(self, index):
        return 'nl-%s-c%d' % (self.name, index)

    def namespace(self, index):
        return 'nl-%s-compute-%d' % (self.name, index)

    def hostname(self, index):
        return '%s-compute-%d' % (self.name, index)

    def controller_processes(self):
        """(process name, binary, host) of each control process, in
        start order. A second scheduler or conductor is a service of its
        own, so it runs under a host name of its own."""
        found = []
        for binary, count in (('nova-lite-conductor', self.conductors),
                              ('nova-lite-scheduler', self.schedulers)):
            found.append((binary, binary, self.controller_host))
            found += [('%s-%d' % (binary, i), binary,
                       '%s-%d' % (self.controller_host, i))
                      for i in range(2, count + 1)]
        return found + [('nova-lite-api', 'nova-lite-api',
                         self.controller_host)]

    @staticmethod
    def console_processes():
        """The console proxies, started after the API with the
        controller's configuration."""
        return ['nova-lite-novncproxy', 'nova-lite-serialproxy']

    def control_metrics_ports(self):
        """The ports the control processes' metrics take: one each, the
        API's workers one each (the API last)."""
        count = len(self.controller_processes()) + self.api_workers - 1
        return range(self.metrics_port, self.metrics_port + count)

    def metrics_urls(self):
        """{process: where its metrics are scraped} (the API's first
        worker; worker i on the next port but i)."""
        urls = {name: 'http://127.0.0.1:%d/metrics' % (
            self.metrics_port + index) for index, (name, _b, _h) in
            enumerate(self.controller_processes())}
        for index in range(1, self.computes + 1):
            urls[self.hostname(index)] = 'http://%s:%d/metrics' % (
                self.compute_ip(index), self.metrics_port)
        return urls

    @property
    def controller_host(self):
        return '%s-controller' % self.name

    @property
    def vhost(self):
        return 'nova_lite_%s' % self.name

    @property
    def database_name(self):
        return 'nova_lite_%s' % self.name

    @property
    def neutron_url(self):
        """The network service's URL on the controller, as computes in
        their namespaces reach it."""
        return 'http://%s:%d' % (self.controller_ip, self.neutron_port)

    def path(self, *parts):
        return os.path.join(self.state_dir, *parts)

    def log(self, process):
        return self.path('logs', process + '.log')

    def pidfile(self, process):
        return self.path('pids', process + '.pid')

    def save(self):
        with open(self.path('lab.json'), 'w') as out:
            json.dump(dataclasses.asdict(self), out)

    @classmethod
    def load(cls, state_dir):
        with open(os.path.join(state_dir, 'lab.json')) as saved:
            return cls(**json.load(saved))

    @property
    def api_url(self):
        return 'http://127.0.0.1:%d/v2.1' % self.api_port

    @property
    def placement_url(self):
        return 'http://127.0.0.1:%d' % self.placement_port

    @property
    def image_url(self):
        return 'http://127.0.0.1:%d' % self.image_port
