# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""``.. extra-specs-reference::``: every flavor extra spec the API
validates, from the registry of validators the API loads (the same text
``nova-lite-manage extra-specs docs`` prints)."""
from docutils import nodes
from docutils.parsers.rst import Directive
from docutils import statemachine
from sphinx.util import nodes as sphinx_nodes

from nova_lite.api.validation import extra_specs
from nova_lite.api.validation.extra_specs import docs


class ExtraSpecsReference(Directive):

    def run(self):
        text = docs.render_rst(extra_specs.get_registry())
        lines = statemachine.StringList(text.splitlines(),
                                        source='extra-specs-reference')
        holder = nodes.section()
        holder.document = self.state.document
        sphinx_nodes.nested_parse_with_titles(self.state, lines, holder)
        return holder.children


def setup(app):
    app.add_directive('extra-specs-reference', ExtraSpecsReference)
    return {'parallel_read_safe': True, 'parallel_write_safe': True}
