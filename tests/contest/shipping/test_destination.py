"""Writing a package's folder: never over what the tool did not write, whole or not at all, whatever happens."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from downwedig.contest.generating.plan import read_plan
from downwedig.contest.shipping import manifest as manifest_module
from downwedig.contest.shipping.destination import check_destination, write_folder
from downwedig.contest.shipping.manifest import MARKER, manifest
from downwedig.contest.shipping.package import write_package
from downwedig.errors import CommandError, InvalidDestination

from ...conftest import default_signals

TINY = "a equal --n 9\nb random --n 20\n"
FILES = [("problem.yaml", b"name: x\n"), ("data/secret/a.in", b"1\nWWWWWWWW\n")]


def test_force_refuses_a_folder_that_is_not_a_package_and_keeps_it_whole(tmp_path: Path) -> None:
    alice = tmp_path / "alice"
    (alice / ".git").mkdir(parents=True)
    (alice / "thesis").mkdir()
    (alice / "thesis" / "ch1.tex").write_text("my thesis")
    with pytest.raises(InvalidDestination, match="not a package that 'downwedig package' wrote"):
        write_package(alice, "legacy", read_plan(TINY), force=True, time_limit=5, strength=False)
    assert (alice / "thesis" / "ch1.tex").read_text() == "my thesis" and (alice / ".git").is_dir()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["alice"]


def test_force_keeps_what_was_added_and_refuses_a_package_whose_own_files_changed(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    write_package(package, "legacy", read_plan(TINY), time_limit=5, strength=False)
    (package / ".git").mkdir()
    (package / "notes.txt").write_text("mine")
    assert check_destination(package, force=True).kept == (".git/", "notes.txt")
    (package / "problem.yaml").write_text("name: mine\n")
    with pytest.raises(InvalidDestination, match=r"were changed since \(problem\.yaml\); --force would overwrite"):
        check_destination(package, force=True)
    (package / "problem.yaml").unlink()
    (package / "problem.yaml").symlink_to(tmp_path)  # a link is not what was written either
    with pytest.raises(InvalidDestination, match=r"problem\.yaml"):
        check_destination(package, force=True)


def test_the_manifest_lists_every_file_as_sha256sum_does(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    built = write_package(package, "legacy", read_plan(TINY), time_limit=5, strength=False)
    listed = (package / MARKER).read_text().splitlines()
    assert len(listed) + 1 == built.files  # (every file written, but the manifest itself)
    on_disk = sorted(str(p.relative_to(package)) for p in package.rglob("*") if p.is_file() and p.name != MARKER)
    assert sorted(line.split("  ", 1)[1] for line in listed) == on_disk
    check = subprocess.run(["sha256sum", "--quiet", "-c", MARKER], cwd=package, capture_output=True)
    assert check.returncode == 0, check.stdout + check.stderr
    assert check_destination(package, force=True).found == "package"


def test_a_folder_that_appears_while_the_package_is_made_is_left_as_it_is(tmp_path: Path) -> None:
    target = tmp_path / "pkg"
    checked = check_destination(target)
    assert checked.found is None
    target.mkdir()
    (target / "notes.txt").write_text("mine")
    with pytest.raises(CommandError, match="appeared while the package was being made"):
        write_folder(checked, FILES)
    assert [p.name for p in target.iterdir()] == ["notes.txt"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pkg"]  # and no temporary folder is left


def test_an_empty_folder_filled_meanwhile_is_left_as_it_is(tmp_path: Path) -> None:
    target = tmp_path / "pkg"
    target.mkdir()
    checked = check_destination(target)
    assert checked.found == "empty"
    (target / "notes.txt").write_text("mine")
    with pytest.raises(CommandError, match="changed while the package was being made"):
        write_folder(checked, FILES)
    assert [p.name for p in target.iterdir()] == ["notes.txt"]


def test_a_file_added_meanwhile_is_kept_and_a_file_changed_meanwhile_stops_the_rebuild(tmp_path: Path) -> None:
    target = tmp_path / "pkg"
    write_folder(check_destination(target), FILES)
    checked = check_destination(target, force=True)
    (target / "notes.txt").write_text("mine")
    assert write_folder(checked, [("other.txt", b"")]) == ["notes.txt"]
    assert sorted(p.name for p in target.iterdir()) == [MARKER, "notes.txt", "other.txt"]
    checked = check_destination(target, force=True)
    (target / "other.txt").write_text("mine now")
    with pytest.raises(CommandError, match=r"other\.txt changed while the package was being made"):
        write_folder(checked, FILES)
    assert (target / "other.txt").read_text() == "mine now" and (target / "notes.txt").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pkg"]


def test_two_runs_on_one_folder_give_one_package_and_one_refusal(tmp_path: Path) -> None:
    target = tmp_path / "pkg"
    first, second = check_destination(target), check_destination(target)
    write_folder(first, FILES)
    with pytest.raises(CommandError, match="appeared"):
        write_folder(second, [("other.txt", b"")])
    assert sorted(p.name for p in target.iterdir()) == sorted([MARKER, "problem.yaml", "data"])


def test_dots_and_links_above_the_folder_are_resolved_first(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bob = tmp_path / "bob"
    bob.mkdir()
    (bob / "data.txt").write_text("mine")
    monkeypatch.chdir(bob)
    with pytest.raises(InvalidDestination, match="holds the current folder"):
        check_destination(Path("../bob"), force=True)
    with pytest.raises(InvalidDestination, match="holds the current folder"):
        check_destination(Path("."), force=True)
    assert [p.name for p in bob.iterdir()] == ["data.txt"]
    (tmp_path / "link").symlink_to(tmp_path / "real", target_is_directory=True)
    (tmp_path / "real").mkdir()
    checked = check_destination(Path("../link/x/../pkg"))
    assert checked.path == tmp_path / "real" / "pkg"
    write_folder(checked, FILES)
    assert (tmp_path / "real" / "pkg" / "problem.yaml").exists()
    (tmp_path / "pkglink").symlink_to(tmp_path / "real" / "pkg")
    with pytest.raises(InvalidDestination, match="exists and is not a folder"):
        check_destination(tmp_path / "pkglink", force=True)


def test_a_name_the_system_refuses_is_one_error_line(tmp_path: Path) -> None:
    with pytest.raises(InvalidDestination, match="File name too long"):
        check_destination(tmp_path / ("a" * 300))


def test_folders_left_by_a_killed_run_are_removed_by_the_next(tmp_path: Path) -> None:
    mine = manifest_module.owner()  # this process's: kept, it is still going on
    for name in (
        ".pkg.dw-999999-1-x1.tmp",
        ".pkg.dw-999999-1-x2.old",
        ".pkg.dw-999999-1-x4.old",
        f".pkg.{mine}x3.tmp",
        ".other.dw-999999-1-x.tmp",
    ):
        (tmp_path / name).mkdir()
        (tmp_path / name / "f").write_text("")
    # An old package's trash goes only as far as its manifest lists it: a file of the setter's stays.
    (tmp_path / ".pkg.dw-999999-1-x2.old" / MARKER).write_bytes(manifest([("f", b"")]))
    (tmp_path / ".pkg.dw-999999-1-x4.old" / MARKER).write_bytes(manifest([("g", b"")]))
    write_folder(check_destination(tmp_path / "pkg"), FILES)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        [f".pkg.{mine}x3.tmp", ".pkg.dw-999999-1-x4.old", ".other.dw-999999-1-x.tmp", "pkg"]
    )
    assert (tmp_path / ".pkg.dw-999999-1-x4.old" / "f").exists()


def test_manifest_form() -> None:
    assert manifest([("a", b"x")]).decode().endswith("  a\n")


SLOW_WRITER = """\
import os, signal, sys, time
from pathlib import Path
from downwedig.contest.shipping.destination import check_destination, write_folder

written = []
original = Path.write_bytes

def slow(self, data):
    written.append(self)
    if len(written) == 20:
        os.kill(os.getpid(), getattr(signal, sys.argv[2]))
    time.sleep(0.01)
    return original(self, data)

Path.write_bytes = slow
try:
    write_folder(check_destination(Path(sys.argv[1])), [(f"data/{i}.in", b"1\\n") for i in range(100)])
except KeyboardInterrupt as exc:
    sys.exit(getattr(exc, "exit_status", 130))
"""


@pytest.mark.parametrize(("name", "status"), [("SIGTERM", 143), ("SIGHUP", 129), ("SIGINT", 130)])
def test_a_signal_while_writing_leaves_nothing_behind(tmp_path: Path, name: str, status: int) -> None:
    work = tmp_path / "work"
    work.mkdir()
    command = [sys.executable, "-c", SLOW_WRITER, str(work / "pkg"), name]
    done = subprocess.run(command, timeout=120, preexec_fn=default_signals)
    assert done.returncode == status
    assert list(work.iterdir()) == []


def test_a_signal_ignored_stays_ignored(tmp_path: Path) -> None:
    # (Under nohup, SIGHUP is ignored: writing goes on to the end.)
    def ignore() -> None:
        default_signals()
        signal.signal(signal.SIGHUP, signal.SIG_IGN)

    done = subprocess.run(
        [sys.executable, "-c", SLOW_WRITER, str(tmp_path / "pkg"), "SIGHUP"], timeout=120, preexec_fn=ignore
    )
    assert done.returncode == 0 and len(list((tmp_path / "pkg" / "data").iterdir())) == 100
    assert os.path.exists(tmp_path / "pkg" / MARKER)
