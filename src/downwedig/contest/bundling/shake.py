"""Tree shaking for a bundle: the top-level definitions a program can reach, and no others.

A one-file program (:mod:`downwedig.contest.bundling.bundle`) carries whole modules, but it
uses a part of each: the solution never draws a :class:`~downwedig.staircase.Player`, for
instance, whose ``enum`` import alone costs about 5 ms of a start-up budget of tens.
:func:`shake` keeps, in each module, the top-level statements that define a name the
program can reach from its entry, following names from statement to statement and across
the modules' imports, and drops the others: functions, classes, imports and assignments
that nothing kept refers to (an unused ``import enum`` among them).

What it assumes of the modules, which the bundled modules keep to (a module that
breaks it must not be bundled, or its tests will say so): an assignment or a definition
at the top of a module has no effect but binding its names (no registering as a side
effect); a name is reached only by being written (not through ``globals()`` or a string),
except that a bundled module imported as a module object keeps all its names; no ``from
... import *``.  Every other top-level statement (``if``, ``try``, a bare call) is kept,
and so is every name it refers to.  A name counts as referred to wherever it is written
in a kept statement, even as a local of the same spelling: the shaking keeps too much
rather than too little.  Cost: O(size of the modules) for each program.

>>> import ast
>>> modules = {"m": ast.parse("import enum\\nA = 1\\ndef f():\\n    return A\\nclass P(enum.Enum):\\n    X = 1\\n")}
>>> shake(modules, "m", "f")
>>> print(ast.unparse(modules["m"]))
A = 1
<BLANKLINE>
def f():
    return A
"""

from __future__ import annotations

import ast
import copy
import weakref

__all__ = ["shake"]

_DEFINITIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)


def _bound(statement: ast.stmt) -> list[str] | None:
    """The names a removable top-level statement binds, or None if the statement is always kept."""
    if isinstance(statement, _DEFINITIONS):
        return [statement.name]
    if isinstance(statement, ast.Import):
        return [(alias.asname or alias.name).partition(".")[0] for alias in statement.names]
    if isinstance(statement, ast.ImportFrom) and statement.module != "__future__":
        return [alias.asname or alias.name for alias in statement.names]
    if isinstance(statement, ast.Assign):
        names = []
        for target in statement.targets:
            parts = target.elts if isinstance(target, (ast.Tuple, ast.List)) else [target]
            if not all(isinstance(part, ast.Name) for part in parts):
                return None
            names += [part.id for part in parts if isinstance(part, ast.Name)]
        return names
    return None


#: What each statement refers to, found once: a package's programs share their modules' statements.
_REFERS: weakref.WeakKeyDictionary[ast.stmt, tuple[frozenset[str], tuple[ast.ImportFrom, ...], tuple[str, ...]]]
_REFERS = weakref.WeakKeyDictionary()


def _refers(statement: ast.stmt) -> tuple[frozenset[str], tuple[ast.ImportFrom, ...], tuple[str, ...]]:
    """What ``statement`` refers to: every name written in it (its ``Name`` nodes and ``global``
    declarations), the ``from ... import`` statements inside it, and the modules it imports whole."""
    found = _REFERS.get(statement)
    if found is None:
        names: set[str] = set()
        inner_from: list[ast.ImportFrom] = []
        whole: list[str] = []
        for inner in ast.walk(statement):
            if isinstance(inner, ast.Name):
                names.add(inner.id)
            elif isinstance(inner, ast.Global):
                names.update(inner.names)
            elif isinstance(inner, ast.ImportFrom) and inner is not statement:  # (in a function: all its names)
                inner_from.append(inner)
            elif isinstance(inner, ast.Import):
                whole.extend(alias.name for alias in inner.names)
        found = _REFERS[statement] = (frozenset(names), tuple(inner_from), tuple(whole))
    return found


def _source(module: str, node: ast.ImportFrom) -> str:
    """The absolute name of the module that ``node`` (in ``module``, not a package) imports from."""
    if not node.level:
        return node.module or ""
    base = module.rsplit(".", node.level)[0]
    return f"{base}.{node.module}" if node.module else base


def _alias_name(alias: ast.alias) -> str:
    """The name an import binds: ``import a.b`` binds ``a``."""
    return alias.asname or alias.name.partition(".")[0]


def _every_name(tree: ast.Module) -> list[str]:
    """Every name the top-level statements of ``tree`` bind (for a module imported as an object)."""
    return [name for statement in tree.body for name in _bound(statement) or ()]


def shake(modules: dict[str, ast.Module], root: str, entry: str) -> None:
    """Drop, in place, the top-level statements of ``modules`` (name -> stripped tree) that
    the program whose entry is ``root.entry`` cannot reach (see the module docstring), and
    the names an import binds that nothing reaches.  Only the modules' ``body`` lists change:
    an import that loses names is replaced by a copy, so statements may be shared between
    the trees of several programs. O(size of the modules)."""
    kept: dict[str, set[int]] = {name: set() for name in modules}  # the statements kept, by index
    reached: dict[str, set[str]] = {name: set() for name in modules}
    binders: dict[str, dict[str, list[int]]] = {}  # module -> name -> the statements that bind it
    for name, tree in modules.items():
        binders[name] = {}
        for index, statement in enumerate(tree.body):
            for bound in _bound(statement) or ():
                binders[name].setdefault(bound, []).append(index)
    pending: list[tuple[str, str]] = [(root, entry)]
    wholes: set[str] = set()

    def whole(module: str) -> None:
        """``module`` is imported as a module object: every name of it is reached."""
        if module not in wholes:
            wholes.add(module)
            pending.extend((module, name) for name in _every_name(modules[module]))

    def keep(module: str, index: int) -> None:
        """Keep a statement of ``module``: what it refers to is reached."""
        if index in kept[module]:
            return
        kept[module].add(index)
        names, inner_from, imported = _refers(modules[module].body[index])
        pending.extend((module, name) for name in names)
        for node in inner_from:
            pending.extend((_source(module, node), alias.name) for alias in node.names)
        for name in imported:
            for other in modules:
                if other == name or other.startswith(name + "."):
                    whole(other)

    for name, tree in modules.items():
        for index, statement in enumerate(tree.body):
            if _bound(statement) is None:
                keep(name, index)
    while pending:
        module, name = pending.pop()
        if f"{module}.{name}" in modules:
            whole(f"{module}.{name}")  # (from a package, a module)
        if module not in modules or name in reached[module]:
            continue
        reached[module].add(name)
        for index in binders[module].get(name, ()):
            keep(module, index)
            statement = modules[module].body[index]
            if isinstance(statement, ast.ImportFrom):  # the name is reached in the module it comes from
                source = _source(module, statement)
                pending.extend((source, a.name) for a in statement.names if _alias_name(a) == name)
    for name, tree in modules.items():
        body = [statement for index, statement in enumerate(tree.body) if index in kept[name]]
        for place, statement in enumerate(body):
            if isinstance(statement, (ast.Import, ast.ImportFrom)) and _bound(statement) is not None:
                names = [alias for alias in statement.names if _alias_name(alias) in reached[name]]
                if len(names) < len(statement.names):
                    narrower = copy.copy(statement)
                    narrower.names = names
                    body[place] = narrower
        tree.body = body
