"""Inlining: the modules a program needs as one namespace of plain Python, what the readable bundle is.

A judge takes one file.  :func:`inline` turns the stripped and shaken modules of a program
(:mod:`~downwedig.contest.bundling.stripped`, :mod:`~downwedig.contest.bundling.shake`), in the order
:func:`~downwedig.contest.bundling.bundle.needed_modules` gives (each after the modules it imports), into
the statements of one module: the imports between the package's modules dropped (every name is then a
global of the one namespace, defined above the code that runs it), the standard library's imports
gathered at the top, and a name that two modules define each for itself (``START`` of the sweep and of
the memo, say) renamed in the later one after its module (``memo_START``), with every reference to it
in that module and in the modules that import it.  Names are otherwise kept as they are written.

What it refuses (:class:`InlineError`, a developer's mistake, named): a module imported as a module
object (its names would need a namespace of their own), a renamed name that some function also binds
as a local (renaming it there would change the function), and a standard-library name that two modules
bind to different things.  Cost: O(size of the modules), one walk of each tree.

>>> import ast
>>> trees = {
...     "p.a": ast.parse("import sys\\nX = 1\\ndef f():\\n    return X\\n"),
...     "p.b": ast.parse("import sys\\nfrom .a import f\\nX = 2\\ndef g():\\n    return f() + X\\n"),
... }
>>> flat = inline(trees, "p")
>>> [ast.unparse(statement) for statement in flat.imports]
['import sys']
>>> print(ast.unparse(ast.Module(body=flat.bodies["p.b"], type_ignores=[])))
b_X = 2
<BLANKLINE>
def g():
    return f() + b_X
"""

from __future__ import annotations

import ast
import copy
import dataclasses
from collections.abc import Iterator

__all__ = ["Flat", "InlineError", "inline"]


class InlineError(ValueError):
    """The modules cannot be inlined into one namespace without changing what they do (the reason says why)."""


@dataclasses.dataclass(frozen=True)
class Flat:
    """Inlined modules: the standard library's imports, each module's statements, and the flat name of
    every top-level name (``names[module][name]``)."""

    imports: list[ast.stmt]
    bodies: dict[str, list[ast.stmt]]
    names: dict[str, dict[str, str]]


def _target(module: str, node: ast.ImportFrom) -> str:
    """The absolute name of the module ``node`` (written in ``module``, not a package) imports from."""
    if not node.level:
        return node.module or ""
    base = module.rsplit(".", node.level)[0]
    return f"{base}.{node.module}" if node.module else base


def _in(package: str, module: str) -> bool:
    return module == package or module.startswith(package + ".")


_DEFINITIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
_SCOPES = (*_DEFINITIONS, ast.Lambda, ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)


def _bindings(node: ast.AST, inside: bool = False, skip: str = "") -> Iterator[tuple[str, bool]]:
    """``(name, inside a scope)`` for every name ``node`` binds: assigned, looped over, defined, a parameter,
    caught or imported (but from the package ``skip``, written in the module it names after a ``:``, as
    ``p:p.m``); ``inside`` when the binding is local to a function, class, lambda or comprehension."""
    package, _, module = skip.partition(":")
    for inner in ast.iter_child_nodes(node):
        if package and isinstance(inner, ast.ImportFrom) and _in(package, _target(module, inner)):
            continue  # (an import of the package's that vanishes: its names are the globals)
        if isinstance(inner, ast.Name) and isinstance(inner.ctx, ast.Store):
            yield inner.id, inside
        elif isinstance(inner, ast.arg):
            yield inner.arg, True
        elif isinstance(inner, ast.ExceptHandler) and inner.name:
            yield inner.name, inside
        elif isinstance(inner, (ast.Import, ast.ImportFrom)):
            yield from (((alias.asname or alias.name).partition(".")[0], inside) for alias in inner.names)
        if isinstance(inner, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            yield inner.name, inside
        yield from _bindings(inner, inside or isinstance(inner, _SCOPES), skip)


def _stored(statement: ast.stmt) -> Iterator[str]:
    """The names a top-level statement (not an import) binds in the module's namespace."""
    if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        yield statement.name
        return
    yield from (name for name, inside in _bindings(statement) if not inside)


def _short(module: str) -> str:
    """A module's last name without its leading underscores: what a renamed name is prefixed with."""
    return module.rpartition(".")[2].lstrip("_")


def _renamed(name: str, module: str) -> str:
    """``name`` of ``module`` in the one namespace when another module took it first: ``_X`` -> ``_mod_X``."""
    private = "_" if name.startswith("_") else ""
    return f"{private}{_short(module)}_{name.lstrip('_')}"


def _local_bindings(tree: ast.Module, module: str, package: str) -> set[str]:
    """Every name bound inside a function, class, lambda or comprehension of ``tree`` (the module ``module``
    of ``package``), but by an import of the package's."""
    found: set[str] = set()
    skip = f"{package}:{module}"
    for top in tree.body:
        if isinstance(top, _DEFINITIONS):
            found.update(name for name, _ in _bindings(top, True, skip))
        else:
            found.update(name for name, inside in _bindings(top, False, skip) if inside)
    return found


class _Rewrite(ast.NodeTransformer):
    """Renames a module's names to their flat ones, and drops its imports of the package's modules."""

    def __init__(self, module: str, package: str, renames: dict[str, str]) -> None:
        self.module, self.package, self.renames = module, package, renames

    def visit_Name(self, node: ast.Name) -> ast.Name:
        if node.id in self.renames:
            return ast.copy_location(ast.Name(id=self.renames[node.id], ctx=node.ctx), node)
        return node

    def visit_Global(self, node: ast.Global) -> ast.Global:
        return ast.Global(names=[self.renames.get(name, name) for name in node.names])

    def _definition(self, node: ast.FunctionDef | ast.ClassDef) -> ast.AST:
        node.name = self.renames.get(node.name, node.name)
        return self.generic_visit(node)

    visit_FunctionDef = visit_ClassDef = _definition

    def visit_AnnAssign(self, node: ast.AnnAssign) -> ast.AST:
        # A class's annotated names are a dataclass's fields: kept, as text, since the one file has no
        # ``from __future__ import annotations`` (its first statement is the check of the Python's version).
        self.generic_visit(node)  # (in place: the statement is a copy)
        node.annotation = ast.Constant(ast.unparse(node.annotation))
        return node

    def visit_ImportFrom(self, node: ast.ImportFrom) -> ast.AST | None:
        return None if _in(self.package, _target(self.module, node)) else node

    def generic_visit(self, node: ast.AST) -> ast.AST:
        node = super().generic_visit(node)
        for field in ("body", "orelse", "finalbody"):
            block = getattr(node, field, None)
            if field == "body" and isinstance(block, list) and not block and not isinstance(node, ast.Module):
                block.append(ast.Pass())  # (a block whose only statement was an import of the package)
        return node


def inline(trees: dict[str, ast.Module], package: str) -> Flat:
    """The modules ``trees`` (name -> stripped tree, each after the modules it imports) of ``package`` as
    one namespace (see the module docstring); the trees themselves are not changed. O(size of the trees).

    >>> flat = inline({"p.a": ast.parse("import p.b")}, "p")
    Traceback (most recent call last):
    ...
    downwedig.contest.bundling.inline.InlineError: p.a imports the module p.b whole: import its names
    """
    standard: dict[str, str] = {}  # a name the standard library's top-level imports bind -> what it is
    imports: list[ast.stmt] = []
    for module, tree in trees.items():
        for statement in tree.body:
            if isinstance(statement, ast.Import):
                for alias in statement.names:
                    if _in(package, alias.name):
                        raise InlineError(f"{module} imports the module {alias.name} whole: import its names")
                    _standard(module, standard, alias.asname or alias.name.partition(".")[0], alias.name)
            elif isinstance(statement, ast.ImportFrom) and statement.module != "__future__":
                source = _target(module, statement)
                if _in(package, source):
                    continue
                for alias in statement.names:
                    _standard(module, standard, alias.asname or alias.name, f"{source}.{alias.name}")
            else:
                continue
            if ast.dump(statement) not in {ast.dump(kept) for kept in imports}:
                imports.append(statement)
    names: dict[str, dict[str, str]] = {}
    owners: dict[str, str] = {}  # flat name -> the module that defines it
    for module, tree in trees.items():
        own = names[module] = {}
        for statement in tree.body:
            if isinstance(statement, (ast.Import, ast.ImportFrom)):
                continue
            for name in _stored(statement):
                if name in own:
                    continue
                own[name] = name if name not in owners and name not in standard else _renamed(name, module)
                if own[name] in owners or own[name] in standard:
                    raise InlineError(f"{module}: {name} would be {own[name]}, which is taken too")
                owners[own[name]] = module
        for node in ast.walk(tree):  # the package's imports, at the top or in functions: the names they bring
            if not isinstance(node, ast.ImportFrom) or not _in(package, _target(module, node)):
                continue
            source = _target(module, node)
            for alias in node.names:
                local = alias.asname or alias.name
                if f"{source}.{alias.name}" in trees:
                    raise InlineError(f"{module} imports the module {source}.{alias.name}: import its names")
                if alias.name not in names.get(source, {}):
                    raise InlineError(f"{module} imports {alias.name} from {source}, which does not define it")
                if own.setdefault(local, names[source][alias.name]) != names[source][alias.name]:
                    raise InlineError(f"{module}: {local} is its own and {source}'s {alias.name} too")
    bodies = {}
    for module, tree in trees.items():
        renames = {local: flat for local, flat in names[module].items() if local != flat}
        clashing = sorted(set(renames) & _local_bindings(tree, module, package))
        if clashing:
            raise InlineError(f"{module}: {clashing[0]} is renamed {renames[clashing[0]]}, and a function binds it")
        rewrite = _Rewrite(module, package, renames)
        body = []
        for statement in tree.body:
            if isinstance(statement, (ast.Import, ast.ImportFrom)):
                continue  # (the package's imports vanish, the standard library's are gathered at the top)
            body.append(rewrite.visit(copy.deepcopy(statement)))
        bodies[module] = body
    return Flat(imports, bodies, names)


def _standard(module: str, standard: dict[str, str], local: str, what: str) -> None:
    """Record that ``module`` binds ``local`` to the standard library's ``what``; refuse a clash."""
    if standard.setdefault(local, what) != what:
        raise InlineError(f"{module} binds {local} to {what}, another module to {standard[local]}")
