"""Inlining modules into one namespace: what is renamed, what vanishes, and what is refused by name."""

from __future__ import annotations

import ast
import textwrap

import pytest

from downwedig.contest.bundling.inline import InlineError, inline


def flat_text(sources: dict[str, str]) -> dict[str, str]:
    """Each module's inlined statements as text, and the gathered imports under ``""``."""
    flat = inline({name: ast.parse(textwrap.dedent(text)) for name, text in sources.items()}, "p")
    texts = {name: ast.unparse(ast.Module(body=body, type_ignores=[])) for name, body in flat.bodies.items()}
    return {"": ast.unparse(ast.Module(body=flat.imports, type_ignores=[])), **texts}


def run(sources: dict[str, str], expression: str) -> object:
    texts = flat_text(sources)
    namespace: dict[str, object] = {}
    exec("\n".join(texts.values()), namespace)  # (as one file would run them, in order)
    return eval(expression, namespace)


def test_a_name_two_modules_define_is_renamed_in_the_later_one_and_where_it_is_imported() -> None:
    sources = {
        "p.a": "START = 1\ndef first():\n    return START\n",
        "p.b": "START = 2\n_X = 3\ndef second():\n    global START\n    return START + _X\n",
        "p.c": (
            "from .a import first\nfrom .b import START as B_START, second\n"
            "def both():\n    return first(), B_START, second()\n"
        ),
    }
    texts = flat_text(sources)
    assert "b_START = 2" in texts["p.b"] and "global b_START" in texts["p.b"] and "_X = 3" in texts["p.b"]
    assert "return (first(), b_START, second())" in texts["p.c"]
    assert run(sources, "both()") == (1, 2, 5)


def test_imports_of_the_package_vanish_even_in_functions_and_the_standard_library_s_are_gathered_once() -> None:
    sources = {
        "p.a": "import sys\nfrom os import path\ndef name():\n    return sys.platform\n",
        "p.b": "import sys\ndef call():\n    from .a import name\n    return name()\n",
    }
    texts = flat_text(sources)
    assert texts[""] == "import sys\nfrom os import path"
    assert "def call():\n    return name()" in texts["p.b"]
    assert run({"p.a": "def f():\n    pass\n", "p.b": "def call():\n    from .a import f\n"}, "call()") is None


def test_a_class_s_annotations_become_text_so_that_no_future_import_is_needed() -> None:
    sources = {"p.a": "import dataclasses\n@dataclasses.dataclass\nclass C:\n    x: int | None = None\n"}
    assert "x: 'int | None' = None" in flat_text(sources)["p.a"]
    assert run(sources, "C().x") is None


@pytest.mark.parametrize(
    ("sources", "words"),
    [
        ({"p.a": "import p.b\n", "p.b": "X = 1\n"}, "imports the module p.b whole"),
        ({"p.b": "X = 1\n", "p.a": "from . import b\n"}, "imports the module p.b"),
        ({"p.a": "from .b import Y\n", "p.b": "X = 1\n"}, "imports Y from p.b, which does not define it"),
        ({"p.a": "X = 1\n", "p.b": "X = 2\ndef f(X):\n    return X\n"}, "X is renamed b_X, and a function binds it"),
        ({"p.a": "from os import path\n", "p.b": "from sys import path\n"}, "binds path to sys.path"),
        ({"p.a": "X = 1\nb_X = 5\n", "p.b": "X = 2\n"}, "X would be b_X, which is taken too"),
    ],
)
def test_what_would_change_the_program_is_refused_by_name(sources: dict[str, str], words: str) -> None:
    with pytest.raises(InlineError, match=words):
        flat_text(sources)
