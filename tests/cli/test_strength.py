"""``downwedig strength``: the table, the JSON, witnesses that really differ, ``--add-to``, and the exit statuses."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from downwedig.cli.strength import _text
from downwedig.contest.generating.plan import load_plan
from downwedig.contest.judging.verdict import Verdict
from downwedig.contest.strength.catalogue import EQUIVALENT, mutant
from downwedig.contest.strength.report import Entry, Strength
from downwedig.contest.strength.witness import Search, Witness
from downwedig.reference import reference_answer
from downwedig.staircase import Staircase

from ..conftest import SAMPLE, Cli, default_signals, only_thorough, run_cli
from ..isolation import left_running, our_processes
from ..solutions import solution_command


@pytest.fixture
def sample_only(tmp_path: Path) -> Path:
    folder = tmp_path / "tests"
    folder.mkdir()
    (folder / "sample.in").write_bytes(SAMPLE.read_bytes())
    (folder / "sample.ans").write_bytes(SAMPLE.with_suffix(".ans").read_bytes())
    return folder


@pytest.fixture
def few(cli: Cli, tmp_path: Path, sample_only: Path) -> Path:
    """The sample and three small tests of the built-in plan's kinds (n = 9, 10, 300)."""
    for name, words in {
        "n9": ["equal", "--n", "9", "--row", "RWWRRWWR"],
        "n10": ["random", "--n", "10", "--seed", "9"],
        "d2": ["neighbours", "--n", "300", "--seed", "13", "--d", "2"],
    }.items():
        made = cli("gen", *words)
        assert made.status == 0
        (sample_only / f"{name}.in").write_bytes(made.stdout)
        answer = reference_answer(Staircase.from_rows(made.out.split()[1:]))
        (sample_only / f"{name}.ans").write_text(answer + "\n")
    return sample_only


def test_on_the_sample_alone_every_survivor_gets_a_small_witness_added_to_the_plan(
    cli: Cli, tmp_path: Path, sample_only: Path
) -> None:
    only_thorough("every mutant's search on the sample: 11 s of CPU (the searches' own tests run always)")
    plan = tmp_path / "my.plan"
    plan.write_text("a equal --n 3\n")
    result = cli("strength", sample_only, "--format", "json", "-j", "2", "--add-to", plan)
    assert result.status == 1  # (survivors with a witness: the tests miss them)
    report = json.loads(result.out)
    assert set(report) >= {"mutants", "solutions", "tests", "caught", "smallest_cover", "unique", "added_to_plan"}
    assert report["tests"] == ["sample"] and report["solutions"] == []
    entries = {entry["name"]: entry for entry in report["mutants"]}
    assert len(entries) >= 30
    for name, entry in entries.items():
        assert set(entry) >= {"name", "killed_by", "witness", "equivalent_up_to"}
        if entry["killed_by"]:
            assert entry["killed_by"] == ["sample"] and entry["witness"] is None
            continue
        if entry["witness"] is None and mutant(name).needs:  # (only a large test catches it: not searched)
            assert entry["equivalent_up_to"] is None and entry["equivalence"].startswith("no small staircase"), name
            continue
        if entry["witness"] is None:
            assert entry["equivalent_up_to"] == 4 and name in EQUIVALENT, name
            continue
        lines = entry["witness"].split()
        rows = lines[1:]
        assert int(lines[0]) == len(rows) <= 20
        truth = reference_answer(Staircase.from_rows(rows))
        assert entry["expected"] == truth
        try:
            printed = mutant(name).answer(bytes(Staircase.from_rows(rows).values())).decode()
        except IndexError:
            printed = None
        assert printed != truth, name
    likely = {name for name, entry in entries.items() if not entry["killed_by"] and entry["witness"] is None}
    assert {"window_9", "columns_reversed", "colours_swapped", "last_step_never_computed"} <= likely
    assert report["caught"] == {"mutants": sum(bool(e["killed_by"]) for e in entries.values()), "of": len(entries)}
    # --add-to: each witness a hand-made test of the plan, saved beside it, as stress --add-to adds a failure
    witnessed = [e for e in report["mutants"] if e["witness"]]
    assert len(report["added_to_plan"]) == len(witnessed) > 0
    assert [t.name for t in load_plan(str(plan))] == ["a", *report["added_to_plan"]]
    first = witnessed[0]
    assert (tmp_path / f"strength-{first['name']}.in").read_text() == first["witness"]
    assert f"# strength: catches {first['name']}" in plan.read_text()


def test_the_table_names_every_mutant_the_solutions_and_the_tests_side(cli: Cli, tmp_path: Path, few: Path) -> None:
    only_thorough("the whole catalogue and a solution on four tests, with the survivors' searches: 11 s of CPU")
    wrong = solution_command(tmp_path, "day_one")  # wrong on day 1 of every test
    result = cli("strength", few, "-j", "2", "--solution", wrong)
    lines = result.out.splitlines()
    assert lines[0].startswith("strength: the tests catch ") and "mutants" in lines[0]
    assert any(line.split()[:1] == ["short_window"] for line in lines)
    (row,) = [line for line in lines if line.strip().startswith(wrong[:40])]  # (a long command is cut to 40)
    assert row.endswith("4 tests  d2 (WA), n9 (WA), n10 (WA) and 1 more")
    assert any(line.startswith("tests that catch what no other test does: ") for line in lines)
    assert any(line.startswith("smallest set of tests keeping every catch (exact): ") for line in lines)
    assert "\033[" not in result.out and result.stderr == ""  # (no colour, no progress off a terminal)


def test_a_correct_rewrite_is_never_called_caught(cli: Cli, tmp_path: Path, sample_only: Path) -> None:
    only_thorough("a solution's witness search: about 500 runs")
    right = solution_command(tmp_path, "correct")
    report = json.loads(cli("strength", sample_only, "--solution", right, "--format", "json").out)
    (entry,) = report["solutions"]
    assert entry["killed_by"] == [] and entry["witness"] is None and entry["equivalent_up_to"] == 2


def test_usage_errors(cli: Cli, tmp_path: Path, sample_only: Path) -> None:
    missing = cli("strength", sample_only, "--add-to", tmp_path / "none.plan")
    assert missing.status == 2 and "not a plan file" in missing.stderr
    source = cli("strength", sample_only, "--solution", "x.cpp")
    assert source.status == 2 and "compile it first" in source.stderr


def test_the_table_is_coloured_only_when_asked() -> None:
    tests = ["t"]
    caught = Entry("first_day", "", [Verdict.WA], [""], tests)
    witness = Witness([0], Verdict.WA, "wrong answer on day 1", "2", "1")
    missed = Entry("x", "", [Verdict.AC], [""], tests, Search(witness, None, 1, ""))
    report = Strength(tests, [caught, missed], [], {"t": ["first_day"]}, ["t"], True)
    plain = _text(report, False, None, [])
    assert "\033[" not in plain and "witness of 1 step" in plain
    assert "add the witnesses to a plan: run again with --add-to PLAN" in plain
    painted = _text(report, True, None, [])
    assert f"\033[{Verdict.WA.colour}m" in painted


@pytest.mark.parametrize(("name", "status"), [("SIGTERM", 143), ("SIGINT", 130)])
def test_a_signal_ends_the_mutants_workers_at_once(tmp_path: Path, name: str, status: int) -> None:
    tag = f"strength-{os.getpid()}-{time.monotonic_ns()}"
    folder = tmp_path / "tests"
    folder.mkdir()
    big = b"300000\n" + b"WRWWRRWR\nRRWWRRWW\nWWWRRRWR\n" * 100_000
    answer = run_cli("solve", stdin=big).stdout
    for k in range(8):  # (about 40 s of the mutants' work: the signal comes long before its end)
        (folder / f"{k}.in").write_bytes(big)
        (folder / f"{k}.ans").write_bytes(answer)
    judge = subprocess.Popen(
        [sys.executable, "-m", "downwedig", "strength", str(folder), "-j", "2"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "DOWNWEDIG_TEST_TAG": tag},
        start_new_session=True,
        preexec_fn=default_signals,
    )
    try:
        deadline = time.monotonic() + 60
        while len(our_processes(tag)) < 3 and time.monotonic() < deadline:  # (the command and two workers)
            time.sleep(0.05)
        assert judge.poll() is None and len(our_processes(tag)) >= 3, "the workers never started"
        stopped = time.monotonic()
        os.kill(judge.pid, getattr(signal, name))
        _, err = judge.communicate(timeout=60)
        assert judge.returncode == status and b"Traceback" not in err, err
        assert time.monotonic() - stopped < 10
        assert left_running(tag) == []
    finally:
        if judge.poll() is None:
            os.killpg(judge.pid, signal.SIGKILL)
            judge.wait()
