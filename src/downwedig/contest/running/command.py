"""What a run's command means, and the words and script that run it under its limits.

:func:`solution_command` says what ``--solution`` means (for ``test`` and
``stress`` alike).  A run's command never becomes text for a shell that the
judge's words also pass through: :func:`run_words` are the words that run it,
the command's own words when it is one program and its arguments with nothing
for a shell to expand (so that its exit status, signal and resource usage are
the run's), else ``/bin/sh -c -- COMMAND``, the command one argument of a shell
of its own.  :func:`limit_script` is the script of fixed text (its limits and
how it enters its cgroup) that sets the run's limits, then ``exec``-s its
arguments: the sandbox's words and then those.  :func:`describe_exit` says how
a run ended.

>>> print(limit_script(Limits(cpu_s=2, memory_mib=64, output_bytes=1024), memory_per_process=True))
ulimit -f 2 2>/dev/null
ulimit -c 0 2>/dev/null
ulimit -n 1024 2>/dev/null
ulimit -S -t 3 2>/dev/null
ulimit -H -t 4 2>/dev/null
ulimit -v 65536 2>/dev/null
ulimit -s 65536 2>/dev/null
exec "$@"
>>> run_words("python3 a.py"), run_words("cat x | sort")
(['python3', 'a.py'], ['/bin/sh', '-c', '--', 'cat x | sort'])
"""

from __future__ import annotations

import contextlib
import math
import os
import shlex
import shutil
import signal
import sys
from collections.abc import Sequence

from ...errors import UsageError
from .limits import OPEN_FILES, Limits

__all__ = [
    "COMMAND_LIMIT",
    "describe_exit",
    "limit_script",
    "relocated",
    "run_words",
    "simple_words",
    "solution_command",
]

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


#: What a shell would expand or skip in a word (``#`` starts a comment): such a command is no simple one.
_EXPANDED = frozenset("$`*?[]{}~\\!#")


def relocated(command: str, origin: str) -> str:
    """A simple command whose relative file names, as seen from the folder ``origin``, are made absolute. O(len).

    A run works in a fresh empty folder, yet ``python3 solution.py`` means the
    ``solution.py`` of the folder the judge was started in.  So in a simple
    command of one program and its arguments with nothing the shell would expand, each
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


def simple_words(command: str) -> list[str] | None:
    """The words of a command that a shell would take as they are: one program found on ``PATH`` (or by its path)
    and its arguments, with nothing to expand (no ``$``, backquote, glob, ``~``, backslash or comment); None for
    anything else. O(len).

    >>> simple_words("python3 'my sol.py'"), simple_words("echo `id -u`"), simple_words("exec cat")
    (['python3', 'my sol.py'], None, None)
    """
    words = _words(command)
    if words is None or any(char in _EXPANDED for char in command):
        return None
    first = words[0]
    if "=" in first or first in _SHELL_WORDS or shutil.which(first) is None:
        return None  # an assignment, a keyword, a builtin (exec, eval...) or a function: a shell's
    return words


def run_words(command: str) -> list[str]:
    """The words that run ``command``: its own (:func:`simple_words`), else ``/bin/sh -c -- COMMAND``. O(len).

    >>> run_words("exit 3")
    ['/bin/sh', '-c', '--', 'exit 3']
    """
    words = simple_words(command)
    return words if words is not None else ["/bin/sh", "-c", "--", command]  # (-- : never its options)


def limit_script(
    limits: Limits,
    *,
    memory_per_process: bool,
    stop_first: bool = False,
    enter: Sequence[str] = (),
    close: int | None = None,
) -> str:
    """The script that sets a run's limits, then ``exec``-s its arguments (``"$@"``): fixed text, in which no word
    of the run's command is. O(1).

    The output limit is ``RLIMIT_FSIZE`` (what a file the run writes may grow
    to); the CPU limit ``RLIMIT_CPU``, soft a second past it (``SIGXCPU``), hard
    a second later (``SIGKILL``); the stack ``limits.stack``; with
    ``memory_per_process`` (no cgroup), the memory limit is each process's
    address space (``RLIMIT_AS``).  With ``stop_first``, the run has a cgroup,
    which holds the memory limit, and the script first stops itself
    (``SIGSTOP``) until the judge has moved it into that cgroup, or checked
    that it moved itself there: it writes ``0`` (itself) to each of the
    ``tasks`` files ``enter`` (cgroup v1), which, unlike the judge moving
    another process, takes no global lock in the kernel (that costs a
    10-millisecond RCU grace period).  ``close`` is a descriptor closed first
    (GNU time's report, which its child inherits).  No run writes a core
    file, and none opens more than
    :data:`~downwedig.contest.running.limits.OPEN_FILES` files at once.

    >>> limit_script(Limits(output_bytes=512), memory_per_process=False, stop_first=True).splitlines()[:2]
    ['kill -STOP $$', 'ulimit -f 1 2>/dev/null']
    """
    lines = [] if close is None else [f"exec {close}>&-"]
    lines += [f"echo 0 > {shlex.quote(path)} 2>/dev/null" for path in enter]
    lines += ["kill -STOP $$"] if stop_first else []
    lines.append(f"ulimit -f {max(1, -(-limits.output_bytes // 512))} 2>/dev/null")  # in blocks of 512 bytes
    lines += ["ulimit -c 0 2>/dev/null", f"ulimit -n {OPEN_FILES} 2>/dev/null"]
    soft = math.ceil(limits.cpu_s) + 1
    lines += [f"ulimit -S -t {soft} 2>/dev/null", f"ulimit -H -t {soft + 1} 2>/dev/null"]
    if memory_per_process:
        lines.append(f"ulimit -v {limits.memory_mib * 1024} 2>/dev/null")
    lines.append(f"ulimit -s {limits.stack * 1024} 2>/dev/null")
    lines.append('exec "$@"')
    return "\n".join(lines)
