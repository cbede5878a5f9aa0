# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""The sample config file is generated from the code and must not be stale."""
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(__file__)))
SAMPLE = os.path.join(ROOT, 'etc', 'nova-lite', 'nova-lite.conf.sample')
GENERATOR = os.path.join(ROOT, 'etc', 'nova-lite',
                         'nova-lite-config-generator.conf')


def test_sample_config_is_current(tmp_path):
    output = tmp_path / 'sample.conf'
    subprocess.run([os.path.join(os.path.dirname(sys.executable),
                                 'oslo-config-generator'),
                    '--config-file', GENERATOR, '--output-file', str(output)],
                   check=True, cwd=ROOT)
    with open(SAMPLE) as current:
        assert output.read_text() == current.read(), (
            'etc/nova-lite/nova-lite.conf.sample is stale: run '
            '`make genconfig` and commit the result')


def test_every_group_has_register_and_list():
    from nova_lite import conf
    for module in conf.MODULES:
        assert callable(module.register_opts), module.__name__
        assert callable(module.list_opts), module.__name__


POLICY_SAMPLE = os.path.join(ROOT, 'etc', 'nova-lite', 'policy.yaml.sample')


def test_policy_sample_is_current(tmp_path):
    output = tmp_path / 'policy.yaml'
    subprocess.run([os.path.join(os.path.dirname(sys.executable),
                                 'oslopolicy-sample-generator'),
                    '--namespace', 'nova_lite', '--output-file', str(output)],
                   check=True, cwd=ROOT, capture_output=True)
    with open(POLICY_SAMPLE) as current:
        assert output.read_text() == current.read(), (
            'etc/nova-lite/policy.yaml.sample is stale: run '
            '`make genconfig` and commit the result')


@pytest.mark.parametrize('name', ['controller.conf.sample',
                                  'compute.conf.sample'])
def test_role_samples_name_only_real_options(name):
    """Every option the per-role samples set exists (typos would be
    ignored silently by oslo.config)."""
    import configparser

    from keystoneauth1 import loading
    from keystonemiddleware import auth_token
    from oslo_config import cfg
    from oslo_db import options as db_options
    from oslo_messaging import opts as messaging_opts

    from nova_lite import conf as nl_conf
    from nova_lite import rpc

    conf = cfg.ConfigOpts()
    nl_conf.register_all(conf)
    db_options.set_defaults(conf)
    rpc.register_opts(conf)
    for group, opts in messaging_opts.list_opts():
        if group is not None:  # the drivers' groups: oslo_messaging_rabbit
            conf.register_opts(opts, group=group)
    for group, opts in auth_token.list_opts():
        conf.register_opts(opts, group=group)
    conf.register_opts(loading.get_auth_plugin_conf_options('password'),
                       group='keystone_authtoken')
    parser = configparser.ConfigParser()
    parser.read(os.path.join(ROOT, 'etc', 'nova-lite', name))
    for section in ['DEFAULT'] + parser.sections():
        group = None if section == 'DEFAULT' else section
        for key in parser[section]:
            if section != 'DEFAULT' and key in parser['DEFAULT']:
                continue
            known = conf if group is None else getattr(conf, group)
            assert key in known, '%s: [%s] %s is not an option' % (
                name, section, key)
