# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""reStructuredText that a directive makes, sections included, parsed
into the page the directive stands in."""
from docutils import nodes
from docutils import statemachine
from sphinx.util import nodes as sphinx_nodes


def parsed(state, lines, source):
    """The nodes of ``lines`` (made by the directive named ``source``)."""
    text = statemachine.StringList(lines, source=source)
    holder = nodes.section()
    holder.document = state.document
    sphinx_nodes.nested_parse_with_titles(state, text, holder)
    return holder.children
