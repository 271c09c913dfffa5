"""Launching a run: everything before its command runs, so that a run can be made ready ahead of its turn.

:func:`launch` makes a run's accounting (its cgroup, or a process group), its
files (its output and errors, unnamed; its folder, without the sandbox) and
starts its shell; the command is held until :meth:`Launch.release`:

- **in the sandbox**, with a gate: the shell is placed in its cgroup and goes
  on into bubblewrap, which sets the sandbox up (its namespaces and mounts,
  most of its cost) and then waits at the gate (``--block-fd``) until the
  judge writes to it.  A launch made while the run before it goes on (see
  :class:`~downwedig.contest.running.runner.Runner`) is ready when its turn
  comes, and the run's clock, like its CPU time, starts at the gate;
- otherwise the shell stops itself until it is placed in its cgroup, at the
  release (or, in a process group, the command starts at once).

A launch not released is discarded (:meth:`Launch.discard`): its processes
killed before its gate closes, its files removed.  :func:`stop_all` kills every
run going on, launched or released, and refuses new ones.

Cost: a few system calls for the files and the cgroup, a shell, and the
sandbox's setup (about 4 ms, off the run's clock when made ready ahead).

>>> with launch("exit 0", None, timeout=5) as launched:
...     launched.gate is None
True
"""

from __future__ import annotations

import contextlib
import os
import secrets
import signal
import subprocess
import tempfile
import time
from subprocess import Popen
from typing import IO

from ...errors import CommandError
from . import sweep, workspace
from .cgroup import PROCESS_LIMIT
from .command import relocated, shell_script
from .isolation import Accounting, accounting
from .limits import OUTPUT_LIMIT, Limits
from .sandbox import SPACE_BYTES, Sandbox, environment, lease, sandbox

TYPE_CHECKING = False
if TYPE_CHECKING:
    import resource

__all__ = ["JudgeFailure", "Launch", "Stopped", "launch", "reap", "room", "stop_all"]


class Stopped(Exception):
    """Runs were stopped (:func:`stop_all`): no new one starts."""


class JudgeFailure(CommandError):
    """The judge's own trouble (no room for a run's folder or output...), never the solution's: ``FAIL``."""


_stopping = False


def stop_all(stop: bool = True) -> None:
    """Kill every run going on (and every run launched, not yet released) and refuse new ones (``stop=False``
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
    """A run whose processes are started and accounted for, its command held until :meth:`release`.

    Owns what :func:`launch` made (files, folder, cgroup, uid); a context
    manager: leaving it ends whatever is left of the run and removes them.
    """

    def __init__(
        self,
        stack: contextlib.ExitStack,
        process: Popen[bytes],
        counted: Accounting,
        box: Sandbox | str,
        mark: str,
        files: tuple[IO[bytes], IO[bytes], int],
        gate: int | None,
        work: tuple[str | None, str],
        limits: Limits | None,
        timeout: float,
    ) -> None:
        self.stack = stack
        self.process = process
        self.counted = counted
        self.box = box
        self.mark = mark
        self.stdout, self.stderr = files[:2]
        self.writer: int | None = files[2]  # (the input pipe's end, the judge's until the run takes it: take_input)
        self.gate = gate  # (the write end of the sandbox's gate, while the command waits at it)
        self.private, self.work = work  # (the run's folder on the judge's disk, if any, and its work folder)
        self.limits = limits  # (the run's, and its wall-clock limit: what its end is judged by)
        self.timeout = timeout
        self.ended = False

    def take_input(self) -> int:
        """The write end of the run's input pipe, which the caller closes from now on."""
        writer, self.writer = self.writer, None
        assert writer is not None, "the input was taken already"
        return writer

    def release(self) -> float:
        """Let the command go (open its gate, or place its shell and let it go on); when it went
        (``time.monotonic()``): its clock and its CPU time start there."""
        if self.gate is not None:
            gate, self.gate = self.gate, None
            try:
                os.write(gate, b"x")
            except OSError:  # (the sandbox is gone already: stop_all, or it could not be set up; its end says)
                pass
            finally:
                os.close(gate)
        elif self.counted.stop_first:
            self.counted.place(self.process.pid)
        self.counted.started()
        return time.monotonic()

    def end(self, ended: str, deadline: float) -> tuple[int, resource.struct_rusage]:
        """Kill what is left of the run and reap its first process (at ``deadline`` at the latest): its wait status
        and resource usage."""
        self.ended = True
        try:
            left = self.counted.end(self.process.pid, ended, self.mark, deadline)
        finally:
            with sweep.LOCK:
                sweep.ACTIVE.pop(self.mark, None)
        status, usage = reap(self.process.pid, left, deadline)
        self.process.returncode = os.waitstatus_to_exitcode(status)
        return status, usage

    def discard(self) -> None:
        """End what is left of the run (killed before its gate closes, if it was never released), and remove its
        files, folder and cgroup."""
        if not self.ended:
            self.counted.kill_now(self.process.pid)
            with contextlib.suppress(CommandError):
                self.end("killed", time.monotonic() + 1.0)
        _close_all([fd for fd in (self.gate, self.writer) if fd is not None])
        self.gate = self.writer = None
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
            f"the temporary folder {folder} has {free >> 10} KiB free; a run needs {needed >> 20} MiB for its "
            "output and errors (TMPDIR chooses another)"
        )


def launch(command: str, limits: Limits | None, *, timeout: float, gate: bool = False) -> Launch:
    """Start a run of the shell ``command`` under ``limits`` (see the module docstring), held until released;
    with ``gate``, in the sandbox, it is set up now and waits at its gate. O(1) system calls.

    Raises :class:`Stopped` after :func:`stop_all`, a :class:`JudgeFailure`
    for the judge's own trouble, and a :class:`~downwedig.errors.CommandError`
    when the run cannot be set up.
    """
    cpu_limit = None if limits is None else limits.cpu_s
    memory_mib = None if limits is None else limits.memory_mib
    stack_mib = None if limits is None else limits.stack
    output_limit = OUTPUT_LIMIT if limits is None else limits.output_bytes
    mark = f"run-{os.getpid()}-{secrets.token_hex(8)}"
    try:
        origin: str | None = os.getcwd()
    except OSError:  # (a folder removed under the judge)
        origin = None
    if origin is not None:
        command = relocated(command, origin)
    box = sandbox()
    with contextlib.ExitStack() as stack:
        counted = accounting(memory_mib)
        stack.callback(counted.close)
        try:
            room(tempfile.gettempdir(), 2 * output_limit)
            unaccounted = counted.mode == "process-group"
            private: str | None = None
            if isinstance(box, Sandbox):  # (its folder is the sandbox's /box, in memory: none on the judge's disk)
                workspace.clean_stale()
                work = "/"
                uid = stack.enter_context(lease())
            else:
                private, work = workspace.run_folder()
                stack.callback(workspace.remove_tree, private)
            stdout = stack.enter_context(tempfile.TemporaryFile())
            stderr = stack.enter_context(tempfile.TemporaryFile())
        except OSError as exc:
            raise JudgeFailure(f"cannot set up the run: {exc.strerror or exc} ({exc.filename or 'TMPDIR'})") from None
        env = environment(os.environ) if isinstance(box, Sandbox) else {**os.environ}
        env.update({sweep.MARK: mark, "TMPDIR": work if private else tempfile.gettempdir(), "PWD": work})
        env.pop("OLDPWD", None)
        # The pipes: the input's (its write end the judge's), and the gate's (its read end the sandbox's).
        reader, writer = os.pipe()
        gates = os.pipe() if gate and isinstance(box, Sandbox) else None
        try:
            wrap: list[str] = []
            if isinstance(box, Sandbox):
                space = SPACE_BYTES if memory_mib is None else memory_mib << 20
                held = None if gates is None else gates[0]
                wrap = box.argv(command, origin, space=space, counted_by_wait=unaccounted, uid=uid, gate=held)
            script = shell_script(
                command,
                cpu_limit,
                memory_mib if unaccounted else None,
                output_limit,
                stop_first=counted.stop_first,
                enter=counted.enter,
                stack_mib=stack_mib,
                wrap=wrap,
                processes=PROCESS_LIMIT if wrap and unaccounted else None,  # (else the cgroup caps them, or nothing)
            )
            argv = counted.wrap(["/bin/sh", "-c", script])
            with sweep.LOCK:
                if _stopping:
                    raise Stopped("runs were stopped")
                process = _start(argv, reader, stdout, stderr, work, env, () if gates is None else (gates[0],))
                running = sweep.ACTIVE[mark] = _Process(process.pid, counted)
        except BaseException:
            _close_all([writer, *(gates[1:] if gates else ())])
            raise
        finally:
            _close_all([reader, *(gates[:1] if gates else ())])  # (the run's ends: its own now)
        launched = Launch(
            stack.pop_all(),  # (what it made is the launch's now)
            process,
            counted,
            box,
            mark,
            (stdout, stderr, writer),
            None if gates is None else gates[1],
            (private, work),
            limits,
            timeout,
        )
    try:
        if _stopping:
            running.kill_now()
        if launched.gate is not None and counted.stop_first:  # (placed now, so that the sandbox is set up now)
            counted.place(process.pid)
    except BaseException:
        launched.discard()
        raise
    return launched


def _close_all(fds: list[int] | tuple[int, ...]) -> None:
    for fd in fds:
        with contextlib.suppress(OSError):
            os.close(fd)


def _start(
    argv: list[str],
    reader: int,
    stdout: IO[bytes],
    stderr: IO[bytes],
    work: str,
    env: dict[str, str],
    held: tuple[int, ...],
) -> Popen[bytes]:
    """Start the run's shell in its folder; that folder made again if something removed it meanwhile
    (another run of a solution that deletes what it finds, which may strike again: up to 8 tries); a
    CommandError if it still cannot start."""
    attempts = 8
    for attempt in range(1, attempts + 1):
        try:
            return subprocess.Popen(
                argv,
                stdin=reader,
                stdout=stdout,
                stderr=stderr,
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
