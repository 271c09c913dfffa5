"""Hostile solutions against ``downwedig test``: each case in the full mode (bubblewrap, cgroups) and in each
fallback it can be run in, as a real judge process with a deadline, checked for what it leaves behind.

A case names the fallbacks whose guarantees cover it; the others are said, in the report's
``isolation_missing``, not to be given (``docs/judges.md``).  A machine without bubblewrap or cgroups
skips the full mode, saying what to install (and fails under ``DOWNWEDIG_REQUIRE_TOOLS=1``).
The judge also runs as an ordinary user (``setpriv``, when the tests run as root).
"""

from __future__ import annotations

import contextlib
import json
import os
import shlex
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from downwedig import owner
from downwedig.contest.running import cgroup, sandbox

from ...conftest import ROOT, SAMPLE, THOROUGH, missing_tool
from ...isolation import CGROUPS_NEEDED, left_running, our_processes
from ...solutions import SOLUTION

HOSTILE = Path(__file__).parent / "hostile"

#: name -> (the solution, the verdicts it may get, the fallbacks it is run in too: "cgroup", "process-group").
CASES: dict[str, tuple[str, tuple[str, ...], tuple[str, ...]]] = {
    # N1: moves itself into its parent group, then outlives the wall limit.
    "leaves its cgroup": (
        'for c in pids cpuacct memory ""; do p=$(grep ":$c:" /proc/self/cgroup | head -1 | cut -d: -f3); '
        'echo $$ > "/sys/fs/cgroup/$c$(dirname "$p")/cgroup.procs"; done 2>/dev/null; exec sleep 20',
        ("TLE",),
        ("cgroup", "process-group"),
    ),
    # N2: makes a group inside its own and moves there, a child left running.
    "makes a group inside its own": (
        'for c in pids cpuacct memory; do d=/sys/fs/cgroup/$c$(grep ":$c:" /proc/self/cgroup | cut -d: -f3)/x; '
        "mkdir $d; echo $$ > $d/cgroup.procs; done 2>/dev/null; sleep 600 & exec sleep 20",
        ("TLE",),
        ("cgroup", "process-group"),
    ),
    # N3: lifts its memory limit, resets its counters, spins and allocates.
    "rewrites its counters": ("sh {hostile}/cg_reset.sh", ("TLE", "MLE", "RE"), ()),
    # N4: finds the tests through the judge's /proc and prints the answer.
    "reads the answer through /proc/$PPID/cwd": (
        'd=$(readlink /proc/$PPID/cwd); cat > i; for f in "$d"/*/*.in "$d"/*.in; do '
        'cmp -s "$f" i && cat "${{f%.in}}.ans"; done; exit 0',
        ("PE",),
        (),
    ),
    "reads the tests' names from the command lines": (
        "cat > i; for c in /proc/[0-9]*/cmdline; do tr '\\0' '\\n' < $c; done | grep '[.]in$' | "
        'while read f; do [ -f "$f" ] && cmp -s "$f" i && cat "${{f%.in}}.ans"; done; exit 0',
        ("PE",),
        (),
    ),
    "overwrites the answers it finds": (
        "for f in {tests}/*.ans; do echo 111111111111 > $f; done 2>/dev/null; echo x > {tests}/new.txt 2>/dev/null;"
        " echo 111111111111",
        ("WA",),
        (),
    ),
    "writes into the home folder": ("echo x > {home}/left-by-a-run 2>/dev/null; echo 111111111111", ("WA",), ()),
    "connects to the loopback": (
        "python3 -c \"import socket; socket.create_connection(('127.0.0.1', {port}), 2).sendall(b'hi')\"; "
        "echo 111111111111",
        ("WA",),
        (),
    ),
    "signals the judge": ("kill -9 $PPID 2>/dev/null; kill -9 -1 2>/dev/null; echo 111111111111", ("WA",), ()),
    "forks without end": ("f(){{ f|f& }}; f", ("TLE", "RE", "MLE", "PE", "WA"), ("cgroup",)),
    "leaves the session and clears its environment": (
        "env -i setsid sh -c 'exec sleep 600' & echo 111111111111",
        ("WA",),
        ("cgroup",),
    ),
    "writes without end": ("yes", ("RE",), ("cgroup", "process-group")),
    # Its folder is memory, the size of its memory limit (64 MiB here): 160 MiB of files do not fit.
    "fills its folder": (
        "i=0; while [ $i -lt 40 ] && head -c 4M /dev/zero > f$i; do i=$((i+1)); done 2>/dev/null; "
        "[ $i -lt 40 ] && exit 1; echo 111111111111",
        ("RE", "MLE"),
        (),
    ),
    "sleeps past the wall clock": ("sleep 30", ("TLE",), ("cgroup", "process-group")),
    # Nothing else is writable memory: not the sandbox's root (nor the folders made in it for what is shown), its
    # /dev, nor a /dev/shm larger than the limit (as an ordinary user, the root and /dev were tmpfs of its own).
    "fills memory outside its folder": (
        "for d in / /dev /dev/shm {python} /run /var/tmp; do i=0; while [ $i -lt 40 ] && "
        "head -c 4M /dev/zero > $d/f$i; do i=$((i+1)); done 2>/dev/null; rm -f $d/f* 2>/dev/null; "
        "[ $i -eq 40 ] && echo 111111111111 && exit 0; done; exit 1",
        ("RE", "MLE"),
        (),
    ),
    # The judge's environment (a user's token) is not the run's: neither its own nor that of any process it sees.
    "reads the judge's environment": (
        "if [ -n \"$API_TOKEN\" ] || cat /proc/[0-9]*/environ 2>/dev/null | tr '\\0' '\\n' | grep -q ^API_TOKEN=; "
        "then echo 211112222212; else echo 111111111111; fi",
        ("WA",),
        (),
    ),
    # At most 256 processes at once: the cgroup's cap, else the cap of its user namespace (an ordinary user's).
    "starts a thousand processes": (
        "i=0; while [ $i -lt 1000 ]; do sleep 5 & i=$((i+1)); done; echo 211112222212",
        ("RE", "WA"),
        ("cgroup",),
    ),
    # No process opens more than 1,024 files at once (RLIMIT_NOFILE), in every mode.
    "opens files without end": (
        "python3 -c \"import os; [os.open('/dev/null', os.O_RDONLY) for _ in range(5000)]; print('211112222212')\"",
        ("RE",),
        ("cgroup", "process-group"),
    ),
    # P2: its output and errors are pipes, not files of the judge's: fallocate cannot take the judge's disk.
    "allocates the judge's disk through its output": (
        'python3 -c "import ctypes; c = ctypes.CDLL(None); n = ctypes.c_long; '
        "r = [c.fallocate(fd, 1, n(0), n(1 << 30)) for fd in (0, 1, 2)]; "
        "print('211112222212' if 0 in r else '111111111111')\"",
        ("WA",),
        ("cgroup", "process-group"),
    ),
    # P3: the judge's session keyring (a key planted there) is not the run's, in every mode.
    "reads the judge's session keyring": (
        "python3 {hostile}/keys.py find downwedig-secret | grep -q found && echo 211112222212 || echo 111111111111",
        ("WA",),
        ("cgroup", "process-group"),
    ),
    # The kernel's list of the keys a uid may see (as an ordinary user, the run's uid is the judge's): not there.
    "lists the judge's keys": (
        "grep -q downwedig-secret /proc/keys 2>/dev/null && echo 211112222212 || echo 111111111111",
        ("WA",),
        (),
    ),
    # P6: no descriptor of the judge's is open in a run (GNU time's report, in the process-group mode, neither).
    "writes to the judge's descriptors": (
        "for fd in 3 4 5 6 7 8 9; do [ -e /proc/$$/fd/$fd ] && echo 211112222212 && exit 0; done; echo 111111111111",
        ("WA",),
        ("cgroup", "process-group"),
    ),
    # P7: the judge's own solver is not there for a command that is not downwedig's own.
    "imports the judge's solver": (
        "{executable} -c 'import downwedig.cli' 2>/dev/null && echo 211112222212 || echo 111111111111",
        ("WA",),
        (),
    ),
}


def _full_mode() -> None:
    """Skip, saying what is missing, unless bubblewrap and cgroups both work here."""
    os.environ.pop(sandbox.CHOICE, None)
    found = sandbox.sandbox()
    if isinstance(found, sandbox.NoSandbox):
        missing_tool(f"needs bubblewrap (apt-get install bubblewrap): {found.reason}")
    try:
        if cgroup.isolation() == "process-group":
            missing_tool(CGROUPS_NEEDED)
    except Exception as exc:  # (DOWNWEDIG_ISOLATION asks for what is not here)
        missing_tool(f"{CGROUPS_NEEDED}: {exc}")


def _judge_ended(name: str) -> bool:
    """Whether the judge a group is named after (``downwedig-NS-PID-...``) has ended: a group of a judge still
    running is another judge's (a second suite on a shared machine), not one this test's judge left."""
    try:
        os.kill(int(name.split("-")[2]), 0)
    except (ValueError, IndexError, ProcessLookupError):
        return True
    except PermissionError:
        return False
    return False


def _our_groups() -> list[str]:
    """The cgroups of ended judges of this PID namespace (the judges these tests start end before the check)."""
    found = []
    for base in ("/sys/fs/cgroup/pids", "/sys/fs/cgroup/memory", "/sys/fs/cgroup/cpuacct", "/sys/fs/cgroup"):
        with contextlib.suppress(OSError):
            found += [e for e in os.listdir(base) if e.startswith(f"downwedig-{owner.namespace()}-")]
    return [name for name in found if _judge_ended(name)]


@pytest.fixture
def judged(tmp_path: Path, tag: str) -> Iterator[dict[str, object]]:
    """A test folder, a home, a listening socket; afterwards, nothing of the runs may be left."""
    tests = tmp_path / "data"
    tests.mkdir()
    shutil.copy(SAMPLE, tests / "t.in")
    shutil.copy(SAMPLE.with_suffix(".ans"), tests / "t.ans")
    home = tmp_path / "home"
    home.mkdir()
    listener = socket.create_server(("127.0.0.1", 0))
    listener.setblocking(False)
    groups = set(_our_groups())
    yield {"tests": tests, "home": home, "listener": listener, "before": groups}
    listener.close()
    assert left_running(tag, patience=3.0) == [], "processes of the runs were left running"
    assert set(_our_groups()) <= groups, "cgroups of the runs were left behind"


def _judge(case: str, judged: dict[str, object], env: dict[str, str], runner: list[str] | None = None) -> dict:  # type: ignore[type-arg]
    tests = judged["tests"]
    assert isinstance(tests, Path)
    listener = judged["listener"]
    assert isinstance(listener, socket.socket)
    solution = CASES[case][0].format(
        hostile=shlex.quote(str(HOSTILE)),
        tests=shlex.quote(str(tests)),
        home=shlex.quote(str(judged["home"])),
        port=listener.getsockname()[1],
        python=shlex.quote(os.path.dirname(sys.prefix)),
        executable=shlex.quote(sys.executable),
    )
    env = {**env, "API_TOKEN": "the user's own"}
    # (The judge holds a key in a session keyring of its own, as a login's keyring holds a user's tokens.)
    command = [sys.executable, str(HOSTILE / "keys.py"), "plant", "downwedig-secret", "the user's own", "--"]
    command += [*(runner or []), sys.executable, "-m", "downwedig", "test", str(tests), "--solution", solution]
    command += ["--time-limit", "1", "--memory-limit", "64", "--format", "json"]
    start = time.monotonic()
    done = subprocess.run(command, capture_output=True, timeout=60, env=env, cwd=tests.parent)
    elapsed = time.monotonic() - start
    assert done.returncode == 1 and b"Traceback" not in done.stderr and b"stored" in done.stderr, done.stderr
    assert done.stdout, done.stderr
    report: dict = json.loads(done.stdout)  # type: ignore[type-arg]
    row = report["tests"][0]
    assert row["verdict"] in CASES[case][1], row
    # Reported within the wall limit (2.5 s) plus a second, and the judge's own start (a loaded machine: slack).
    assert row["wall_s"] <= 3.5 and elapsed < 20, (row, elapsed)
    assert (tests / "t.ans").read_bytes() == SAMPLE.with_suffix(".ans").read_bytes()
    assert sorted(p.name for p in tests.iterdir()) == ["t.ans", "t.in"]
    assert list(Path(str(judged["home"])).iterdir()) == []
    with pytest.raises(BlockingIOError):
        listener.accept()
    return report


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_hostile_solution_in_the_full_mode(case: str, judged: dict[str, object]) -> None:
    _full_mode()
    if case == "forks without end" and not THOROUGH:
        pytest.skip("slow (a fork bomb fills both cores for a second): runs under HYPOTHESIS_PROFILE=thorough")
    env = {k: v for k, v in os.environ.items() if k not in (sandbox.CHOICE, cgroup.CHOICE)}
    report = _judge(case, judged, env)
    assert "+namespaces" in report["isolation"] and report["isolation_missing"] == []


FALLBACKS = [(case, mode) for case in sorted(CASES) for mode in CASES[case][2]]


@pytest.mark.parametrize(("case", "mode"), FALLBACKS)
def test_a_hostile_solution_in_a_fallback(case: str, mode: str, judged: dict[str, object]) -> None:
    if case == "forks without end" and not THOROUGH:
        pytest.skip("slow (a fork bomb fills both cores for a second): runs under HYPOTHESIS_PROFILE=thorough")
    env = {**os.environ, sandbox.CHOICE: "none", cgroup.CHOICE: "cgroup" if mode == "cgroup" else mode}
    if mode == "cgroup":
        try:
            os.environ[cgroup.CHOICE] = "cgroup"
            cgroup.isolation()
        except Exception as exc:
            missing_tool(f"{CGROUPS_NEEDED}: {exc}")
        finally:
            os.environ.pop(cgroup.CHOICE, None)
    report = _judge(case, judged, env)
    assert "+namespaces" not in report["isolation"] and report["isolation_missing"], report


#: The cases run against an ordinary user's judge (where, without cgroups, the sandbox alone holds the run): every
#: one under the thorough profile, as CI runs it; otherwise those of the sandbox's own guarantees.
AS_AN_ORDINARY_USER = (
    sorted(CASES)
    if THOROUGH
    else [
        "reads the answer through /proc/$PPID/cwd",
        "signals the judge",
        "sleeps past the wall clock",
        "fills its folder",
        "fills memory outside its folder",
        "reads the judge's environment",
        "opens files without end",
        "overwrites the answers it finds",
        "starts a thousand processes",  # (without a cgroup: its processes are capped in its user namespace)
        "reads the judge's session keyring",
        "lists the judge's keys",
        "writes to the judge's descriptors",
    ]
)


@pytest.mark.parametrize("case", AS_AN_ORDINARY_USER)
def test_a_hostile_solution_against_an_ordinary_user_s_judge(case: str, judged: dict[str, object]) -> None:
    if os.geteuid() != 0 or shutil.which("setpriv") is None:
        pytest.skip("runs the judge as an ordinary user through setpriv, which needs root (and util-linux)")
    boxed = shutil.which("bwrap") is not None
    if not boxed and "process-group" not in CASES[case][2]:  # (such a judge has no cgroup: the sandbox holds it)
        missing_tool("needs bubblewrap (apt-get install bubblewrap): an ordinary user's judge has only the sandbox")
    own = Path(tempfile.mkdtemp(dir="/var/tmp"))  # (root's /tmp is closed to an ordinary user)
    try:
        tests, home, temporary = own / "data", own / "home", own / "tmp"
        for folder in (tests, home, temporary):
            folder.mkdir()
        shutil.copy(SAMPLE, tests / "t.in")
        shutil.copy(SAMPLE.with_suffix(".ans"), tests / "t.ans")
        for path in (own, tests, home, temporary, *tests.iterdir()):
            os.chown(path, 65534, 65534)
        env = {k: v for k, v in os.environ.items() if k not in (sandbox.CHOICE, cgroup.CHOICE)}
        env.update(TMPDIR=str(temporary), HOME=str(home))
        runner = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
        probe = subprocess.run([*runner, sys.executable, "-c", "import downwedig"], capture_output=True, cwd=own)
        if probe.returncode != 0:  # (a checkout in root's own folders, /tmp or /root, which are 0700 here)
            pytest.skip(f"an ordinary user cannot import downwedig from {ROOT} (clone it where others can read)")
        report = _judge(case, {**judged, "tests": tests, "home": home}, env, runner)
        assert ("+namespaces" in report["isolation"]) is boxed, report
        assert list(temporary.iterdir()) == []
    finally:
        shutil.rmtree(own, ignore_errors=True)


def test_a_solution_s_own_files_are_there_and_no_test_is(tmp_path: Path) -> None:
    # A script's modules beside it and its packages come with it, so do the folders the command names when no
    # test is in them; /tmp is the run's own, writable, and nothing of it reaches the judge's.
    _full_mode()
    from downwedig.contest.running.limits import Limits
    from downwedig.contest.running.run import run_solution

    solution = tmp_path / "solution"
    (solution / "tools").mkdir(parents=True)
    (solution / "tools" / "__init__.py").write_text("DAYS = 'from a package'\n")
    (solution / "helper.py").write_text(f"def go():\n    exec({SOLUTION.format(bug='', after='')!r}, {{}})\n")
    scratch = f"/tmp/scratch-{os.getpid()}-{time.monotonic_ns()}"
    (solution / "main.py").write_text(
        f"from helper import go\nfrom tools import DAYS\nopen({scratch!r}, 'w').write(DAYS)\n"
        f"assert open({scratch!r}).read() == DAYS\ngo()\n"
    )
    data, answer = SAMPLE.read_bytes(), SAMPLE.with_suffix(".ans").read_bytes()
    run = run_solution(f"{shlex.quote(sys.executable)} {shlex.quote(str(solution / 'main.py'))}", data, Limits())
    assert (run.returncode, run.stdout) == (0, answer), run.stderr
    assert not os.path.exists(scratch)
    with_tests, without = tmp_path / "with-tests", tmp_path / "without"
    for folder in (with_tests, without):
        folder.mkdir()
        (folder / "notes.txt").write_text("seen\n")
    (with_tests / "t.in").write_bytes(data)
    (with_tests / "t.ans").write_bytes(answer)
    for folder, seen in ((without, b"seen\n"), (with_tests, b"")):
        run = run_solution(f"cd {shlex.quote(str(folder))} && cat notes.txt t.in t.ans; exit 0", b"", Limits())
        assert run.stdout == seen, (folder, run)


def test_a_program_behind_a_version_manager_s_shim_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # pyenv's python3 on PATH is a script that asks pyenv, whose files the sandbox does not show: the program the
    # manager names is run instead, from its own folder (as the shim would have run it).
    _full_mode()
    from downwedig.contest.running.limits import Limits
    from downwedig.contest.running.run import run_solution

    root = tmp_path / "fakeenv"
    for folder in ("shims", "libexec", "versions/1.0/bin"):
        (root / folder).mkdir(parents=True)
    (root / "versions/1.0/bin/python3").symlink_to(sys.executable)
    manager = root / "libexec/fakeenv"
    manager.write_text(
        '#!/bin/sh\ncommand=$1; name=$2; shift 2\nprogram="$FAKEENV_ROOT/versions/1.0/bin/$name"\n'
        '[ "$command" = which ] && echo "$program" && exit 0\nexec "$program" "$@"\n'
    )
    shim = root / "shims/python3"
    shim.write_text(
        f'#!/bin/sh\nprogram="${{0##*/}}"\nexport FAKEENV_ROOT="{root}"\nexec "{manager}" exec "$program" "$@"\n'
    )
    for script in (manager, shim):
        script.chmod(0o755)
    monkeypatch.setenv("PATH", f"{root / 'shims'}{os.pathsep}{os.environ['PATH']}")
    assert subprocess.run(["python3", "-c", "import sys; print(sys.prefix)"], capture_output=True).returncode == 0
    run = run_solution("python3 -c 'import sys; print(sys.argv[0], 2)'", b"", Limits())
    assert (run.returncode, run.stdout) == (0, b"-c 2\n"), run.stderr
    run = run_solution("command -v python3", b"", Limits())
    assert run.stdout.decode().strip() == str(root / "versions/1.0/bin/python3"), run


def test_a_runner_sets_the_next_sandbox_up_while_a_run_goes_on_and_lets_it_go_at_its_turn(tag: str) -> None:
    # The command made ready ahead runs only once let go (the time it prints is after the call), with its own input;
    # the launch made ready and not used is discarded with the runner, and nothing of it is left.
    _full_mode()
    from downwedig.contest.running.limits import Limits
    from downwedig.contest.running.runner import Runner

    code = "import sys, time; sys.stdout.write(f'{time.monotonic()} {sys.stdin.read()}')"
    command = f"{shlex.quote(sys.executable)} -S -c {shlex.quote(code)}"
    with Runner(command, Limits(cpu_s=2, memory_mib=256), ahead=True) as runner:
        for k in range(4):
            before = time.monotonic()
            run = runner.run(f"input {k}".encode())
            started, text = run.stdout.decode().split(" ", 1)
            assert (run.returncode, text) == (0, f"input {k}"), run
            assert float(started) >= before and "+namespaces" in run.isolation
            assert run.seconds < 2 and run.cpu_seconds < 1
        deadline = time.monotonic() + 10
        while not our_processes(tag, runs=True) and time.monotonic() < deadline:  # (the next one, made ready)
            time.sleep(0.01)
        assert our_processes(tag, runs=True), "no run was made ready ahead"
    assert left_running(tag, patience=3) == []


def test_stop_all_ends_a_run_made_ready_ahead(tag: str) -> None:
    _full_mode()
    from downwedig.contest.running.limits import Limits
    from downwedig.contest.running.run import Stopped, stop_all
    from downwedig.contest.running.runner import Runner

    with Runner("cat", Limits(cpu_s=2, memory_mib=256), ahead=True) as runner:
        assert runner.run(b"one").stdout == b"one"
        try:
            stop_all()
            with pytest.raises(Stopped):
                runner.run(b"two")
        finally:
            stop_all(False)
    assert left_running(tag, patience=3) == []


@pytest.mark.parametrize("isolation", ["auto", "process-group"])
def test_a_judge_killed_with_sigkill_leaves_no_run_going_on(isolation: str, tag: str, tmp_path: Path) -> None:
    # (the second audit: a run made ahead went on once its judge's gate closed; in the process-group mode GNU time,
    # and the run itself as its namespace's first process, outlived the judge)
    _full_mode()
    tests = tmp_path / "t"
    tests.mkdir()
    for name in ("a", "b"):
        shutil.copy(SAMPLE, tests / f"{name}.in")
        shutil.copy(SAMPLE.with_suffix(".ans"), tests / f"{name}.ans")
    env = {**os.environ, cgroup.CHOICE: isolation}
    command = [sys.executable, "-m", "downwedig", "test", str(tests), "--time-limit", "60"]
    judge = subprocess.Popen([*command, "--solution", "sleep 977321"], env=env)
    deadline = time.monotonic() + 20
    while len(our_processes(tag, runs=True)) < 2 and time.monotonic() < deadline:  # (a run going on, one made ahead)
        time.sleep(0.05)
    assert len(our_processes(tag, runs=True)) >= 2, "no run going on to kill the judge during"
    judge.kill()
    judge.wait()
    if isolation == "auto" or os.geteuid() != 0:  # (with a cgroup, or an ordinary user's: gone with the judge)
        deadline = time.monotonic() + 5
        while our_processes(tag) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert our_processes(tag) == [], "a run of the killed judge went on"
    else:  # (as root without a cgroup, the run went on as its namespace's first process: the next judge ends it)
        subprocess.run([*command, "--solution", "true"], env=env, capture_output=True, timeout=60)
    assert left_running(tag, patience=5) == [], "a run of the killed judge went on"
