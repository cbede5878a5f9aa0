# Copyright 2026 The nova_lite Authors
# SPDX-License-Identifier: Apache-2.0
"""An import-linter contract: no module imports itself through others.

import-linter's own ``acyclic_siblings`` judges packages, and a package
that imports another which imports it back through unrelated modules is
not a circle a reader trips over. A circle of modules is: each needs the
others loaded first, and none can be read, tested or moved alone. This
contract names every such circle, module by module.
"""
from importlinter.application import output
from importlinter.domain import contract
from importlinter.domain import fields


class AcyclicModulesContract(contract.Contract):
    """``modules``: the packages whose modules may form no circle."""

    type_name = 'acyclic_modules'
    modules = fields.ListField(subfield=fields.StringField())

    def check(self, graph, verbose):
        inside = self._modules_of(graph)
        circles = set()
        for module in sorted(inside):
            for imported in graph.find_modules_directly_imported_by(module):
                if imported not in inside or imported == module:
                    continue
                back = graph.find_shortest_chain(importer=imported,
                                                 imported=module)
                if back:
                    circles.add(_canonical((module,) + tuple(back[:-1])))
        return contract.ContractCheck(
            kept=not circles, metadata={'circles': sorted(circles)})

    def _modules_of(self, graph):
        found = set()
        for package in self.modules:
            found.add(package)
            found.update(graph.find_descendants(package))
        return found

    def render_broken_contract(self, check):
        for circle in check.metadata['circles']:
            output.print_error(' -> '.join(circle + (circle[0],)))
            output.new_line()


def _canonical(circle):
    """The same circle whichever module it was found from."""
    start = circle.index(min(circle))
    return circle[start:] + circle[:start]
