# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""``.. extra-specs-reference::``: every flavor extra spec the API
validates, from the registry of validators the API loads (the same text
``nova-lite-manage extra-specs docs`` prints)."""
from docutils.parsers.rst import Directive
import nested_rst

from nova_lite.api.validation import extra_specs
from nova_lite.api.validation.extra_specs import docs


class ExtraSpecsReference(Directive):

    def run(self):
        text = docs.render_rst(extra_specs.get_registry())
        return nested_rst.parsed(self.state, text.splitlines(),
                                 'extra-specs-reference')


def setup(app):
    app.add_directive('extra-specs-reference', ExtraSpecsReference)
    return {'parallel_read_safe': True, 'parallel_write_safe': True}
