"""The package as the setter's workspace (issue 25): judged as a package, rebuilt without losing the setter's
work, plans that fail cleanly, the stress loop closed."""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path

import pytest

from downwedig.contest.generating.plan import read_plan
from downwedig.contest.shipping.package import write_package

from ..conftest import Cli

PLAN = "n9-equal equal --n 9\nrandom-20 random --n 20 --seed 3\n"


@pytest.fixture(scope="module", params=["2025-09", "legacy"])
def package(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp(str(request.param)) / "downwedig"
    write_package(folder, str(request.param), read_plan(PLAN), time_limit=5, strength=False)
    return folder


@pytest.fixture(scope="module")
def solution(tmp_path_factory: pytest.TempPathFactory) -> str:
    from downwedig.contest.bundling.bundle import bundle
    from downwedig.contest.shipping.programs import PROGRAMS

    script = tmp_path_factory.mktemp("solution") / "solution.py"
    script.write_text(bundle(PROGRAMS["solution"]))
    return f"{shlex.quote(sys.executable)} {shlex.quote(str(script))}"


@pytest.mark.parametrize("where", ["", "data", "data/secret"])
def test_a_package_is_judged_on_its_sample_and_secret_tests_named_under_data(
    cli: Cli, package: Path, solution: str, where: str
) -> None:
    result = cli("test", "--solution", solution, "--format", "json", package / where)
    assert result.status == 0, result.stderr
    names = [row["name"] for row in json.loads(result.out)["tests"]]
    secret = ["secret/n9-equal", "secret/random-20"]
    assert names == (secret if where == "data/secret" else ["sample/1", *secret])
    text = cli("test", "--solution", solution, package / where)
    assert text.status == 0, text.stderr
    assert [line.split()[0] for line in text.out.splitlines()[1 : 1 + len(names)]] == names


def test_a_test_file_of_a_package_is_named_under_data(cli: Cli, package: Path, solution: str) -> None:
    result = cli("test", "--solution", solution, package / "data/secret/n9-equal.in")
    assert result.status == 0, result.stderr
    assert result.out.splitlines()[1].split()[:2] == ["secret/n9-equal", "AC"]


def test_a_folder_that_is_not_a_package_is_searched_as_before(
    cli: Cli, package: Path, solution: str, tmp_path: Path
) -> None:
    (tmp_path / "mine").mkdir()
    for suffix in (".in", ".ans"):
        (tmp_path / "mine" / f"a{suffix}").write_bytes((package / f"data/sample/1{suffix}").read_bytes())
    result = cli("test", "--solution", solution, tmp_path / "mine")
    assert result.status == 0, result.stderr
    assert result.out.splitlines()[1].split()[:2] == ["a", "AC"]


# -- plans that fail, fail cleanly (item 4, F3, N16) -------------------------------------------------


def test_every_error_of_a_plan_is_reported_at_its_own_line_and_nothing_is_written(cli: Cli, tmp_path: Path) -> None:
    plan = tmp_path / "d.plan"
    plan.write_text(
        "01-a equal --n 1 --row WWWWWWWW\n02-b equal --n 1 --row WWWWWWWW\n03-c random --n 4\n"
        "04-d equal --n 1 --row WWWWWWWW\n"
    )
    result = cli("gen", "--plan", plan, "-o", tmp_path / "t")
    assert result.status == 1
    assert result.stderr.splitlines() == [
        f"{plan}:2:1: error: test '02-b' is the same input as '01-a'",
        f"{plan}:4:1: error: test '04-d' is the same input as '01-a'",
    ]
    assert not (tmp_path / "t").exists()
    packaged = cli("package", "--no-strength", tmp_path / "pkg", "--tests", plan, "--time-limit", "5")
    assert packaged.status == 1
    assert packaged.stderr.splitlines()[:2] == result.stderr.splitlines()
    assert not (tmp_path / "pkg").exists()
    plan.write_text("01-a equal --n 1 --row WWWWWWWW\n03-c random --n 4\n")  # (fixed: the rerun goes through)
    again = cli("gen", "--plan", plan, "-o", tmp_path / "t")
    assert again.status == 0, again.stderr
    assert sorted(p.name for p in (tmp_path / "t").iterdir()) == ["01-a.ans", "01-a.in", "03-c.ans", "03-c.in"]


def test_the_errors_of_different_lines_are_all_reported_in_one_run(cli: Cli, tmp_path: Path) -> None:
    plan = tmp_path / "bad.plan"
    plan.write_text("a random --n 0\nb nosuchfamily\n# fine\nc equal --n 2\na equal --n 3\n")
    result = cli("gen", "--plan", plan, "-o", tmp_path / "t")
    assert result.status == 1
    lines = result.stderr.splitlines()
    assert [line.split(": error: ")[0] for line in lines] == [f"{plan}:1:10", f"{plan}:2:3", f"{plan}:5:1"]
    assert "test 'a' is already the test of line 1" in lines[2]
    assert not (tmp_path / "t").exists()


def test_gen_plan_writes_all_or_nothing(cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from downwedig.cli import _plan

    real = _plan._write
    count = 0

    def failing(path: Path, data: bytes) -> None:
        nonlocal count
        count += 1
        if count == 3:
            raise OSError(28, "No space left on device")
        real(path, data)

    monkeypatch.setattr(_plan, "_write", failing)
    (tmp_path / "t").mkdir()
    (tmp_path / "t" / "mine.txt").write_text("the setter's")
    result = cli("gen", "--plan", "small", "-o", tmp_path / "t")
    assert result.status == 1
    assert "No space left on device; nothing was written" in result.stderr
    assert [p.name for p in (tmp_path / "t").iterdir()] == ["mine.txt"]


# -- a rebuild keeps the setter's work (item 3, F5) ---------------------------------------------------


def _uuid(package: Path) -> str:
    import re

    found = re.search(r"(?m)^uuid: (\S+)$", (package / "problem.yaml").read_text())
    assert found is not None
    return found[1]


@pytest.mark.parametrize("fmt", ["2025-09", "legacy"])
def test_a_rebuild_regenerates_its_own_files_and_keeps_the_setter_s(cli: Cli, tmp_path: Path, fmt: str) -> None:
    plan = tmp_path / "my.plan"
    plan.write_text(PLAN)
    package = tmp_path / "downwedig"
    build = ("package", "--no-strength", package, "--format", fmt, "--tests", plan, "--time-limit", "5")
    assert cli(*build).status == 0
    identity = _uuid(package)
    mine = {
        "submissions/accepted/mine.py": "print('mine')\n",
        "notes.txt": "the setter's notes\n",
        "problem.en.pdf": "%PDF-1.5 (bt pdf's)\n",
        "data/secret/by-hand.in": "1\nWWWWWWWW\n",
        "data/secret/by-hand.ans": "2\n",
        "drafts/idea.md": "an idea\n",
    }
    for name, text in mine.items():
        (package / name).parent.mkdir(parents=True, exist_ok=True)
        (package / name).write_text(text)
    (package / "data/secret/n9-equal.in").unlink()  # (a file of its own that is gone is made again)
    plan.write_text("n9-equal equal --n 9\nrandom-30 random --n 30 --seed 3\n")
    rebuilt = cli(*build, "--force")
    assert rebuilt.status == 0, rebuilt.stderr
    assert "package: kept 5 of yours, as they were: " in rebuilt.out
    for entry in ("data/secret/by-hand.ans", "drafts/", "notes.txt", "submissions/accepted/mine.py"):
        assert entry in rebuilt.out
    # (A PDF at the root is what a judge's tool made of the package before: kept, but said to be older than it.)
    assert "package: kept 1 made from the package before, now older than it: problem.en.pdf (made again by" in (
        rebuilt.out
    )
    assert {name: (package / name).read_text() for name in mine} == mine
    assert _uuid(package) == identity
    assert (package / "data/secret/random-30.in").exists() and (package / "data/secret/n9-equal.in").exists()
    assert not (package / "data/secret/random-20.in").exists()  # (its own old test, gone from the plan)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["downwedig", "my.plan"]  # (nothing left beside it)
    # Its own file changed by the setter is never overwritten: the rebuild is refused, naming it.
    (package / "input_validators/validate.py").write_text("# mine now\n")
    refused = cli(*build, "--force")
    assert refused.status == 2
    assert "input_validators/validate.py" in refused.stderr and "--force would overwrite them" in refused.stderr
    assert (package / "input_validators/validate.py").read_text() == "# mine now\n"


def test_a_rebuild_names_bt_s_outputs_as_stale_and_says_how_many_of_yours_it_does_not_name(
    cli: Cli, tmp_path: Path
) -> None:
    package = tmp_path / "downwedig"
    build = ("package", "--no-strength", package, "--tests", "small", "--time-limit", "5")
    assert cli(*build).status == 0
    for name in ("downwedig.zip", "samples.zip", "problem.en.pdf", "solution.en.pdf", ".gitignore"):
        (package / name).write_bytes(b"made by bt\n")
    for index in range(10):
        (package / f"submissions/accepted/mine{index}.py").write_text("print()\n")
    rebuilt = cli(*build, "--force")
    assert rebuilt.status == 0, rebuilt.stderr
    assert (
        "package: kept 4 made from the package before, now older than it: downwedig.zip, problem.en.pdf, "
        "samples.zip, solution.en.pdf (made again by the tool that made each: bt zip, bt pdf, ...)\n"
    ) in rebuilt.out
    assert "package: kept 11 of yours, as they were: .gitignore, submissions/accepted/mine0.py, " in rebuilt.out
    assert "mine6.py and 3 more\n" in rebuilt.out
    assert all((package / name).read_bytes() == b"made by bt\n" for name in ("downwedig.zip", ".gitignore"))


def test_two_packages_never_share_a_uuid_and_force_still_refuses_a_folder_it_did_not_write(
    cli: Cli, tmp_path: Path
) -> None:
    plan = tmp_path / "my.plan"
    plan.write_text(PLAN)
    for name in ("a", "b"):
        assert (
            cli("package", "--no-strength", tmp_path / name / "downwedig", "--tests", plan, "--time-limit", "5").status
            == 0
        )
    assert _uuid(tmp_path / "a/downwedig") != _uuid(tmp_path / "b/downwedig")
    theirs = tmp_path / "theirs"
    (theirs / "data").mkdir(parents=True)
    (theirs / "problem.yaml").write_text("name: theirs\n")
    refused = cli("package", "--no-strength", theirs, "--tests", plan, "--time-limit", "5", "--force")
    assert refused.status == 2 and "is not a package that 'downwedig package' wrote" in refused.stderr
    assert sorted(p.name for p in theirs.iterdir()) == ["data", "problem.yaml"]


def test_a_setter_s_file_where_a_new_test_goes_stops_the_rebuild(cli: Cli, tmp_path: Path) -> None:
    plan = tmp_path / "my.plan"
    plan.write_text(PLAN)
    package = tmp_path / "downwedig"
    assert cli("package", "--no-strength", package, "--tests", plan, "--time-limit", "5").status == 0
    (package / "data/secret/extra.in").write_text("mine\n")
    plan.write_text(PLAN + "extra random --n 40\n")
    refused = cli("package", "--no-strength", package, "--tests", plan, "--time-limit", "5", "--force")
    assert refused.status == 1
    assert "data/secret/extra.in is not the tool's" in refused.stderr
    assert (package / "data/secret/extra.in").read_text() == "mine\n"
    assert (package / "data/secret/random-20.in").exists()  # (left as it was)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["downwedig", "my.plan"]


# -- signals and paths (item 6, N9, N15) --------------------------------------------------------------


@pytest.mark.parametrize(("name", "status"), [("SIGTERM", 143), ("SIGHUP", 129)])
def test_a_signal_while_package_times_its_solutions_ends_every_run_and_leaves_nothing(
    tmp_path: Path, name: str, status: int
) -> None:
    import os
    import signal
    import time

    from ..isolation import left_running, our_processes
    from .test_signals import start

    temporary = tmp_path / "tmp"
    temporary.mkdir()
    plan = tmp_path / "slow.plan"
    plan.write_text(PLAN + "".join(f"t{k} random --n 60000 --seed {k}\n" for k in range(4)))
    tag = f"workspace-{os.getpid()}-{time.monotonic_ns()}"
    package = start("package", "--no-strength", tmp_path / "downwedig", "--tests", plan, tag=tag, TMPDIR=str(temporary))
    try:
        deadline = time.monotonic() + 60
        while not our_processes(tag, runs=True):  # (a run going on: a process with its mark)
            assert package.poll() is None and time.monotonic() < deadline, "the timing never started"
            time.sleep(0.02)
        os.kill(package.pid, getattr(signal, name))
        _, err = package.communicate(timeout=60)
    finally:
        if package.poll() is None:
            os.killpg(package.pid, signal.SIGKILL)
            package.wait()
    assert package.returncode == status, err
    assert b"Traceback" not in err
    assert left_running(tag, patience=20) == []  # (a killed run can take seconds to go on a loaded machine)
    assert list(temporary.iterdir()) == []  # (no run folder, no timing folder with its compiled solution)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["slow.plan", "tmp"]


@pytest.mark.parametrize("where", ["x/../downwedig/in.zip", "link/in.zip", "/dev/null.zip", "/proc/in.zip"])
def test_a_zip_path_inside_the_package_or_where_none_can_go_is_refused_before_anything_is_built(
    cli: Cli, tmp_path: Path, where: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from downwedig.contest.shipping.formats import domjudge

    monkeypatch.setattr(domjudge, "missing", lambda: [])  # (the check of lualatex comes after)
    monkeypatch.chdir(tmp_path)
    plan = tmp_path / "my.plan"
    plan.write_text(PLAN)
    assert cli("package", "--no-strength", "downwedig", "--tests", plan, "--time-limit", "5").status == 0
    (tmp_path / "x").mkdir()
    (tmp_path / "link").symlink_to(tmp_path / "downwedig")
    before = sorted(p.name for p in (tmp_path / "downwedig").iterdir())
    result = cli(
        "package", "--no-strength", "downwedig", "--tests", plan, "--time-limit", "5", "--force", "--zip", where
    )
    assert result.status == 2
    assert "--zip" in result.stderr and ("outside the package" in result.stderr or "not written into" in result.stderr)
    assert sorted(p.name for p in (tmp_path / "downwedig").iterdir()) == before
    assert not Path("/dev/null.zip").exists()


# -- the loop closes: stress --add-to, and --save that cannot write (item 5, N12) ---------------------


def test_stress_add_to_keeps_the_shrunk_test_in_the_plan_and_the_next_package_carries_it(
    cli: Cli, tmp_path: Path
) -> None:
    from ..solutions import solution_command

    plan = tmp_path / "plans" / "my.plan"
    plan.parent.mkdir()
    plan.write_text(PLAN.rstrip("\n"))  # (no newline at its end: the line added starts a line of its own)
    argv = ["stress", "--solution", solution_command(tmp_path, "day_one"), "--max-n", "30", "--seed", "1"]
    result = cli(*argv, "--save", tmp_path / "fail", "--add-to", plan)
    assert result.status == 1
    line = plan.read_text().splitlines()[-1]
    name = line.split()[0]
    assert line.startswith(f"{name} file {name}.in  # stress --seed 1, test ") and name.startswith("stress-1-")
    assert f"added to {plan}: {name} file {name}.in" in result.out
    assert (plan.parent / f"{name}.in").read_bytes() == (tmp_path / "fail.in").read_bytes() == b"1\nWWWWWWWW\n"
    again = cli(*argv, "--save", tmp_path / "fail", "--add-to", plan)  # (the same failure: another name)
    assert again.status == 1 and plan.read_text().splitlines()[-1].startswith(f"{name}-2 file {name}-2.in")
    plan.write_text("\n".join(plan.read_text().splitlines()[:-1]) + "\n")
    (plan.parent / f"{name}-2.in").unlink()
    package = cli("package", "--no-strength", tmp_path / "downwedig", "--tests", plan, "--time-limit", "5")
    assert package.status == 0, package.stderr
    assert (tmp_path / "downwedig" / "data/secret" / f"{name}.in").read_bytes() == b"1\nWWWWWWWW\n"


def test_stress_add_to_needs_a_plan_that_reads(cli: Cli, tmp_path: Path) -> None:
    from ..solutions import solution_command

    plan = tmp_path / "bad.plan"
    plan.write_text("a random --n 0\n")
    result = cli("stress", "--solution", solution_command(tmp_path, "day_one"), "--add-to", plan)
    assert result.status == 1 and result.stderr.startswith(f"{plan}:1:10: error: --n must be")
    assert result.out == ""
    missing = cli("stress", "--solution", solution_command(tmp_path, "day_one"), "--add-to", tmp_path / "none")
    assert missing.status == 2 and "not a plan file" in missing.stderr


def test_stress_that_cannot_save_prints_the_test_in_full_and_names_what_failed(cli: Cli, tmp_path: Path) -> None:
    from ..solutions import solution_command

    argv = ["stress", "--solution", solution_command(tmp_path, "day_one"), "--max-n", "30", "--seed", "1"]
    result = cli(*argv, "--save", tmp_path / "nodir" / "sf")
    assert result.status == 1
    assert "\n1\nWWWWWWWW\n\nexpected: 2\n" in result.out and "original test (" in result.out
    assert "saved " not in result.out
    assert f"--save {tmp_path / 'nodir' / 'sf'}: cannot write '{tmp_path / 'nodir' / 'sf.in'}'" in result.stderr
    assert "(the failing test is printed above in full)" in result.stderr
