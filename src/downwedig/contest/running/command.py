"""The shell script that runs a solution's command under its limits, and what its exit means in words.

:func:`shell_script` is what ``/bin/sh -c`` runs for one run: the ``ulimit``
lines of its limits (set by the shell itself, so nothing runs in the forked
child before ``exec``), then the command, ``exec``-ed when it is one program
with its arguments (:func:`exec_form`), so that its own exit status, signal
and resource usage are the run's.  :func:`describe_exit` says how a run ended;
:func:`has_gnu_time` and :func:`read_time_report` serve the runs that measure
peak memory with GNU time.

>>> print(shell_script("true", None, None, 1024))
ulimit -f 2 2>/dev/null
ulimit -c 0 2>/dev/null
ulimit -n 1024 2>/dev/null
exec true
"""

from __future__ import annotations

import contextlib
import math
import os
import shlex
import shutil
import signal
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

from ...errors import UsageError
from .limits import OPEN_FILES

__all__ = [
    "COMMAND_LIMIT",
    "describe_exit",
    "exec_form",
    "has_gnu_time",
    "read_time_report",
    "relocated",
    "shell_script",
    "solution_command",
]

_GNU_TIME = "/usr/bin/time"
#: The longest command a run takes (bytes): the kernel takes at most 128 KiB in one argument, and the run's
#: script adds its limits and sandbox to it.
COMMAND_LIMIT = 100_000
_SOURCES = (".c", ".cc", ".cpp", ".cxx", ".c++", ".java", ".kt", ".rs", ".go", ".pas", ".hs", ".cs", ".d", ".ml")


def solution_command(command: str) -> str:
    """What ``--solution`` means, for ``test`` and ``stress`` alike: a lone ``FILE.py`` runs with this Python; a
    lone program that cannot run, a source file to compile, or a command over :data:`COMMAND_LIMIT` is a
    :class:`~downwedig.errors.UsageError` now, not a failure on every test. O(len).

    >>> solution_command("python3 solution.py")
    'python3 solution.py'
    >>> solution_command("ok.cpp")
    Traceback (most recent call last):
    ...
    downwedig.errors.UsageError: --solution ok.cpp: a source file: compile it first (say g++ -O2 -o ok ok.cpp, ...
    """
    size = len(command.encode("utf-8", "surrogateescape"))
    if size > COMMAND_LIMIT:
        raise UsageError(
            f"--solution: a command of {size} bytes, over the {COMMAND_LIMIT} a run takes (put it in a script file)"
        )
    try:
        words = shlex.split(command)
    except ValueError:
        return command
    if len(words) != 1 or command.strip() != shlex.quote(words[0]):
        return command  # arguments, or shell syntax: the shell runs it as it is
    program = words[0]
    if program.endswith(".py"):
        if not os.path.isfile(program):
            raise UsageError(f"--solution {program}: no such file")
        return f"{shlex.quote(sys.executable)} {shlex.quote(program)}"
    stem, suffix = os.path.splitext(program)
    if suffix.lower() in _SOURCES:
        compiler = {".c": "gcc", ".java": "javac"}.get(suffix.lower(), "g++")
        name = os.path.basename(stem)
        how = f"{compiler} -O2 -o {name} {program}, then --solution ./{name}"
        if compiler == "javac":
            how = f"javac {program}, then --solution 'java -cp {os.path.dirname(program) or '.'} {name}'"
        raise UsageError(f"--solution {program}: a source file: compile it first (say {how})")
    if "/" in program:
        if not os.path.isfile(program):
            raise UsageError(f"--solution {program}: no such file")
        if not os.access(program, os.X_OK):
            raise UsageError(
                f"--solution {program}: not executable (chmod +x {program}, or give the command that runs it)"
            )
    elif shutil.which(program) is None:
        hint = f"./{program}" if os.path.isfile(program) else "a command on PATH, or a path to a program"
        raise UsageError(f"--solution {program}: command not found (give {hint})")
    return command


def describe_exit(code: int) -> str:
    """An exit status as a person reads it: ``exit status N``, or the signal that killed it by name. O(1).

    A shell reports a command killed by signal N as status 128 + N; such a
    status is shown with the signal's name beside it.

    >>> describe_exit(139)
    'exit status 139 (as a shell reports SIGSEGV)'
    """
    if code < 0:
        try:
            return f"killed by signal {signal.Signals(-code).name}"
        except ValueError:
            return f"killed by signal {-code}"
    if 128 < code < 128 + signal.NSIG:
        with contextlib.suppress(ValueError):
            return f"exit status {code} (as a shell reports {signal.Signals(code - 128).name})"
    return f"exit status {code}"


_SHELL_WORDS = frozenset(
    ("!", "{", "}", "[[", "case", "do", "done", "elif", "else", "esac", "fi", "for", "function", "if", "in")
) | {"select", "then", "time", "until", "while"}


def _words(command: str) -> list[str] | None:
    """The words of a simple command (one program and its arguments), or None for anything else."""
    if "\n" in command:
        return None
    try:
        lexer = shlex.shlex(command, posix=True, punctuation_chars=True)
        lexer.whitespace_split = True
        words = list(lexer)
    except ValueError:
        return None
    if not words or any(word and not word.strip("();<>|&") for word in words):
        return None  # an operator: a list, a pipeline, a redirection or a subshell
    return words


#: What the shell would expand in a word: such a command is left as it is by :func:`relocated`.
_EXPANDED = frozenset("$`*?[]{}~\\!")


def relocated(command: str, origin: str) -> str:
    """A simple command whose relative file names, as seen from the folder ``origin``, are made absolute. O(len).

    A run works in a fresh empty folder, yet ``python3 solution.py`` means the
    ``solution.py`` of the folder the judge was started in.  So in a simple
    command (see :func:`exec_form`) with nothing the shell would expand, each
    word that is not an option, holds a ``/`` or a ``.``, and names a file or
    folder in ``origin`` is replaced by its absolute path (quoted).  Any other
    command is returned as it is: it runs in the fresh folder, so its files
    are best named by absolute paths.

    >>> import os, tempfile
    >>> folder = tempfile.mkdtemp()
    >>> _ = open(os.path.join(folder, "sol.py"), "w").close()
    >>> relocated("python3 sol.py", folder) == f"python3 {os.path.join(folder, 'sol.py')}"
    True
    >>> relocated("echo 2", folder), relocated("cat sol.py | sort", folder)
    ('echo 2', 'cat sol.py | sort')
    """
    words = _words(command)
    if words is None or any(char in _EXPANDED for char in command):
        return command
    changed = False
    out = []
    for word in words:
        if not word.startswith("-") and ("/" in word or "." in word) and not os.path.isabs(word):
            path = os.path.join(origin, word)
            if os.path.exists(path):
                word = os.path.normpath(path)
                changed = True
        out.append(shlex.quote(word))
    return " ".join(out) if changed else command


def exec_form(command: str) -> str:
    """``exec COMMAND`` when the command is one program with its arguments, else the command as it is. O(len).

    Then the shell does not stay in between: the program's own exit status (or
    signal) and resource usage are the run's.

    >>> exec_form("python3 a.py"), exec_form("cat x | sort")
    ('exec python3 a.py', 'cat x | sort')
    """
    words = _words(command)
    if words is None:
        return command  # an operator: a list, a pipeline, a redirection or a subshell
    first = words[0]
    if "=" in first or first in _SHELL_WORDS or shutil.which(first) is None:
        return command  # an assignment, a keyword, a builtin or a function: keep the shell
    return "exec " + command


def shell_script(
    command: str,
    cpu_limit: float | None,
    memory_mib: int | None,
    output_limit: int,
    *,
    stop_first: bool = False,
    enter: Sequence[str] = (),
    origin: str | None = None,
    stack_mib: int | None = None,
    wrap: Sequence[str] = (),
    processes: int | None = None,
) -> str:
    """The script of one run: ``ulimit`` lines (a failure to set one is ignored), then the command. O(len).

    The output limit is ``RLIMIT_FSIZE``; the CPU limit ``RLIMIT_CPU``, soft a
    second past it (``SIGXCPU``), hard a second later (``SIGKILL``); the memory
    limit the address space (``RLIMIT_AS``) unless ``stop_first``: then the
    run has a cgroup, which holds the memory limit, and the script first stops
    itself (``SIGSTOP``) until the judge has moved it into that cgroup, or
    checked that it moved itself there: it writes ``0`` (itself) to each of
    the ``tasks`` files ``enter`` (cgroup v1), which, unlike the judge moving
    another process, takes no global lock in the kernel (that costs a
    10-millisecond RCU grace period).  The
    stack is ``stack_mib`` (the caller gives the memory limit by default, as
    Kattis and Codeforces do); without it, it is left as it is.  With
    ``origin``, the command's file names are :func:`relocated` from there.
    With ``wrap`` (the sandbox's words), the script ends by ``exec``-ing them
    with ``/bin/sh -c COMMAND``: the limits hold in the sandbox too; there
    ``processes`` caps its processes (``RLIMIT_NPROC``, set inside, where the
    count is the sandbox's own uid's: without a cgroup, a fork bomb stops
    there).  No run writes a core file, and none opens more than
    :data:`~downwedig.contest.running.limits.OPEN_FILES` files at once.

    >>> shell_script("a", 1.5, 64, 512, stop_first=True).splitlines()[:2]
    ['kill -STOP $$', 'ulimit -f 1 2>/dev/null']
    """
    lines = [f"echo 0 > {shlex.quote(path)} 2>/dev/null" for path in enter]
    lines += ["kill -STOP $$"] if stop_first else []
    lines.append(f"ulimit -f {max(1, -(-output_limit // 512))} 2>/dev/null")  # in blocks of 512 bytes
    lines += ["ulimit -c 0 2>/dev/null", f"ulimit -n {OPEN_FILES} 2>/dev/null"]
    if cpu_limit is not None:
        soft = math.ceil(cpu_limit) + 1
        lines += [f"ulimit -S -t {soft} 2>/dev/null", f"ulimit -H -t {soft + 1} 2>/dev/null"]
    if memory_mib is not None and not stop_first:
        lines.append(f"ulimit -v {memory_mib * 1024} 2>/dev/null")
    if stack_mib is not None:
        lines.append(f"ulimit -s {stack_mib * 1024} 2>/dev/null")
    if origin is not None:
        command = relocated(command, origin)
    last = exec_form(command)
    if wrap:  # (a simple command is exec-ed by the sandbox itself; anything else by a shell in it)
        words = " ".join(shlex.quote(word) for word in wrap)
        if processes is None and last.startswith("exec "):
            last = f"exec {words} {last[5:]}"
        else:
            inside = last if processes is None else f"ulimit -p {processes} 2>/dev/null\n{last}"
            last = f"exec {words} /bin/sh -c {shlex.quote(inside)}"
    return "\n".join([*lines, last])


_gnu_time: bool | None = None


def has_gnu_time() -> bool:
    """Whether ``/usr/bin/time`` is GNU time, which measures a program's peak memory (asked once). O(1) after.

    >>> isinstance(has_gnu_time(), bool)
    True
    """
    global _gnu_time
    if _gnu_time is None:
        try:
            found = subprocess.run([_GNU_TIME, "--version"], capture_output=True, timeout=10)
            _gnu_time = b"GNU" in found.stdout + found.stderr
        except (OSError, subprocess.SubprocessError):
            _gnu_time = False
    return _gnu_time


def read_time_report(path: str) -> tuple[float | None, int | None]:
    """GNU time's report (``-f %M``): the peak in MiB, and the signal that ended the command (if one did). O(size).

    >>> read_time_report("/nonexistent")
    (None, None)
    """
    try:
        lines = Path(path).read_text(errors="replace").split("\n")
    except OSError:
        return None, None
    lines = [line for line in lines if line.strip()]
    peak = int(lines[-1]) / 1024 if lines and lines[-1].strip().isdigit() else None
    ended = next((line for line in lines if line.startswith("Command terminated by signal ")), None)
    return peak, int(ended.rsplit(" ", 1)[1]) if ended else None
