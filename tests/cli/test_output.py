"""``-o FILE`` of bundle, gen and render: a file is replaced whole; a FIFO, a device, /dev/stdout written through."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from ..conftest import SAMPLE, Cli


def test_a_fifo_is_written_through_not_replaced(cli: Cli, tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()))
    reader.start()
    result = cli("gen", "random", "--n", "3", "-o", fifo)
    reader.join(30)
    assert result.status == 0 and got and got[0].startswith(b"3\n")
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


def test_a_device_stays_a_device(cli: Cli) -> None:
    before = os.stat("/dev/null")
    assert cli("bundle", "-o", "/dev/null").status == 0
    after = os.stat("/dev/null")
    assert stat.S_ISCHR(after.st_mode) and after.st_rdev == before.st_rdev
    full = cli("gen", "random", "-o", "/dev/full")
    assert full.status == 1
    assert full.stderr == "downwedig gen: error: cannot write '/dev/full': No space left on device\n"
    assert stat.S_ISCHR(os.stat("/dev/full").st_mode)


def test_no_new_file_is_made_among_devices(cli: Cli) -> None:
    name = f"/dev/downwedig-test-{os.getpid()}.svg"
    try:
        result = cli("render", SAMPLE, "-o", name)
        assert result.status == 1 and "/dev holds devices, not files" in result.stderr
        assert not os.path.lexists(name)
    finally:
        if os.path.lexists(name):
            os.unlink(name)


@pytest.mark.parametrize("name", ["/dev/stdout", "/proc/self/fd/1", "/dev/fd/1"])
def test_dev_stdout_writes_to_standard_output_whatever_it_is(tmp_path: Path, name: str) -> None:
    command = [sys.executable, "-m", "downwedig", "gen", "random", "--n", "2", "-o", name]
    piped = subprocess.run(command, capture_output=True, timeout=60)
    assert piped.returncode == 0 and piped.stdout.startswith(b"2\n")
    log = tmp_path / "log"
    log.write_bytes(b"kept\n")
    with open(log, "ab") as appended:  # (>> keeps what the file held: nothing truncates it)
        assert subprocess.run(command, stdout=appended, timeout=60).returncode == 0
    assert log.read_bytes().startswith(b"kept\n2\n")
    assert os.path.islink("/dev/stdout") or not name.startswith("/dev/stdout")


def test_a_regular_file_or_a_link_is_replaced_whole_and_a_folder_refused(cli: Cli, tmp_path: Path) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("mine")
    link = tmp_path / "link.in"
    link.symlink_to(victim)
    assert cli("gen", "random", "--n", "2", "-o", link).status == 0
    assert victim.read_text() == "mine" and not link.is_symlink() and link.read_text().startswith("2\n")
    folder = cli("bundle", "-o", tmp_path)
    assert folder.status == 1 and "it is a folder" in folder.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.in", "victim.txt"]


def test_render_s_format_names_a_file_without_an_ending(cli: Cli, tmp_path: Path) -> None:
    # (R15: --format was ignored unless -o -)
    assert cli("render", SAMPLE, "--format", "html", "-o", tmp_path / "page").status == 0
    assert (tmp_path / "page").read_text().lstrip().lower().startswith("<!doctype html")
    mismatch = cli("render", SAMPLE, "--format", "svg", "-o", tmp_path / "x.html")
    assert mismatch.status == 2 and "does not match" in mismatch.stderr


def test_stress_saves_through_the_same_careful_writing(cli: Cli, tmp_path: Path) -> None:
    result = cli("stress", "--solution", "echo 1", "--tests", "1", "--shrink-runs", "0", "--save", "/dev/null")
    assert result.status == 1 and "cannot write '/dev/null.in': /dev holds devices, not files" in result.stderr
    assert not os.path.lexists("/dev/null.in")
