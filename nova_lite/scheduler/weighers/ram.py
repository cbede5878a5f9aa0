from nova_lite.scheduler import weighers


class RAMWeigher(weighers.BaseHostWeigher):
    """More free RAM weighs more: instances spread over hosts."""

    def multiplier(self):
        return self.conf.filter_scheduler.ram_weight_multiplier

    def weigh(self, host_state, spec_obj):
        return host_state.free_ram_mb
