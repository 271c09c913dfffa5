"""The editorial's short solution, ``bundle --program editorial``: a file a learner can read and submit, right
by the oracle on every family, the same under CPython and PyPy (its speed: ``python benchmarks/bundle.py
--program editorial``)."""

from __future__ import annotations

import ast
import io
import re
import subprocess
import sys
from pathlib import Path

from hypothesis import given

from downwedig import Staircase, answer, parse, reference_answer
from downwedig.contest.bundling.bundle import bundle
from downwedig.contest.generating.registry import all_families, generate, to_text
from downwedig.contest.shipping.programs import PROGRAMS, editorial

from ...conftest import ROOT, SAMPLE, need_tool
from ...strategies import ORACLE_N, cases, examples, staircases


def solved(data: bytes) -> bytes:
    out = io.BytesIO()
    assert editorial.main([], io.BytesIO(data), out, io.BytesIO()) == 0
    return out.getvalue()


@given(staircase=staircases(max_n=ORACLE_N))
@examples(400)
def test_it_answers_as_the_oracle(staircase: Staircase) -> None:
    assert solved(staircase.to_text().encode()) == reference_answer(staircase).encode() + b"\n"


def test_every_family_at_every_size_as_the_engine() -> None:
    families = sorted(set(all_families()) - {"max"})
    for family, n in cases(families, (1, 9, 64, 2000)):
        rows = generate(family, n, seed=families.index(family))
        assert solved(to_text(rows).encode()).decode().strip() == answer(Staircase.from_ints(rows)), (family, n)


def test_the_bundle_is_the_file_as_written_and_a_learner_can_follow_it(tmp_path: Path) -> None:
    text = bundle(PROGRAMS["editorial"])
    source = Path(editorial.__file__).read_text(encoding="utf-8")
    assert text == source and bundle(PROGRAMS["editorial"], full=True) == source, "comments and all"
    tree = ast.parse(text, feature_version=(3, 9))  # (PyPy 3.9 runs it)
    imported = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    assert imported == {"sys", "typing"} and not any(isinstance(node, ast.ImportFrom) for node in ast.walk(tree))
    code = [line for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")]
    assert len(text.splitlines()) < 100 and len(code) < 70, "short enough to read in ten minutes"
    # Each part points to the editorial's section, and those sections are the editorial's.
    editorial_md = (ROOT / "docs" / "editorial.md").read_text(encoding="utf-8")
    headings = dict(re.findall(r"^## (\d+)\. (.+)$", editorial_md, re.M))
    cited = {int(n) for n in re.findall(r"[Ss]ection (\d+)", text)}
    assert cited == {2, 5, 6} and all(str(n) in headings for n in cited)
    assert "contest" in headings["6"].lower(), "section 6 is what to write in the contest"
    path = tmp_path / "editorial.py"
    path.write_text(text)
    run = subprocess.run([sys.executable, str(path)], input=SAMPLE.read_bytes(), capture_output=True, timeout=60)
    assert run.stdout == SAMPLE.with_suffix(".ans").read_bytes()


def test_it_runs_under_pypy_as_under_cpython(tmp_path: Path) -> None:
    pypy = need_tool(["pypy3"], "apt-get install pypy3")
    path = tmp_path / "editorial.py"
    path.write_text(bundle(PROGRAMS["editorial"]))
    families = sorted(set(all_families()) - {"max"})
    inputs = [SAMPLE.read_bytes(), *(to_text(generate(f, 500, seed=3)).encode() for f in families)]
    data = b"".join(len(x).to_bytes(8, "big") + x for x in inputs)
    loop = (
        "import sys\nsys.argv = [sys.argv[0]]\nimport importlib.util\n"
        f"spec = importlib.util.spec_from_file_location('e', {str(path)!r})\n"
        "e = importlib.util.module_from_spec(spec); spec.loader.exec_module(e)\nimport io\n"
        "raw = sys.stdin.buffer.read()\nat = 0\n"
        "while at < len(raw):\n"
        "    size = int.from_bytes(raw[at:at + 8], 'big'); out = io.BytesIO()\n"
        "    e.main([], io.BytesIO(raw[at + 8:at + 8 + size]), out, io.BytesIO()); at += 8 + size\n"
        "    sys.stdout.buffer.write(out.getvalue())\n"
    )
    run = subprocess.run([pypy, "-c", loop], input=data, capture_output=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert run.stdout.decode().split() == [answer(parse(x)) for x in inputs]
