"""Tree shaking: a bundle keeps what its program can reach, across modules, and drops the rest."""

from __future__ import annotations

import ast
import textwrap

from downwedig.contest.bundling.bundle import bundle
from downwedig.contest.bundling.shake import shake
from downwedig.contest.shipping.programs import PROGRAMS

MODULES = {
    "pkg.base": """
        import enum
        import sys
        from .helpers import nothing
        TYPE = 1
        A, B = 1, 2
        CACHE = {}
        LOOPS = sys.implementation.name == "pypy"
        def used():
            global CACHE
            CACHE = {}
            return A
        def unused():
            return B
        class Player(enum.Enum):
            DINA = 1
        if LOOPS:
            ON_PYPY = True
        """,
    "pkg.helpers": """
        def nothing():
            return 0
        def reached_as_object():
            return 1
        """,
    "pkg.main": """
        from __future__ import annotations
        from .base import used, unused, TYPE
        from . import helpers
        def main():
            from .base import Player as P
            return used() + helpers.nothing()
        def spare():
            return unused()
        """,
}


def shaken() -> dict[str, str]:
    trees = {name: ast.parse(textwrap.dedent(text)) for name, text in MODULES.items()}
    shake(trees, "pkg.main", "main")
    return {name: ast.unparse(tree) for name, tree in trees.items()}


def test_only_what_the_entry_reaches_is_kept() -> None:
    modules = shaken()
    main = modules["pkg.main"]
    assert "def main" in main and "spare" not in main
    assert "from .base import used\n" in main  # (the names nothing reaches are dropped from an import)
    assert "from __future__ import annotations" in main
    base = modules["pkg.base"]
    assert "def used" in base and "CACHE = {}" in base and "A, B = (1, 2)" in base
    assert "def unused" not in base and "TYPE" not in base and "from .helpers" not in base
    # A name imported inside a kept function is reached, with what it needs (enum here).
    assert "class Player" in base and "import enum" in base
    # A statement that binds nothing is kept, and so is what it refers to.
    assert "if LOOPS:" in base and "import sys" in base and "LOOPS = " in base


def test_a_module_imported_as_an_object_keeps_every_name() -> None:
    helpers = shaken()["pkg.helpers"]
    assert "def nothing" in helpers and "def reached_as_object" in helpers


def test_the_shaken_modules_still_run() -> None:
    modules = shaken()
    namespace: dict[str, object] = {}
    exec(compile(modules["pkg.helpers"], "<helpers>", "exec"), namespace)
    assert "reached_as_object" in namespace


def test_the_solution_carries_no_player() -> None:
    text = bundle(PROGRAMS["solution"], full=True)
    assert "class Player" in text  # (the full form embeds the sources as they are)
    sections = bundle(PROGRAMS["solution"]).split("\n# ---- ")
    sources = {section.split(":", 1)[0]: section for section in sections[1:]}
    assert "class Player" not in sources["downwedig.staircase"] and "import enum" not in sections[0]
    assert "def winners" not in sources["downwedig.engine.solver"]
    assert "class Staircase" in sources["downwedig.staircase"]  # (the reader's path makes one)
