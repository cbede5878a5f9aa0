# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""Configuration: one module per option group, all registered on CONF here.

Every module exposes ``register_opts(conf)`` and ``list_opts()`` so that the
sample generator and tests can work on any ConfigOpts, not only the global.
"""
from oslo_config import cfg

from nova_lite.conf import all_in_one
from nova_lite.conf import api
from nova_lite.conf import compute
from nova_lite.conf import conductor
from nova_lite.conf import consoles
from nova_lite.conf import database
from nova_lite.conf import default
from nova_lite.conf import image
from nova_lite.conf import libvirt
from nova_lite.conf import metrics
from nova_lite.conf import networks
from nova_lite.conf import neutron
from nova_lite.conf import notifications
from nova_lite.conf import placement
from nova_lite.conf import quota
from nova_lite.conf import resources
from nova_lite.conf import scheduler
from nova_lite.conf import upgrade_levels
from nova_lite.conf import wsgi

MODULES = (default, api, compute, conductor, database, libvirt, scheduler,
           upgrade_levels, all_in_one, placement, resources, image, wsgi,
           quota, networks, neutron, metrics, notifications, consoles)

CONF = cfg.CONF


def register_all(conf):
    for module in MODULES:
        module.register_opts(conf)


register_all(CONF)
