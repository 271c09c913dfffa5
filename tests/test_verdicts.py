"""One table of verdicts across judges (``docs/verdicts.py``, shown in ``docs/judges.md``): every solution judged by
``downwedig test``, DMOJ's judge, ``bt run`` and ``verifyproblem`` on the same tests, each getting what its place
says, DMOJ and downwedig agreeing test by test, every other difference explained; and the table in the docs is what
the judges say now.  Minutes of every judge: under the thorough profile, as CI runs it, with every tool."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

from .conftest import ROOT, missing_tool, only_thorough

#: The verdicts a solution of each Kattis folder may get, in any judge's words.
MUST = {
    "accepted": {"AC"},
    "wrong_answer": {"WA", "PE"},
    "time_limit_exceeded": {"TLE"},
    "run_time_error": {"RE", "RTE", "IR"},
}


def verdicts_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("docs_verdicts", ROOT / "docs" / "verdicts.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # (its dataclasses look their module up there)
    spec.loader.exec_module(module)
    return module


def test_every_judge_gives_each_solution_its_verdict_and_the_docs_table_says_so(tmp_path: Path) -> None:
    only_thorough("every judge on every solution: minutes of CPU")
    script = verdicts_script()
    lacking = script.missing_tools()
    if lacking:
        missing_tool("needs " + "; ".join(lacking))
    judged, tested = script.judge_all(tmp_path)  # (it raises unless dmoj-cli test passes every self-test)
    assert "All tests passed." in tested and tested.count("Result of test") == 8
    assert [one.solution for one in judged] == script.SOLUTIONS
    for one in judged:
        name = one.solution.label
        allowed = MUST[one.solution.folder]
        ours, first = script.first_failure(one.downwedig)
        assert ours in allowed, f"{name}: downwedig test says {ours}"
        assert len(one.downwedig) == len(one.dmoj) == 12, name  # (the sample and the plan's eleven)
        assert script.differences(one) == [], f"{name}: DMOJ and downwedig differ"
        assert script.unexplained(one) == [], name
        for who, verdict in script.others(one).items():
            assert verdict in allowed, f"{name}: {who} says {verdict}"
        if one.bt is not None and ours != "AC":
            assert one.bt[1] == first, f"{name}: bt run's first failure is {one.bt[1]}, downwedig's {first}"
    text = (ROOT / "docs" / "judges.md").read_text(encoding="utf-8")
    stale = "docs/judges.md's table is not what the judges say now: python docs/verdicts.py"
    assert script.replaced(text, script.table(judged)) == text, stale


def test_dmoj_cli_test_fails_a_self_test_whose_verdict_is_not_the_expected_one(tmp_path: Path) -> None:
    """The self-tests are a real check: ``dmoj-cli test`` exits with the number that failed, saying how."""
    only_thorough("DMOJ's judge compiles the checker: seconds")
    script = verdicts_script()
    lacking = script.missing_tools()
    if lacking:
        missing_tool("needs " + "; ".join(lacking))
    from downwedig.contest.generating.plan import read_plan
    from downwedig.contest.shipping.package import write_package

    folder = write_package(tmp_path / "problems" / "dig", "dmoj", read_plan("a equal --n 9\n"), time_limit=5).path
    init = folder / "init.yml"
    lines = init.read_text().splitlines(keepends=True)
    tests = lines.index("tests:\n")
    wrong = [line.replace("expect: AC", "expect: WA") for line in lines[tests + 1 :] if "solution.cpp" in line]
    init.write_text("".join([*lines[: tests + 1], *wrong]))  # (one self-test: the C++ solution must get WA)
    status, said = script.dmoj_cli(script.judge_config(tmp_path, tmp_path / "problems"), "test", "dig")
    assert status == 1, said
    assert "Unexpected global code: AC, expecting WA" in said and "A total of 1 test(s) failed" in said
