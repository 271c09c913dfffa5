"""The one-file programs: made from the package's modules, they answer as the engine does, under CPython and PyPy."""

from __future__ import annotations

import ast
import io
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from downwedig import answer, parse
from downwedig.contest.bundling import bundle as bundle_module
from downwedig.contest.bundling.bundle import CODEFORCES_LIMIT, PackageImport, _literal, bundle, needed_modules
from downwedig.contest.bundling.stripped import strip
from downwedig.contest.generating.registry import all_families, generate, to_text
from downwedig.contest.shipping.programs import (
    PROGRAMS,
    input_validator,
    mistake_program,
    mistakes,
    output_validator,
    slow,
    solution,
)
from downwedig.exact import canonical_columns, canonical_shape
from downwedig.moves import canonical_masks, column_move_masks, packed_move_masks
from downwedig.staircase import Staircase, unpack_values

from ...conftest import SAMPLE, need_tool
from ...strategies import cases, examples, staircases

PROGRAM_MODULES = {
    "solution": solution,
    "input-validator": input_validator,
    "output-validator": output_validator,
    "slow": slow,
}


def family_inputs(sizes: tuple[int, ...]) -> list[bytes]:
    """A test of every family (``max`` aside) at each size (under the thorough profile; otherwise each family at
    one of the sizes in turn), seeded by the family's place: the engine's answer known."""
    families = sorted(set(all_families()) - {"max"})
    return [to_text(generate(f, n, seed=families.index(f))).encode() for f, n in cases(families, sizes)]


def run_file(interpreter: str, path: Path, stdin: bytes, *args: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([interpreter, str(path), *args], input=stdin, capture_output=True, timeout=120)


@pytest.fixture(scope="module")
def bundles(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("bundles")
    made = {}
    for name, program in [*PROGRAMS.items(), *((m, mistake_program(m)) for m in mistakes.MISTAKES)]:
        made[name] = folder / f"{name}.py"
        made[name].write_text(bundle(program))
    return made


def test_the_solution_embeds_only_what_it_needs() -> None:
    needed = needed_modules(PROGRAMS["solution"].module)
    assert needed[-1] == PROGRAMS["solution"].module
    assert {"downwedig.engine.solver", "downwedig.reader", "downwedig.moves", "downwedig.engine.tables"} <= set(needed)
    # Drawing, explaining, the contest tools and the command line are not loaded to answer.
    assert not [
        m for m in needed if m.startswith(("downwedig.render", "downwedig.cli", "downwedig.contest.judging.check"))
    ]
    assert "downwedig.explain" not in needed
    # Every module comes after the modules it imports.
    assert (
        needed.index("downwedig.errors") < needed.index("downwedig.staircase") < needed.index("downwedig.engine.solver")
    )


def test_a_name_imported_from_a_package_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A bundle gives packages empty modules: ``from ..engine import answer`` would fail when the file runs."""
    package = tmp_path / "downwedig_probe"
    (package / "inner").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "inner" / "__init__.py").write_text("from .real import VALUE\n")
    (package / "inner" / "real.py").write_text("VALUE = 1\n")
    (package / "program.py").write_text("from .inner import VALUE\n")
    (package / "fine.py").write_text("from .inner.real import VALUE\nfrom . import inner\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(bundle_module, "PACKAGE", "downwedig_probe")
    with pytest.raises(PackageImport, match=r"imports VALUE from the package downwedig_probe\.inner"):
        needed_modules("downwedig_probe.program")
    assert needed_modules("downwedig_probe.fine") == ["downwedig_probe.inner.real", "downwedig_probe.fine"]


def test_the_output_validator_words_its_verdict_as_check_does() -> None:
    needed = needed_modules(PROGRAMS["output-validator"].module)
    assert {"downwedig.contest.judging.check", "downwedig.explain"} <= set(needed)


def test_a_bundle_is_the_same_every_time_and_names_its_modules() -> None:
    text = bundle(PROGRAMS["solution"])
    assert text == bundle(PROGRAMS["solution"])
    for module in needed_modules(PROGRAMS["solution"].module):
        assert f"    {module}\n" in text.split('"""', 2)[1]
    assert text.startswith("#!/usr/bin/env python3\n")


def test_every_embedded_module_is_python_3_9_syntax_stripped_or_not() -> None:
    for name in {m for program in PROGRAMS.values() for m in needed_modules(program.module)}:
        path = Path(__import__(name, fromlist=["_"]).__file__ or "")
        source = path.read_text(encoding="utf-8")
        ast.parse(source, feature_version=(3, 9))
        stripped = strip(source)
        ast.parse(stripped, feature_version=(3, 9))
        assert len(stripped) < len(source)


STRIPPED = '''\
"""Module."""
import dataclasses
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any
@dataclasses.dataclass
class Point:
    """A point."""
    x: int
    y: Any = 0

def f(a: int, *rest: str, b: bool = True, **more: Any) -> int:
    """Doc."""
    c: int
    d: int = a
    return d  # done
'''


def test_strip_keeps_the_code_and_a_dataclass_s_fields() -> None:
    stripped = strip(STRIPPED)
    assert "Doc" not in stripped and "done" not in stripped and "typing" not in stripped
    assert "    x: int\n" in stripped and "def f(a, *rest, b=True, **more):" in stripped
    namespace: dict[str, Any] = {}
    exec(compile(stripped, "<stripped>", "exec"), namespace)
    point = namespace["Point"](1)
    assert (point.x, point.y) == (1, 0)
    assert namespace["f"](4) == 4


def test_the_solution_fits_codeforces_as_plain_python() -> None:
    text = bundle(PROGRAMS["solution"])
    assert len(text.encode()) <= CODEFORCES_LIMIT - 2048, len(text.encode())  # (2 KB to spare: the engine may grow)
    assert len(bundle(PROGRAMS["solution"], full=True).encode()) > CODEFORCES_LIMIT  # (why full is not the default)
    # (The package's other programs are for Kattis and DOMjudge, which have no such limit: the output validator,
    # which also carries the checker's reader, is over it.)


def test_the_readable_form_is_plain_python_a_person_can_follow() -> None:
    text = bundle(PROGRAMS["solution"])
    tree = ast.parse(text)
    # No string run as code, no compressed text, no import of the package's modules: every name is defined here.
    calls = {node.func.id for node in ast.walk(tree) if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)}
    assert not calls & {"exec", "eval", "compile"}
    imported = {a.name for n in ast.walk(tree) if isinstance(n, (ast.Import, ast.ImportFrom)) for a in n.names}
    assert imported and not {name for name in imported if "downwedig" in name or name in {"zlib", "binascii"}}
    constants = [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, (str, bytes))]
    assert max(map(len, constants[1:])) < 200  # (no blob: after the docstring, the longest text is a message)
    # Each module under a comment naming it, in the order needed_modules gives, the entry at the end.
    order = [line.split()[2].rstrip(":") for line in text.splitlines() if line.startswith("# ---- ")]
    assert order == needed_modules(PROGRAMS["solution"].module)
    assert tree.body[-1].test.comparators[0].value == "__main__"  # type: ignore[attr-defined]
    assert "\ndef main(argv, stdin, stdout, stderr):\n" in text and "memo_START" in text  # (names kept, or renamed)


def test_every_readable_program_imports_at_the_top_and_the_slow_one_says_why_it_is_long() -> None:
    """Learner report 5, L20: the slow oracle's ``import sys`` stood after all its code, and its 500 lines,
    mostly the reader, were not explained."""
    for name, program in PROGRAMS.items():
        if program.as_written:
            continue
        tree = ast.parse(bundle(program))
        kinds = [isinstance(s, (ast.Import, ast.ImportFrom)) for s in tree.body[2:]]  # (after the docstring, NEEDS)
        assert kinds == sorted(kinds, reverse=True), f"{name}: an import after the code"
    docstring = ast.get_docstring(ast.parse(bundle(PROGRAMS["slow"]))) or ""
    assert "Most of this file is the reader (downwedig.reader), not the algorithm" in docstring


def test_the_readable_form_says_which_python_it_needs_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "solution.py"
    path.write_text(bundle(PROGRAMS["solution"]))
    tree = ast.parse(path.read_text(), feature_version=(3, 7))  # (it parses as Python 3.7: nothing newer in it)
    first = tree.body[1]  # (after the docstring)
    assert isinstance(first, ast.If) and ast.unparse(first.test) == "__import__('sys').version_info < (3, 9)"
    old = [Path.home() / f".pyenv/versions/{v}/bin/python3" for v in ("3.7.16", "3.8.18")]
    for interpreter in [p for p in old if p.exists()]:
        result = run_file(str(interpreter), path, SAMPLE.read_bytes())
        assert result.returncode == 1 and result.stdout == b""
        assert result.stderr.decode().splitlines() == [
            f"this program needs Python 3.9 or newer (CPython 3.9+ or PyPy 3.9), not Python {interpreter.parts[-3]}"
        ]


@examples(200)
@given(staircases(max_n=40))
def test_the_fast_paths_compute_the_engine_s_masks(staircase: Staircase) -> None:
    data = staircase.to_text().encode()
    shape = canonical_shape(data)
    assert shape is not None
    masks = unpack_values(packed_move_masks(staircase.packed, 8), 8)
    columns = canonical_columns(shape[0], data, shape[1])
    assert columns is not None
    assert column_move_masks(columns, len(staircase), 8) == masks  # (CPython's path)
    assert canonical_masks(shape[0], data[shape[1] :]) == masks  # (PyPy's path)


@examples(300)
@given(st.lists(st.binary(min_size=8, max_size=8).filter(lambda row: b"\n" not in row), min_size=1, max_size=20))
def test_the_columns_take_w_and_r_only(rows: list[bytes]) -> None:
    """Any byte but W and R among the pieces (a hex digit, a space, a lowercase w) leaves the input to the reader."""
    text = b"".join(row + b"\n" for row in rows)
    columns = canonical_columns(len(rows), text)
    assert (columns is None) == bool(text.translate(None, b"WR\n"))


def test_the_fast_paths_leave_any_other_input_to_the_reader() -> None:
    assert canonical_shape(b"2\nWWWWWWWW\nRRRRRRRR\n") == (2, 2)
    for other in (
        b"2\r\nWWWWWWWW\nRRRRRRRR\n",
        b" 2\nWWWWWWWW\nRRRRRRRR\n",
        b"02\nWWWWWWWW\nRRRRRRRR\n",
        b"2\nWWWWWWWW\nRRRRRRRR",
        b"2\nWWWWWWWW\nRRRRRRRR\n\n",
        b"2\nWWWWWWWW\nRRRRRRRX\n",
        b"1\nWWWWWWWW\nRRRRRRRR\n",
        b"2\nWWWWWWWWW\nRRRRRRR\n",
        b"300001\n",
        b"",
    ):
        shape = canonical_shape(other)  # (the pieces are checked by the columns)
        assert shape is None or canonical_columns(shape[0], other, shape[1]) is None, other


def test_the_full_form_runs_the_same(tmp_path: Path) -> None:
    full = tmp_path / "full.py"
    full.write_text(bundle(PROGRAMS["solution"], full=True))
    assert '    \'downwedig.engine.solver\': """' in full.read_text()
    for data in family_inputs((9,))[::4]:
        assert run_file(sys.executable, full, data).stdout.decode() == answer(parse(data)) + "\n"


#: What the literal must escape (backslashes, quotes, control characters), amid any other character.
#: Drawn as code points rather than with ``st.text()``, whose first use builds Unicode's tables: 3 s.
_SOURCE_CHARACTERS = st.one_of(
    st.sampled_from("\\\"'\r\n\t\x00\x1b\x7f\x85\u2028"),
    st.integers(0, 0x10FFFF).filter(lambda c: not 0xD800 <= c <= 0xDFFF).map(chr),
)


@examples(300)
@given(st.lists(_SOURCE_CHARACTERS).map("".join))
def test_an_embedded_source_reads_back_exactly(text: str) -> None:
    assert ast.literal_eval(_literal(text)) == text


def test_the_solution_starts_without_typing_or_dataclasses(bundles: dict[str, Path]) -> None:
    result = subprocess.run(
        [sys.executable, "-X", "importtime", str(bundles["solution"])],
        input=SAMPLE.read_bytes(),
        capture_output=True,
        timeout=60,
    )
    assert result.stdout == b"211112222212\n"
    imported = {line.rsplit("|", 1)[-1].strip() for line in result.stderr.decode().splitlines()}
    assert "select" in imported  # the list is what it seems (the reader's)
    # (enum and functools: a Player and a cached property, which the shaken solution does without)
    assert not imported & {"typing", "dataclasses", "ast", "inspect", "enum", "functools", "zlib"}
    assert not {name for name in imported if name.startswith("downwedig")}  # (its modules are inlined)


def test_the_full_form_compiles_a_module_when_first_imported(tmp_path: Path) -> None:
    path = tmp_path / "full.py"
    path.write_text(bundle(PROGRAMS["solution"], full=True))
    result = subprocess.run(
        [sys.executable, "-X", "importtime", str(path)], input=SAMPLE.read_bytes(), capture_output=True, timeout=60
    )
    assert result.stdout == b"211112222212\n"
    imported = {line.rsplit("|", 1)[-1].strip() for line in result.stderr.decode().splitlines()}
    # The sample needs neither the merge partners nor other widths.
    assert "downwedig.engine.solver" in imported
    assert not imported & {"downwedig.engine._partners", "downwedig.engine._generic"}


def test_the_solution_answers_every_family_like_the_engine_under_this_python(bundles: dict[str, Path]) -> None:
    for data in family_inputs((1, 9, 150)):
        result = run_file(sys.executable, bundles["solution"], data)
        assert result.returncode == 0, result.stderr
        assert result.stdout.decode() == answer(parse(data)) + "\n"


def test_every_bundled_program_runs_under_pypy(bundles: dict[str, Path], tmp_path: Path) -> None:
    pypy = need_tool(["pypy3"], "apt-get install pypy3")
    for data in family_inputs((1, 9, 150)):
        result = run_file(pypy, bundles["solution"], data)
        assert result.stdout.decode() == answer(parse(data)) + "\n", result.stderr
    compare_with_in_process(pypy, bundles, tmp_path)


def compare_with_in_process(interpreter: str, bundles: dict[str, Path], tmp_path: Path) -> None:
    """Each bundled program under ``interpreter`` does what its module does in this process."""
    data = SAMPLE.read_bytes()
    (tmp_path / "t.in").write_bytes(data)
    (tmp_path / "t.ans").write_bytes(answer(parse(data)).encode() + b"\n")
    feedback = tmp_path / "feedback"
    feedback.mkdir()
    files = [str(tmp_path / "t.in"), str(tmp_path / "t.ans"), str(feedback)]
    cases: list[tuple[str, list[str], bytes]] = [
        ("input-validator", [], data),
        ("input-validator", [], data.replace(b"\n", b"\r\n")),
        ("output-validator", files, b"211112222212\n"),
        ("output-validator", files, b"211112222222\n"),
        ("output-validator", files, b"\x00\x80junk"),
        ("slow", [], data),
    ]
    for name, args, stdin in cases:
        out, err = io.BytesIO(), io.BytesIO()
        status = PROGRAM_MODULES[name].main(args, io.BytesIO(stdin), out, err)
        message = (feedback / "judgemessage.txt").read_bytes() if name == "output-validator" and status == 43 else b""
        result = run_file(interpreter, bundles[name], stdin, *args)
        assert (result.returncode, result.stdout, result.stderr) == (status, out.getvalue(), err.getvalue()), name
        if message:
            assert (feedback / "judgemessage.txt").read_bytes() == message
    for mistake in mistakes.MISTAKES:
        result = run_file(interpreter, bundles[mistake], data)
        assert result.stdout.decode() == mistakes.wrong_answer(mistake, data) + "\n"


def test_every_bundled_program_runs_under_this_python(bundles: dict[str, Path], tmp_path: Path) -> None:
    compare_with_in_process(sys.executable, bundles, tmp_path)


def test_the_solution_refuses_a_bad_input_with_its_position(bundles: dict[str, Path]) -> None:
    result = run_file(sys.executable, bundles["solution"], b"2\nWWWWWWWW\nWWWxWWWW\n")
    assert result.returncode == 1 and result.stdout == b""
    assert result.stderr == b"error: <stdin>:3:4: unexpected character 'x' in step 2 (a piece is 'W' or 'R')\n"
