"""The sample config file is generated from the code and must not be stale."""
import os
import subprocess
import sys

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
