"""A module's source as a bundle carries it: stripped of what only people and type checkers read, parsed
once, and each statement written back once.

:func:`strip` drops docstrings, comments, annotations and ``if TYPE_CHECKING:`` blocks (the same code,
about half the text, compiled faster); :func:`parsed` gives the statements of a stripped module, which
:func:`~downwedig.contest.bundling.shake.shake` chooses from and :meth:`Parsed.text` writes back.  A
package bundles the engine's modules for several programs, so each is stripped, parsed and written once
per process.  Cost: O(size of the module), once.
"""

from __future__ import annotations

import ast
import functools

__all__ = ["Parsed", "is_type_checking", "parsed", "strip"]


def is_type_checking(test: ast.expr) -> bool:
    """Whether an ``if`` test is ``TYPE_CHECKING`` (or ``typing.TYPE_CHECKING``): what only type checkers run."""
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _documented(body: list[ast.stmt]) -> bool:
    """Whether a block starts with a docstring."""
    first = body[0] if body else None
    return isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str)


class _Stripper(ast.NodeTransformer):
    """Drops what only people and type checkers read: docstrings, annotations, ``if TYPE_CHECKING:`` blocks."""

    def generic_visit(self, node: ast.AST) -> ast.AST:
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and _documented(
            node.body
        ):
            del node.body[0]
        super().generic_visit(node)
        body = getattr(node, "body", None)
        if isinstance(body, list) and not body and not isinstance(node, ast.Module):
            body.append(ast.Pass())  # (a block left empty: a class of bare declarations, say)
        return node

    def visit_If(self, node: ast.If) -> ast.AST | None:
        if is_type_checking(node.test) and not node.orelse:
            return None
        return self.generic_visit(node)

    def visit_FunctionDef(self, node: ast.FunctionDef) -> ast.AST:
        node.returns = None
        arguments = node.args
        every = [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs, arguments.vararg, arguments.kwarg]
        for argument in every:
            if argument is not None:
                argument.annotation = None
        return self.generic_visit(node)

    def visit_ClassDef(self, node: ast.ClassDef) -> ast.AST:
        if _documented(node.body):
            del node.body[0]
        body: list[ast.stmt] = []
        for statement in node.body:
            if isinstance(statement, ast.AnnAssign):
                body.append(statement)  # (kept as it is: a dataclass's fields are its annotated names)
            else:
                visited = self.visit(statement)
                if visited is not None:
                    body.append(visited)
        node.body = body or [ast.Pass()]
        return node

    def visit_AnnAssign(self, node: ast.AnnAssign) -> ast.AST | None:
        if node.value is None:
            return None  # (a bare declaration: no code)
        return ast.copy_location(ast.Assign(targets=[node.target], value=node.value), node)


@functools.lru_cache(maxsize=256)  # (a package bundles the engine's modules for several programs)
def strip(source: str) -> str:
    """``source`` without docstrings, comments, annotations and ``if TYPE_CHECKING:`` imports: the same code,
    about half the text, compiled faster. O(size).

    >>> print(strip("def f(a: int) -> int:\\n    'Doc.'\\n    b: int = a  # a copy\\n    return b\\n"), end="")
    def f(a):
        b = a
        return b
    """
    tree = _Stripper().visit(ast.parse(source))
    return ast.unparse(ast.fix_missing_locations(tree)) + "\n"


class Parsed:
    """A stripped module's statements, parsed once, and each one's text, written once: a package bundles
    the engine's modules for several programs, each keeping some of their statements."""

    def __init__(self, stripped: str) -> None:
        self.body = ast.parse(stripped).body
        self._place = {id(statement): place for place, statement in enumerate(self.body)}
        self._texts: dict[int, str] = {}

    def text(self, statement: ast.stmt) -> str:
        """``statement`` (one of :attr:`body`, or a new one) as source text. O(its size), once."""
        place = self._place.get(id(statement))
        if place is None or self.body[place] is not statement:
            return ast.unparse(statement)  # (an import the shaking narrowed)
        if place not in self._texts:
            self._texts[place] = ast.unparse(statement)
        return self._texts[place]


@functools.lru_cache(maxsize=256)
def parsed(stripped: str) -> Parsed:
    """The statements of ``stripped`` (a module's :func:`strip`-ped text), parsed once per process. O(size).

    >>> module = parsed("x = 1\\ndef f():\\n    return x\\n")
    >>> [module.text(statement) for statement in module.body]
    ['x = 1', 'def f():\\n    return x']
    """
    return Parsed(stripped)
