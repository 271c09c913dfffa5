"""A run's life: launched (everything before its command runs), then let go, waited for, ended and recorded.

:func:`launch` makes a run's accounting (its cgroup, or a process group), its
pipes and its sandbox's setup, and starts its shell: the command is held
until :meth:`Launch.run` lets it go:

- **in the sandbox**, at a gate: the shell is placed in its cgroup and goes
  on into bubblewrap, which sets the sandbox up (its namespaces and mounts,
  most of its cost); in it a shell waits for the first line of the run's
  input (:data:`~downwedig.contest.running.sandbox.GATE`), which the judge
  writes when the run's turn comes, then becomes the command.  A launch made
  while the run before it goes on (see
  :class:`~downwedig.contest.running.runner.Runner`) is ready when its turn
  comes, and the run's clock, like its CPU time, starts at the gate; a judge
  that dies meanwhile closes the input, and the command never starts;
- otherwise the shell stops itself until it is placed in its cgroup, at the
  release (or, in a process group, the command starts at once).

What the judge passes to the run's shell is fixed text (its limits) and
words: the sandbox's, then the command's own or ``/bin/sh -c COMMAND``
(:mod:`~downwedig.contest.running.command`), so no shell outside the sandbox
ever parses the command.  The thread that starts the shell first takes a
session keyring of its own for it (:mod:`~downwedig.contest.running.kernel`).

A launch not run is discarded (:meth:`Launch.discard`): its processes killed
before its gate closes, its pipes closed.  :func:`stop_all` kills every run
going on, launched or let go, and refuses new ones.

Cost: a few system calls for the pipes and the cgroup, a shell, and the
sandbox's setup (most of the sandbox's cost, given in
:mod:`~downwedig.contest.running.sandbox`, and off the judging's time when made
ready ahead).

>>> from .limits import Limits
>>> with launch("cat", Limits(cpu_s=1, memory_mib=64), timeout=5) as launched:
...     launched.run(b"hi").stdout
b'hi'
"""

from __future__ import annotations

import contextlib
import os
import secrets
import signal
import subprocess
import tempfile
import threading
import time
from subprocess import Popen

from ... import interrupts
from ...errors import CommandError
from . import kernel, sweep, workspace
from .command import limit_script, relocated, run_words
from .isolation import Accounting, accounting
from .limits import Limits
from .record import STDERR_KEPT, Run
from .sandbox import Box, sandbox
from .streams import Drain, Feeder, wait

TYPE_CHECKING = False
if TYPE_CHECKING:
    import resource

__all__ = ["JudgeFailure", "Launch", "Stopped", "launch", "reap", "room", "stop_all", "stopping"]


class Stopped(Exception):
    """Runs were stopped (:func:`stop_all`): no new one starts."""


class JudgeFailure(CommandError):
    """The judge's own trouble (no room for a run's folder, a run that cannot be started...), never the
    solution's: ``FAIL``."""


_stopping = False


def stop_all(stop: bool = True) -> None:
    """Kill every run going on (and every run launched, not yet let go) and refuse new ones (``stop=False``
    allows runs again). O(runs).

    Safe in a signal handler: it takes no lock.

    >>> stop_all(False)
    """
    global _stopping
    _stopping = stop
    if stop:
        for run in list(sweep.ACTIVE.values()):
            run.kill_now()


def stopping() -> bool:
    """Whether runs were stopped (:func:`stop_all`)."""
    return _stopping


class _Process:
    """A run's process while it goes on: what :func:`stop_all` and the sweep need of it."""

    def __init__(self, pid: int, accounting: Accounting) -> None:
        self.pid = pid
        self.accounting = accounting

    def kill_now(self) -> None:
        self.accounting.kill_now(self.pid)


class Launch:
    """A run whose processes are started and accounted for, its command held until :meth:`run`.

    Owns what :func:`launch` made (pipes, folder, cgroup, uid); a context
    manager: leaving it ends whatever is left of the run and removes them.
    """

    def __init__(
        self,
        stack: contextlib.ExitStack,
        process: Popen[bytes],
        counted: Accounting,
        box: Box,
        mark: str,
        pipes: tuple[int, int, int],
        placed: bool,
        limits: Limits,
        timeout: float,
    ) -> None:
        self.stack = stack
        self.process = process
        self.counted = counted
        self.box = box
        self.mark = mark
        self.writer: int | None = pipes[0]  # (the input's write end, the judge's: fed by run)
        self.stdout = Drain(pipes[1], cap=limits.output_bytes, kept=limits.output_bytes)
        self.stderr = Drain(pipes[2], cap=limits.output_bytes, kept=STDERR_KEPT)
        self.placed = placed  # (in its cgroup already: a launch made ahead is placed as it is made)
        self.limits = limits  # (the run's: what its end is judged by)
        self.timeout = timeout
        self.ended = False

    def _release(self) -> float:
        """Let the command go (place its shell in its cgroup and let it go on, where it is not yet; the gate opens
        with its input's first line); when it went (``time.monotonic()``): its clock and its CPU time start there."""
        if self.counted.stop_first and not self.placed:
            self.placed = True
            self.counted.place(self.process.pid)
        self.counted.started()
        return time.monotonic()

    def _end(self, ended: str, deadline: float) -> resource.struct_rusage:
        """Kill what is left of the run and reap its first process (at ``deadline`` at the latest): its resource
        usage (its wait status is the process's ``returncode``)."""
        self.ended = True
        try:
            left = self.counted.end(self.process.pid, ended, self.mark, deadline)
        finally:
            with sweep.LOCK:
                sweep.ACTIVE.pop(self.mark, None)
        status, usage = reap(self.process.pid, left, deadline)
        self.process.returncode = os.waitstatus_to_exitcode(status)
        return usage

    def run(self, data: bytes) -> Run:
        """Let the command go with ``data`` on its input, wait for it under its limits (feeding its input and
        draining its output as it goes), end it, and say what it did. Cost: the run itself."""
        writer, self.writer = self.writer, None
        assert writer is not None, "a launch runs once"
        with self:
            feeder = Feeder(writer, self.box.opening + data)  # (the gate's line first: it lets the command go)
            ended = "killed"
            start = time.monotonic()
            try:
                start = self._release()
                over_cpu = self.counted.over_cpu(self.limits.cpu_s)
                drains = (self.stdout, self.stderr)
                ended = wait(self.process.pid, start + self.timeout, feeder, drains, over_cpu)
            finally:
                stopped = time.monotonic()  # (the run's wall time ends here, not after the clean-up)
                feeder.close()
                deadline = max(start + self.timeout, time.monotonic()) + 1.0
                usage = self.counted.usage(self._end(ended, deadline))
            for drain in (self.stdout, self.stderr):
                drain.read_rest()  # (what the run wrote before its end and the judge had not read yet)
            returncode: int | None = None if ended == "wall" else self.box.returncode(self.process.returncode)
            if usage.signalled is not None and returncode is not None:
                returncode = -usage.signalled
            overflow = "output" if self.stdout.over else "error output" if self.stderr.over else None
            mode = self.counted.mode if self.box.name is None else f"{self.counted.mode}+{self.box.name}"
            return Run(
                returncode,
                self.stdout.data,
                self.stderr.data,
                stopped - start,
                usage.cpu_s,
                usage.peak_mib,
                self.limits.output_bytes,
                mode,
                usage.out_of_memory,
                overflow,
            )

    def discard(self) -> None:
        """End what is left of the run (killed at its gate, if it was never let go), and remove its pipes, folder
        and cgroup."""
        if not self.ended:
            self.counted.kill_now(self.process.pid)
            with contextlib.suppress(CommandError):
                self._end("killed", time.monotonic() + 1.0)
        _close_all([self.writer] if self.writer is not None else [])
        self.writer = None
        self.stdout.close()
        self.stderr.close()
        self.stack.close()

    def __enter__(self) -> Launch:
        return self

    def __exit__(self, *exc: object) -> None:
        self.discard()


def room(folder: str, needed: int) -> None:
    """A :class:`JudgeFailure` unless ``folder`` has ``needed`` bytes free (as DOMjudge checks its disk first)."""
    try:
        found = os.statvfs(folder)
    except OSError as exc:
        raise JudgeFailure(f"cannot look at the temporary folder {folder}: {exc.strerror or exc}") from None
    free = found.f_bavail * found.f_frsize
    if free < needed:
        raise JudgeFailure(
            f"the temporary folder {folder} has {free >> 10} KiB free; a run without the sandbox needs "
            f"{needed >> 20} MiB for its folder (TMPDIR chooses another)"
        )


def launch(command: str, limits: Limits, *, timeout: float, ahead: bool = False) -> Launch:
    """Start a run of the shell ``command`` under ``limits`` (see the module docstring), held until run; made
    ``ahead`` (in the sandbox), it is set up now and waits at its gate. O(1) system calls.

    Raises :class:`Stopped` after :func:`stop_all`, a :class:`JudgeFailure`
    for the judge's own trouble, and a :class:`~downwedig.errors.CommandError`
    when the run cannot be set up.
    """
    mark = f"run-{os.getpid()}-{secrets.token_hex(8)}"
    try:
        origin: str | None = os.getcwd()
    except OSError:  # (a folder removed under the judge)
        origin = None
    if origin is not None:
        command = relocated(command, origin)
    box = sandbox()
    with contextlib.ExitStack() as stack:
        try:
            counted = accounting(limits.memory_mib)
            stack.callback(counted.close)
            private, work = box.workplace()
            if private is not None:  # (a folder on the judge's disk: without the sandbox only)
                stack.callback(workspace.remove_tree, private)
                room(tempfile.gettempdir(), 2 * limits.output_bytes)
            uid = stack.enter_context(box.lease())
        except OSError as exc:
            raise JudgeFailure(f"cannot set up the run: {exc.strerror or exc} ({exc.filename or 'TMPDIR'})") from None
        env = box.environment(os.environ)
        env.update({sweep.MARK: mark, "TMPDIR": work if private else tempfile.gettempdir(), "PWD": work})
        env.pop("OLDPWD", None)
        # The pipes: the input's (its write end the judge's), the output's and errors' (their read ends the
        # judge's), and the sandbox's seccomp program (its read end bubblewrap's).
        pipes = [os.pipe() for _ in range(3)]
        ahead = ahead and box.holds_at_gate
        program = _program_pipe() if box.name is not None else None
        held = () if program is None else (program,)
        process: Popen[bytes] | None = None
        try:
            inside = box.words(
                command,
                origin,
                space=limits.memory_mib << 20,
                counted_by_wait=counted.limits_per_process,
                uid=uid,
                seccomp=program,
            )
            inside += run_words(command)
            script = limit_script(
                limits,
                memory_per_process=counted.limits_per_process,
                stop_first=counted.stop_first,
                enter=counted.enter,
                close=counted.closes(held),
            )
            argv = counted.wrap(["/bin/sh", "-c", script, "downwedig-run", *inside])
            # (In the main thread a signal's handler raises: held, it waits until the run is among those stop_all
            # kills, rather than cut between its start and that, which would leave it going on.)
            main = threading.current_thread() is threading.main_thread()
            with sweep.LOCK, interrupts.held() if main else contextlib.nullcontext():
                if _stopping:
                    raise Stopped("runs were stopped")
                # (this thread's, which the run inherits: a keyring of its own; where one could be had before and no
                # filter keeps the run from keyrings, one that cannot be had now, the user's keys over quota, is FAIL)
                if not kernel.fresh_session_keyring() and not box.filters_keyrings and kernel.keyrings_apart():
                    raise JudgeFailure("cannot give the run a session keyring of its own (the user's keys over quota?)")
                process = _start(argv, (pipes[0][0], pipes[1][1], pipes[2][1]), work, env, held)
                running = sweep.ACTIVE[mark] = _Process(process.pid, counted)
        except BaseException:
            _close_all([pipes[0][1], pipes[1][0], pipes[2][0]])
            if process is not None:  # (started, then the signal held meanwhile: ended here, not left going on)
                _abandon(process, counted, mark)
            raise
        finally:  # (the run's ends: its own now)
            _close_all([pipes[0][0], pipes[1][1], pipes[2][1], *held])
        assert process is not None
        launched = Launch(
            stack.pop_all(),  # (what it made is the launch's now)
            process,
            counted,
            box,
            mark,
            (pipes[0][1], pipes[1][0], pipes[2][0]),
            ahead and counted.stop_first,
            limits,
            timeout,
        )
    try:
        if _stopping:
            running.kill_now()
        if launched.placed:  # (made ahead: placed now, so that the sandbox is set up now)
            counted.place(process.pid)
    except BaseException:
        launched.discard()
        raise
    return launched


def _program_pipe() -> int:
    """A pipe's read end holding the sandbox's seccomp program (bubblewrap reads it whole, then closes it)."""
    reader, writer = os.pipe()
    try:
        os.write(writer, kernel.seccomp_filter())  # (a few hundred bytes: within any pipe's buffer)
    finally:
        os.close(writer)
    return reader


def _abandon(process: Popen[bytes], counted: Accounting, mark: str) -> None:
    """End a run that was started and will not be run: killed with all it started, and reaped."""
    sweep.ACTIVE.pop(mark, None)
    counted.kill_now(process.pid)
    with contextlib.suppress(subprocess.TimeoutExpired):
        process.wait(timeout=5)


def _close_all(fds: list[int] | tuple[int, ...]) -> None:
    for fd in fds:
        with contextlib.suppress(OSError):
            os.close(fd)


def _start(
    argv: list[str], fds: tuple[int, int, int], work: str, env: dict[str, str], held: tuple[int, ...]
) -> Popen[bytes]:
    """Start the run's shell in its folder; that folder made again if something removed it meanwhile
    (another run of a solution that deletes what it finds, which may strike again: up to 8 tries); a
    JudgeFailure if it still cannot start."""
    attempts = 8
    for attempt in range(1, attempts + 1):
        try:
            return subprocess.Popen(
                argv,
                stdin=fds[0],
                stdout=fds[1],
                stderr=fds[2],
                cwd=work,
                start_new_session=True,
                env=env,
                pass_fds=held,
            )
        except FileNotFoundError:
            if attempt == attempts or os.path.isdir(work):
                raise JudgeFailure(f"cannot start the run: {argv[0]} or its folder {work} is missing") from None
            with contextlib.suppress(OSError):  # (removed again while being made: the next try makes it again)
                os.makedirs(work, 0o700, exist_ok=True)
        except OSError as exc:  # (E2BIG: a command over the argument limit; ENOMEM...)
            raise JudgeFailure(f"cannot start the run: {exc.strerror or exc}") from None
    raise AssertionError("unreachable")


def reap(pid: int, left: list[int], deadline: float) -> tuple[int, resource.struct_rusage]:
    """Reap the run's first process with its resource usage, waiting no longer than ``deadline`` (it was
    killed); a CommandError if processes could not be killed."""
    while True:
        found, status, usage = os.wait4(pid, os.WNOHANG)
        if found and not left:
            return status, usage
        if found or time.monotonic() > deadline + 4.0:
            break
        if time.monotonic() > deadline:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, signal.SIGKILL)
        time.sleep(0.001)
    raise CommandError(f"processes of the run could not be killed (stuck in the kernel?): {left[:10] or [pid]}")
