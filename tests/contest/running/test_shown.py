"""What a sandboxed run is shown, and the sandbox asked for: it fails closed (P5); the judge's own solver is shown
to downwedig's own command alone (P7); a folder or file named in the command is shown only when nothing in it may
be a test: no test by name, no archive, no other name of a file (P8)."""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from downwedig.contest.running import sandbox, shown
from downwedig.contest.running.limits import Limits
from downwedig.contest.running.run import run_solution
from downwedig.errors import CommandError, UsageError

from ...conftest import SAMPLE


@pytest.mark.parametrize("value", ["yes", "on", "bwrap1", " none", "None"])
def test_a_sandbox_asked_for_by_an_unknown_name_is_a_usage_error(value: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(sandbox.CHOICE, value)
    with pytest.raises(UsageError, match="expected one of auto, bwrap, none"):
        sandbox.sandbox()


def test_bubblewrap_asked_for_and_missing_is_an_error_that_says_how_to_install_it(tmp_path: Path) -> None:
    (tmp_path / "t.in").write_bytes(SAMPLE.read_bytes())
    (tmp_path / "t.ans").write_bytes(SAMPLE.with_suffix(".ans").read_bytes())
    env = {**os.environ, sandbox.CHOICE: "bwrap", "PATH": str(tmp_path)}  # (no bwrap on it)
    done = subprocess.run(
        [sys.executable, "-m", "downwedig", "test", str(tmp_path), "--solution", "/bin/true"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert done.returncode == 1 and done.stdout == "", done
    assert "DOWNWEDIG_SANDBOX=bwrap, but bubblewrap is missing (apt-get install bubblewrap)" in done.stderr
    assert "Traceback" not in done.stderr


def test_the_choice_none_and_auto_without_bubblewrap_judge_without_it_and_say_so(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv(sandbox.CHOICE, "none")
    found = sandbox.sandbox()
    assert isinstance(found, sandbox.NoSandbox) and found.name is None
    assert any("no sandbox (DOWNWEDIG_SANDBOX=none)" in why for why in found.missing(accounted=True))
    monkeypatch.setattr(sandbox, "_found", {})
    monkeypatch.setenv(sandbox.CHOICE, "auto")
    monkeypatch.setattr("shutil.which", lambda name, path=None: None)
    without = sandbox.sandbox()
    assert isinstance(without, sandbox.NoSandbox) and "apt-get install bubblewrap" in without.reason
    monkeypatch.setenv(sandbox.CHOICE, "bwrap")
    with pytest.raises(CommandError, match="apt-get install bubblewrap"):
        sandbox.sandbox()


def test_the_judge_s_solver_is_shown_to_its_own_command_only(boxed: None) -> None:
    python = shlex.quote(sys.executable)
    data, answer = SAMPLE.read_bytes(), SAMPLE.with_suffix(".ans").read_bytes()
    imports = run_solution(f"{python} -c 'import downwedig.cli'", data, Limits())
    assert imports.returncode == 1 and b"No module named 'downwedig" in imports.stderr, imports
    for own in (f"{python} -m downwedig solve", f"sh -c 'exec {python} -m downwedig solve'"):
        run = run_solution(own, data, Limits())
        assert (run.returncode, run.stdout) == (0, answer), (own, run)


def test_a_named_folder_holding_an_archive_or_another_name_of_a_file_is_not_shown(tmp_path: Path, boxed: None) -> None:
    answer = tmp_path / "t.ans"
    answer.write_bytes(SAMPLE.with_suffix(".ans").read_bytes())
    (tmp_path / "t.in").write_bytes(SAMPLE.read_bytes())
    folders = {name: tmp_path / name for name in ("plain", "linked", "zipped")}
    for folder in folders.values():
        folder.mkdir()
        (folder / "notes.txt").write_text("seen\n")
    os.link(answer, folders["linked"] / "table.txt")  # (the answer under another name)
    with zipfile.ZipFile(folders["zipped"] / "package.zip", "w") as archive:
        archive.write(answer, "data/secret/t.ans")
    for name, folder in folders.items():
        run = run_solution(f"cd {shlex.quote(str(folder))} && cat *; exit 0", b"", Limits())
        assert run.stdout.startswith(b"seen\n") is (name == "plain"), (name, run)
    # A file named by itself is not shown either, when it is another name of a file or an archive.
    for path in (folders["linked"] / "table.txt", folders["zipped"] / "package.zip", folders["plain"] / "notes.txt"):
        run = run_solution(f"cat {shlex.quote(str(path))}; exit 0", b"", Limits())
        assert (run.stdout != b"") is (path.name == "notes.txt"), (path, run)
    assert not shown._shown_folder(str(folders["linked"])) and shown._shown_folder(str(folders["plain"]))


def test_a_polygon_test_a_link_to_an_answer_and_the_kernel_s_views_are_not_shown(tmp_path: Path, boxed: None) -> None:
    # (the second audit: Polygon's NN.a named by itself, a named symbolic link to an answer, /sys named)
    answer = SAMPLE.with_suffix(".ans").read_bytes()
    polygon = tmp_path / "tests"
    polygon.mkdir()
    for name in ("05", "05.a", "example.01.a"):
        (polygon / name).write_bytes(answer)
    links = tmp_path / "links"
    links.mkdir()
    (tmp_path / "t.in").write_bytes(SAMPLE.read_bytes())
    (tmp_path / "t.ans").write_bytes(answer)
    (links / "table.txt").symlink_to(tmp_path / "t.ans")
    for path in (polygon / "05.a", polygon / "05", polygon / "example.01.a", links / "table.txt"):
        run = run_solution(f"cat {shlex.quote(str(path))}; exit 0", b"", Limits())
        assert run.stdout == b"", (path, run)
    assert not shown._shown_folder(str(polygon))
    run = run_solution("ls /sys/fs/cgroup /sys/kernel; exit 0", b"", Limits())
    assert run.stdout == b"", run


def test_naming_the_run_s_own_streams_is_no_failure(tmp_path: Path, boxed: None) -> None:
    # (the second audit: /dev/stderr was bound as the judge's own, and the sandbox could not be made, when the
    # judge's errors went to a file)
    (tmp_path / "t.in").write_bytes(SAMPLE.read_bytes())
    (tmp_path / "t.ans").write_bytes(SAMPLE.with_suffix(".ans").read_bytes())
    solution = (
        f"sh -c 'echo debug >/dev/stderr; cat /proc/self/status >/dev/null; exec {sys.executable} -m downwedig solve'"
    )
    with open(tmp_path / "judge.log", "wb") as log:
        done = subprocess.run(
            [sys.executable, "-m", "downwedig", "test", str(tmp_path), "--solution", solution],
            stdout=subprocess.PIPE,
            stderr=log,
            timeout=60,
        )
    assert done.returncode == 0 and b"1 of 1 tests AC" in done.stdout, (done, (tmp_path / "judge.log").read_text())


def test_a_program_or_a_folder_named_downwedig_is_not_downwedig_s_own(tmp_path: Path, boxed: None) -> None:
    # (the second audit: the package was shown to a contestant's ./downwedig, and to a checkout named so)
    folder = tmp_path / "downwedig"
    folder.mkdir()
    program = folder / "downwedig"
    program.write_text(f"#!/bin/sh\nexec {sys.executable} -c 'import downwedig.cli' \"$@\"\n")
    program.chmod(0o755)
    for command in (str(program), f"sh -c 'cd {folder} && exec {sys.executable} -c \"import downwedig.cli\"'"):
        assert not shown.own_command(command), command
        run = run_solution(command, b"", Limits())
        assert run.returncode == 1 and b"No module named 'downwedig" in run.stderr, (command, run)
