"""nova-lite-compute: the compute agent of one hypervisor host."""
from nova_lite.cmd import daemon
from nova_lite.compute import manager
from nova_lite.compute import rpcapi
from nova_lite.objects import service as service_obj


def main():
    return daemon.run('nova-lite-compute', service_obj.COMPUTE_BINARY,
                      rpcapi.TOPIC,
                      lambda conf: manager.ComputeManager(conf, conf.host))
