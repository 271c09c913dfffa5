"""One self-contained Python file made from the package's own modules: what a judge runs.

A judge takes one file, with the standard library only.  :func:`bundle` makes
it from a *program* (:class:`Program`: a module of the package with a
``main(argv, stdin, stdout, stderr) -> status`` function, such as those of
:data:`downwedig.contest.shipping.programs.PROGRAMS`) and every module of
the package that program imports, found by reading their imports
(:func:`needed_modules`), so the file follows the modules as they are: no
second copy of the engine is kept by hand.

The file embeds each module's source text as a string.  When run, it makes a
module object for each (and an empty package object for ``downwedig`` and its
subpackages, whose ``__init__`` code is not run: a bundled module imports
names from the module that defines them, never from a package, and
:func:`needed_modules` refuses one that does), registers it in
``sys.modules`` and executes its source there, dependencies first, so that the
modules' relative imports find each other; then it calls the program's
``main`` with the command line and the standard streams and exits with its
status.  Only the modules the program needs are embedded, and imports under
``if TYPE_CHECKING:`` are not followed, and only the definitions the program
can reach are kept (:mod:`~downwedig.contest.bundling.shake`), so start-up stays
small (compiling is most of it under CPython: the solution's modules are a tenth
smaller once shaken, and it imports neither ``enum`` nor ``functools``).  The embedded modules must run on Python 3.9
(Debian's PyPy 3.9 is what Kattis runs ``.py`` files with).

>>> text = bundle(Program("downwedig.contest.shipping.programs.solution", "the solution"))
>>> text.startswith("#!/usr/bin/env python3") and "downwedig.engine.solver" in text
True
"""

from __future__ import annotations

import ast
import dataclasses
import functools
import importlib.util
import re
from pathlib import Path

from ... import __version__
from .inline import inline
from .shake import shake
from .stripped import Parsed, is_type_checking, parsed, strip

__all__ = ["CODEFORCES_LIMIT", "CyclicImport", "PackageImport", "Program", "bundle", "needed_modules"]

#: The largest source Codeforces accepts (64 KB), which ``downwedig bundle`` keeps to by default.
CODEFORCES_LIMIT = 65_536
#: The package whose modules are bundled.
PACKAGE = "downwedig"
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")


@dataclasses.dataclass(frozen=True)
class Program:
    """A program to bundle: ``module.function(*arguments, argv, stdin, stdout, stderr)`` is its entry."""

    module: str
    title: str
    function: str = "main"
    arguments: tuple[str, ...] = ()
    as_written: bool = False  # a program in one file of its own (standard library only): shipped as it is
    #: A paragraph for the file's docstring, after its title: what a reader of the file should know first
    #: (lines of at most 100 characters, each ending in a newline).
    note: str = ""


class CyclicImport(ValueError):
    """Modules that import each other at load time cannot be loaded one after the other."""


class PackageImport(ValueError):
    """A bundled module imports a name from a package's ``__init__``, which a bundle does not run."""


def _source_path(name: str) -> tuple[Path, bool]:
    """Where module ``name``'s source is, and whether it is a package."""
    spec = importlib.util.find_spec(name)
    if spec is None or spec.origin is None:
        raise ModuleNotFoundError(f"no module named {name!r}", name=name)
    return Path(spec.origin), spec.submodule_search_locations is not None


def _run_time_nodes(tree: ast.AST) -> list[ast.AST]:
    """Every node of ``tree`` except what sits under ``if TYPE_CHECKING:`` (imports only type checkers see)."""
    found: list[ast.AST] = []
    pending: list[ast.AST] = [tree]
    while pending:
        node = pending.pop()
        found.append(node)
        if isinstance(node, ast.If) and is_type_checking(node.test):
            pending.extend(reversed(node.orelse))
            continue
        pending.extend(reversed(list(ast.iter_child_nodes(node))))
    return found


@functools.lru_cache(maxsize=256)
def _imports(name: str, is_package: bool, source: str) -> tuple[str, ...]:
    """The modules of the package that ``name`` imports (at run time), in the order of the source.

    A name imported from one of the package's packages must be a module: the
    bundle gives a package an empty module, so a name its ``__init__`` defines or
    re-exports would not be there (:class:`PackageImport`).
    """
    here = name if is_package else name.rpartition(".")[0]
    found: list[str] = []
    for node in _run_time_nodes(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = here.rsplit(".", node.level - 1)[0] if node.level > 1 else here
                target = f"{base}.{node.module}" if node.module else base
            else:
                target = node.module or ""
            found.append(target)
            if not _in_package(target):
                continue
            # ``from . import x`` and ``from .pkg import x`` may name submodules ...
            modules = [alias.name for alias in node.names if _is_module(f"{target}.{alias.name}")]
            found += [f"{target}.{module}" for module in modules]
            # ... and must, when the target is a package.
            others = [alias.name for alias in node.names if alias.name not in modules]
            if others and _source_path(target)[1]:
                raise PackageImport(
                    f"{name} imports {', '.join(others)} from the package {target}, whose __init__ a bundle does"
                    " not run: import from the module that defines it"
                )
    return tuple(module for module in found if _in_package(module))


def _in_package(module: str) -> bool:
    return module == PACKAGE or module.startswith(PACKAGE + ".")


def _is_module(name: str) -> bool:
    if not name.startswith(PACKAGE + "."):
        return False
    try:
        return importlib.util.find_spec(name) is not None
    except ModuleNotFoundError:
        return False


def needed_modules(root: str) -> list[str]:
    """The modules of the package that ``root`` needs, ``root`` last, each after the modules it imports.

    Packages (``__init__`` modules) are not listed: the bundle gives them an
    empty module.  Imports anywhere in a module count (in functions too),
    except those under ``if TYPE_CHECKING:``.  Cost: O(size of the modules), one parse each.

    >>> needed_modules("downwedig.moves")
    ['downwedig.errors', 'downwedig.staircase', 'downwedig.moves']
    >>> needed_modules("downwedig.engine.solver")[-3:]
    ['downwedig.engine._generic', 'downwedig.engine._partners', 'downwedig.engine.solver']
    """
    order: list[str] = []
    state: dict[str, str] = {}  # name -> "visiting" | "done"

    def visit(name: str, chain: tuple[str, ...]) -> None:
        if state.get(name) == "done":
            return
        if state.get(name) == "visiting":
            raise CyclicImport("modules import each other: " + " -> ".join((*chain, name)))
        path, is_package = _source_path(name)
        state[name] = "visiting"
        if not is_package:
            for imported in _imports(name, is_package, path.read_text(encoding="utf-8")):
                if imported != name:
                    visit(imported, (*chain, name))
        state[name] = "done"
        if not is_package:
            order.append(name)

    visit(root, ())
    return order


def _literal(text: str) -> str:
    """``text`` as a triple-quoted string literal that reads almost like the source itself.

    Backslashes, triple quotes and control characters (``\\r`` would read back
    as ``\\n``) are escaped; everything else stays as it is.
    """
    escaped = text.replace("\\", "\\\\")
    if escaped.endswith('"'):  # (before the closing quotes; escaped first, so no run of three is left there)
        escaped = escaped[:-1] + '\\"'
    escaped = escaped.replace('"""', '\\"\\"\\"')
    escaped = _CONTROL.sub(lambda found: f"\\x{ord(found.group()):02x}", escaped)
    return '"""' + escaped + '"""'


_LOADER = '''
class _Bundled:
    """Imports the embedded modules when first imported: the package and its subpackages as empty
    modules (their __init__ is not run), each module by running its source in its own namespace."""

    @classmethod
    def find_spec(cls, name, path=None, target=None):
        if name in _SOURCES or name in _PACKAGES:
            return type(sys.__spec__)(name, cls, is_package=name in _PACKAGES)
        return None

    @staticmethod
    def create_module(spec):
        return None

    @staticmethod
    def exec_module(module):
        name = module.__name__
        if name not in _PACKAGES:
            module.__file__ = "<bundle>/" + name.replace(".", "/") + ".py"
            exec(compile(_SOURCES[name], module.__file__, "exec"), module.__dict__)
'''


#: The first statement of a readable bundle: on an interpreter older than the modules support, one line that says
#: which Python it needs (the rest of the file parses on Python 3.7 and 3.8: nothing newer is written in it).
NEEDS = (
    'if __import__("sys").version_info < (3, 9):\n'
    '    raise SystemExit("this program needs Python 3.9 or newer (CPython 3.9+ or PyPy 3.9), not Python "'
    ' + __import__("platform").python_version())\n'
)


def _summary(source: str) -> str:
    """The first line of a module's docstring: what the module is, said in one line."""
    docstring = ast.get_docstring(ast.parse(source)) or ""
    line = re.sub(r":[a-z]+:`~?([^`]+)`", r"`\1`", docstring.partition("\n")[0].rstrip("."))  # (Sphinx's roles)
    return line.replace("``", "`").replace("\\ ", "")


def _statement_text(statement: ast.stmt, module: Parsed, last: ast.stmt | None) -> str:
    """A statement's text, with a blank line between it and the one before it when either is a definition."""
    definitions = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
    apart = last is not None and (isinstance(statement, definitions) or isinstance(last, definitions))
    return ("\n" if apart else "") + module.text(statement) + "\n"


@functools.lru_cache(maxsize=32)  # (tests and scripts make several packages in one process: inline them once)
def _inlined(texts: tuple[tuple[str, str], ...], module: str, function: str) -> tuple[str, str]:
    """The code of ``texts`` (name, source) stripped, shaken for the entry ``module.function`` and inlined into
    one namespace (:func:`~downwedig.contest.bundling.inline.inline`), with a comment naming each module; and
    the entry's name there. O(size of the texts); the same texts are inlined once per process."""
    modules = {name: parsed(strip(text)) for name, text in texts}
    trees = {name: ast.Module(body=list(one.body), type_ignores=[]) for name, one in modules.items()}
    shake(trees, module, function)
    flat = inline(trees, PACKAGE)
    imports = [ast.unparse(statement) for statement in flat.imports]
    if "import sys" not in imports:  # (the file's last lines run the entry with sys's streams: import it here,
        imports.insert(sum(line.startswith("import ") and line < "import sys" for line in imports), "import sys")
    parts = ["".join(line + "\n" for line in imports)]  # with the others, not after all the code)
    for (name, text), body in zip(texts, flat.bodies.values(), strict=True):
        if body:
            parts.append(f"\n\n# ---- {name}: {_summary(text)}\n\n")
            last = None
            for statement in body:
                parts.append(_statement_text(statement, modules[name], last))
                last = statement
    return "".join(parts), flat.names[module][function]


def bundle(program: Program, *, full: bool = False) -> str:
    """The text of one Python file that runs ``program`` with the package's modules inside.

    By default the file is plain Python a person can read (the form Codeforces' 64 KB and its rules
    against obfuscated code allow): the modules the program needs, :func:`strip`-ped (no docstrings,
    comments or annotations), shaken (:func:`~downwedig.contest.bundling.shake.shake`: only the top-level
    definitions the program can reach) and inlined into one namespace
    (:func:`~downwedig.contest.bundling.inline.inline`: their imports of each other dropped, names kept),
    each after the modules it needs and under a comment naming it; the solution is well under
    :data:`CODEFORCES_LIMIT`.  Its first statement is :data:`NEEDS`.  With ``full``, each module's source
    is embedded as it is, docstrings and all, and run as a module of its own when first imported (over
    Codeforces' limit: for Kattis, or to read the modules as they are).
    Deterministic: the same version of the package gives the same text.
    Cost: O(size of the modules), tens of milliseconds (once per process for the same program).

    >>> text = bundle(Program("downwedig.contest.shipping.programs.input_validator", "the input validator"))
    >>> text.count("import ") < 10 and "exec(" not in text and "\\ndef main(" in text
    True
    """
    if program.as_written:
        return _source_path(program.module)[0].read_text(encoding="utf-8")
    modules = needed_modules(program.module)
    arguments = "".join(f"{argument!r}, " for argument in program.arguments)
    texts = tuple((name, _source_path(name)[0].read_text(encoding="utf-8")) for name in modules)
    title = (
        "#!/usr/bin/env python3\n"
        f'"""Down We Dig (NERC 2020, problem D): {program.title}.\n\n'
        + (program.note + "\n" if program.note else "")
        + f"Made by `downwedig bundle` (downwedig {__version__}) from the package's own modules, in one file with the\n"
    )
    call = f"({arguments}sys.argv[1:], sys.stdin.buffer, sys.stdout.buffer, sys.stderr.buffer))\n"
    if full:
        packages = sorted({name.rsplit(".", depth)[0] for name in modules for depth in range(1, name.count(".") + 1)})
        return (
            title + "standard library only: each module's source as it is.  It runs under CPython 3.9+ and PyPy 3.9.\n"
            "Do not edit it: make it again.  The modules inside (each compiled when first imported):\n\n"
            + "".join(f"    {name}\n" for name in modules)
            + '"""\n\nimport sys\n\n_SOURCES = {\n'
            + "".join(f"    {name!r}: {_literal(text)},\n" for name, text in texts)
            + "}\n"
            + f"_PACKAGES = frozenset({packages!r})\n"
            + _LOADER
            + '\n\nif __name__ == "__main__":\n'
            "    sys.meta_path.insert(0, _Bundled)\n"
            f"    from {program.module} import {program.function} as _main\n\n"
            f"    sys.exit(_main{call}"
        )
    code, entry = _inlined(texts, program.module, program.function)
    return (
        title + "standard library only, as plain Python: the code of each module it needs, without the docstrings,\n"
        "comments and annotations, and without the definitions this program never reaches; the modules'\n"
        "imports of each other left out, so that each name is a global of this one file (a name that two\n"
        "modules define is renamed after its module in the later one, as memo_START).  The modules come in\n"
        "the order they need each other, each under a comment that names it and says what it is:\n\n"
        + "".join(f"    {name}\n" for name in modules)
        + f"\nThe program starts at {entry}(), at the end.  It runs under CPython 3.9+ and PyPy 3.9.  Do not edit it:\n"
        "make it again with `downwedig bundle`.\n"
        '"""\n\n' + NEEDS + "\n" + code + f'\n\nif __name__ == "__main__":\n    sys.exit({entry}{call}'
    )
