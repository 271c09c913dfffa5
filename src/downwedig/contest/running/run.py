"""Running a solution as a judge does: input on a pipe, a fresh folder, limits, and nothing left behind.

:func:`run_solution` runs a shell command with the test on its standard input
and returns a :class:`~downwedig.contest.running.record.Run`: exit status,
output, CPU and wall seconds, peak memory, and the isolation it ran under.
How:

- **What it is given.**  Its input, output and errors are pipes whose other
  ends the judge holds (:mod:`~downwedig.contest.running.streams`): the
  command never learns where the test lives, no file of the judge's is open
  in it, and the judge reads what it writes as it goes, up to the output
  limit (a run that writes more is ended at once, ``overflow`` saying so);
  only the first :data:`~downwedig.contest.running.record.STDERR_KEPT` bytes
  of its errors are kept.  It runs in a fresh, empty working folder
  (``TMPDIR`` too: the sandbox's ``/box``, in memory, or a folder in the
  judge's ``TMPDIR``), removed with everything in it after the run (a simple
  command's relative file names, ``python3 solution.py``, are made absolute
  first: :func:`~downwedig.contest.running.command.relocated`); no file it
  writes may grow past the output limit (``RLIMIT_FSIZE``; ``SIGXFSZ`` then).
- **Its own cgroup**, where the machine allows it
  (:func:`~downwedig.contest.running.cgroup.isolation`: ``cgroup-v2`` or
  ``cgroup-v1``): the shell that runs the command moves itself into a fresh
  cgroup (v1; in v2 the judge moves it) and stops itself, and the judge checks
  it is there before it lets it go on, so every process of the run is in the
  group.  CPU time and peak memory are the group's
  (children included, waited for or not); the memory limit and a cap of
  :data:`~downwedig.contest.running.cgroup.PROCESS_LIMIT` tasks are the
  group's; the judge reads the group's CPU time as the run goes and ends it
  once it passes the CPU limit; and when the command ends (or at a limit) the
  whole group is killed, then removed.
- **Otherwise a process group** (``process-group``): limits per process, set
  by the shell before it ``exec``\\ s the command (``ulimit``: CPU seconds,
  ``SIGXCPU`` a second past the limit and ``SIGKILL`` a second later; the
  address space, which is the memory limit); peak memory from GNU time
  (``/usr/bin/time``) where it is installed, else the kernel's ``ru_maxrss``
  (which on Linux counts the judge's own size for a small program); and a
  sweep for what the run left (:mod:`~downwedig.contest.running.sweep`, which
  says what it cannot see).
- **Its sandbox** where bubblewrap works (:mod:`~downwedig.contest.running.sandbox`).
- **A wall-clock limit** ends every run: at ``timeout`` seconds it is killed
  (and reported with ``returncode`` None).  A simple command (one program and
  its arguments) is ``exec``-ed, so its exit status and signal reach the
  judge as they are.

A :class:`~downwedig.contest.running.runner.Runner` runs one command on many
inputs, as a judging does (while a run goes on, the next one's sandbox is set
up on a free core); :func:`run_solution` is a runner of one run.
:func:`stop_all` kills every run going on and refuses new ones (a judge told to
stop by a signal calls it).

>>> run_solution("cat", b"hi", Limits(cpu_s=1, memory_mib=64)).stdout
b'hi'
>>> describe_exit(-9), describe_exit(3)
('killed by signal SIGKILL', 'exit status 3')
"""

from __future__ import annotations

from pathlib import Path

from .command import describe_exit
from .isolation import has_gnu_time
from .launch import JudgeFailure, Stopped, stop_all
from .limits import Limits
from .record import STDERR_KEPT, Run
from .runner import Runner

__all__ = [
    "STDERR_KEPT",
    "JudgeFailure",
    "Limits",
    "Run",
    "Stopped",
    "describe_exit",
    "has_gnu_time",
    "run_solution",
    "stop_all",
]


def run_solution(command: str, data: bytes | Path, limits: Limits, *, timeout: float | None = None) -> Run:
    """Run the shell ``command`` with ``data`` (bytes, or a file read first) on stdin, as the module docstring says.

    ``limits`` are the run's (CPU, memory, stack, output); its wall clock is
    :attr:`Limits.wall_s` unless ``timeout`` is given.  Raises :class:`Stopped`
    after :func:`stop_all`, and a :class:`~downwedig.errors.CommandError` when
    the run cannot be set up.  Cost: the run itself, plus a few milliseconds.

    >>> run = run_solution("exit 3", b"", Limits(cpu_s=1, memory_mib=64))
    >>> run.returncode, run.timed_out, run.cpu_seconds < 1
    (3, False, True)
    """
    with Runner(command, limits, timeout=timeout, ahead=False) as runner:
        return runner.run(data)
