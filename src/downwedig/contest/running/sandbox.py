"""The run's own namespaces and uid, through bubblewrap (``bwrap``, Flatpak's sandbox), as isolate gives a box.

:func:`sandbox` gives, once per process, how runs are sandboxed here: a
:class:`Sandbox` where ``bwrap`` is installed and works, else a
:class:`NoSandbox`, which has the same methods and gives nothing (and says so:
:meth:`NoSandbox.missing`).  ``DOWNWEDIG_SANDBOX`` (:data:`CHOICE`) chooses, and
fails closed, as isolate refuses to run without its box: ``auto`` (the default:
bubblewrap where it works, else none, which the report says), ``bwrap``
(bubblewrap, or an error that says how to install it) or ``none``; any other
value is a usage error.  In the sandbox a run's command gets (:meth:`Sandbox.words`):

- **its own PID, network, IPC and UTS namespaces** (``--unshare-pid``,
  ``--unshare-net``...): it sees only its own processes in a fresh ``/proc``
  (no ``/proc/$PPID`` of the judge, no other command line), no process
  outside can be signalled, no network (loopback included), and when its
  command ends, or the judge dies (``--die-with-parent``), every process
  left in the namespace is killed by the kernel;
- **its own mount namespace**: system folders read-only (``/usr``, ``/etc``,
  ``/bin``, ``/lib*``, ``/sbin``), what :mod:`~downwedig.contest.running.shown`
  shows of the judge's (this Python, the programs and files the command names,
  never a test, and this package only to downwedig's own command), a minimal
  ``/dev``, no ``/sys`` (so no cgroup file), and the only places it can write,
  in memory: its box at ``/box`` (its working folder, ``HOME`` and ``TMPDIR``),
  a ``/tmp`` and a ``/dev/shm`` of its own, tmpfs the size of its memory limit
  whose pages its cgroup counts.  The root and ``/dev`` are read-only.  No file
  of the judge's is open in it: its input, output and errors are pipes
  (:mod:`~downwedig.contest.running.streams`);
- **a clean environment** (:func:`environment`) and **its own keyrings**: a
  session keyring of its own, and the keyring calls refused by a seccomp filter
  (:mod:`~downwedig.contest.running.kernel`);
- **as root, an unprivileged uid no other run on the machine has**
  (:mod:`~downwedig.contest.running.uids`, through ``setpriv`` with no
  capabilities and ``no_new_privs``), so the cgroup files that measure it are
  not its own even if it found them; as an ordinary user, a user namespace with
  no nested ones (``--unshare-user --disable-userns``), in which, without a
  cgroup, its processes are capped (``RLIMIT_NPROC`` counts the namespace's own).

bubblewrap reports a command killed by signal N as exit status 128 + N, so a
sandboxed run's status over 128 is taken for that signal
(:meth:`Sandbox.returncode`).  Cost (the one place this figure is given; the
other modules and ``docs/judges.md`` refer here): about 7 ms a run, of which a
:class:`~downwedig.contest.running.runner.Runner` keeps all but about 2 ms off
a judging's time (it sets the next run's sandbox up while a run goes on);
measured as 7.4 ms alone and 2.1 ms through a runner, over 20 runs of a 20 ms
sleep, in commit 7348d8d.

>>> box = Sandbox("/usr/bin/bwrap", None)
>>> words = box.words("true", None)
>>> words[:3], words[-4:-2], box.returncode(139)
(['/usr/bin/bwrap', '--die-with-parent', '--new-session'], ['/bin/sh', '-c'], -11)
>>> NoSandbox("none asked for").words("true", None), NoSandbox("").returncode(139)
([], 139)
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import threading
from collections.abc import Mapping
from contextlib import AbstractContextManager as ContextManager
from typing import Protocol

from ...errors import CommandError, UsageError
from . import kernel, uids, workspace
from .cgroup import PROCESS_LIMIT
from .shown import SYSTEM, bound

__all__ = ["BOX", "CHOICE", "GATE", "SPACE_BYTES", "Box", "NoSandbox", "Sandbox", "environment", "sandbox"]

#: Where the run's folder is inside the sandbox.
BOX = "/box"
#: The size of the run's box and ``/tmp`` (tmpfs: memory, which its cgroup counts) when it has no memory limit.
SPACE_BYTES = 256 << 20
#: The environment variable that chooses: ``auto`` (the default), ``bwrap`` or ``none``.
CHOICE = "DOWNWEDIG_SANDBOX"
_CHOICES = ("auto", "bwrap", "none")
_INSTALL = "apt-get install bubblewrap"

#: The devices of the run's ``/dev``, and its links to its own file descriptors.
_DEVICES = ("null", "zero", "full", "random", "urandom")
_DEVICE_LINKS = {
    "fd": "/proc/self/fd",
    "stdin": "/proc/self/fd/0",
    "stdout": "/proc/self/fd/1",
    "stderr": "/proc/self/fd/2",
}
#: The judge's environment variables a run gets (with ``LC_*``; see :func:`environment`).
_KEPT = frozenset(("PATH", "LANG", "LANGUAGE", "TZ"))

#: The gate inside the sandbox: its shell waits for the first line of the run's input, which the judge writes
#: when the run's turn comes, then becomes the command.  A judge that dies meanwhile closes the input: the
#: shell ends, and the command never starts (bubblewrap's own gate, ``--block-fd``, would go on at its end).
GATE = 'IFS= read -r _ || exit 125\nexec "$@"'

#: The guarantees that a missing part does not give, in words.
NO_SANDBOX = (
    "no sandbox ({why}): the run sees the judge's processes and files, can signal them, can use the network, "
    "and can write wherever the judge's user can"
)
NO_UID = "the run is root: it can leave, rewrite or remove its own cgroup"
NO_KEYRING = "no session keyring of its own (keyctl refused here): the run holds the judge's"
NO_FILTER = "the keyring calls are not refused (no seccomp filter for this machine's architecture)"


class Box(Protocol):
    """What sandboxes a run, or does not: the same methods either way."""

    name: str | None  # what the report adds to the accounting's mode (None: nothing)
    holds_at_gate: bool  # whether a launched command waits, set up, until its input's first line (``opening``)
    opening: bytes  # what the judge writes first on the run's input to let its command go
    filters_keyrings: bool  # whether its seccomp filter refuses the keyring calls

    def lease(self) -> ContextManager[int | None]: ...
    def workplace(self) -> tuple[str | None, str]: ...
    def environment(self, environ: Mapping[str, str]) -> dict[str, str]: ...
    def words(
        self,
        command: str,
        origin: str | None,
        *,
        space: int = SPACE_BYTES,
        counted_by_wait: bool = False,
        uid: int | None = None,
        seccomp: int | None = None,
    ) -> list[str]: ...
    def returncode(self, code: int) -> int: ...
    def missing(self, accounted: bool) -> list[str]: ...


class Sandbox:
    """How runs are sandboxed here: bubblewrap's path, and ``setpriv``'s when the judge is root (then each run has
    a uid of its own)."""

    holds_at_gate = True
    opening = b"\n"
    filters_keyrings = kernel.FILTERED

    def __init__(self, bwrap: str, setpriv: str | None) -> None:
        self.bwrap = bwrap
        self.setpriv = setpriv
        self.name: str | None = "namespaces+uid" if setpriv else "namespaces"

    def lease(self) -> ContextManager[int | None]:
        """The run's uid (as root; else its user namespace's, and None)."""
        return uids.lease() if self.setpriv is not None else contextlib.nullcontext(None)

    def workplace(self) -> tuple[str | None, str]:
        """Where the run's shell starts: nothing on the judge's disk (its folder is its ``/box``, in memory)."""
        return None, "/"

    def environment(self, environ: Mapping[str, str]) -> dict[str, str]:
        return environment(environ)

    def words(
        self,
        command: str,
        origin: str | None,
        *,
        space: int = SPACE_BYTES,
        counted_by_wait: bool = False,
        uid: int | None = None,
        seccomp: int | None = None,
    ) -> list[str]:
        """The words that run the words after them in the sandbox, once the first line of its input has come (its
        gate: :data:`GATE`). O(len).

        ``space``: the size of each of its writable folders, ``/box``, ``/tmp``
        and ``/dev/shm`` (the memory limit, as their pages are its memory).
        ``counted_by_wait``: the run's resources are counted by waiting for it
        (no cgroup), so the command is the namespace's first process itself.
        ``uid``: the run's uid when the judge is root (:meth:`lease` gives
        one).  ``seccomp``: a descriptor to read the seccomp program from
        (:func:`~downwedig.contest.running.kernel.seccomp_filter`).  Without a
        cgroup, the gate's shell caps the run's processes
        (``RLIMIT_NPROC``, counted for its uid: :data:`~downwedig.contest.running.cgroup.PROCESS_LIMIT`).
        """
        words = [self.bwrap, "--die-with-parent", "--new-session"]
        if seccomp is not None:
            words += ["--seccomp", str(seccomp)]
        if counted_by_wait:  # (no reaper of bubblewrap's: its outer process then waits for the command itself,
            words.append("--as-pid-1")  # so that the command's CPU time and peak reach the judge's wait)
        words += ["--unshare-pid", "--unshare-net", "--unshare-ipc", "--unshare-uts", "--unshare-cgroup-try"]
        if self.setpriv is None:
            words += ["--unshare-user", "--disable-userns"]
        words += ["--ro-bind", "/usr", "/usr", "--ro-bind", "/etc", "/etc"]
        for path in SYSTEM:
            if os.path.islink(path):
                words += ["--symlink", os.readlink(path), path]
            elif os.path.isdir(path):
                words += ["--ro-bind", path, path]
        # A /tmp of its own, before the binds that may lie below it (memory, counted in the run's cgroup).
        words += ["--size", str(space), "--perms", "1777", "--tmpfs", "/tmp"]
        shown, search, hidden = bound(command, origin, os.environ.get("PATH", os.defpath))
        made: set[str] = {"/tmp"}
        for path in shown:  # (their parents first, readable by the run whatever the judge's umask)
            parents = []
            parent = os.path.dirname(path)
            while parent not in ("/", "") and parent not in made:
                parents.append(parent)
                made.add(parent)
                parent = os.path.dirname(parent)
            for folder in reversed(parents):
                words += ["--perms", "0755", "--dir", folder]
            words += ["--ro-bind", path, path]
        if hidden is not None:  # (this package, in a folder shown: an empty folder in its place)
            words += ["--size", "4096", "--perms", "0555", "--tmpfs", hidden, "--remount-ro", hidden]
        # A /proc of its own, but for the kernel's list of keys a uid may see (as an ordinary user, the run's uid is
        # the judge's: the names of its keys), which is empty here.
        words += [
            "--proc",
            "/proc",
            "--ro-bind",
            "/dev/null",
            "/proc/keys",
            "--ro-bind",
            "/dev/null",
            "/proc/key-users",
        ]
        words += ["--dir", "/dev"]
        for device in _DEVICES:  # (a /dev of its own, as bubblewrap's --dev, less its terminals: a mount fewer)
            words += ["--dev-bind", f"/dev/{device}", f"/dev/{device}"]
        for name, target in _DEVICE_LINKS.items():
            words += ["--symlink", target, f"/dev/{name}"]
        words += ["--size", str(space), "--perms", "1777", "--tmpfs", "/dev/shm"]
        words += ["--size", str(space), "--perms", "1777", "--tmpfs", BOX, "--chdir", BOX]
        # Nothing else is writable: the root (and /dev in it) is a tmpfs that a user namespace's run would own.
        words += ["--remount-ro", "/"]
        words += ["--setenv", "HOME", BOX, "--setenv", "TMPDIR", BOX, "--setenv", "PWD", BOX]
        words += ["--setenv", "PATH", search]
        if self.setpriv is not None:
            words += ["--cap-add", "CAP_SETUID", "--cap-add", "CAP_SETGID", "--cap-add", "CAP_SETPCAP", "--"]
            words += [self.setpriv, f"--reuid={uid or uids.RUN_UID}", f"--regid={uid or uids.RUN_UID}"]
            words += ["--clear-groups", "--no-new-privs", "--inh-caps=-all", "--bounding-set=-all"]
        cap = f"ulimit -p {PROCESS_LIMIT} 2>/dev/null\n" if counted_by_wait else ""
        return [*words, "--", "/bin/sh", "-c", cap + GATE, "downwedig-gate"]

    @staticmethod
    def returncode(code: int) -> int:
        """The run's exit status as the judge reads it: bubblewrap's 128 + N is signal N."""
        if 128 < code < 128 + signal.NSIG:
            return -(code - 128)
        return code

    def missing(self, accounted: bool) -> list[str]:
        """The guarantees runs do not get here, for want of what this machine lacks."""
        found = [] if kernel.keyrings_apart() else [NO_KEYRING]
        return found + ([] if kernel.FILTERED else [NO_FILTER])


class NoSandbox:
    """No sandbox (``reason`` says why): the run is started as it is, in a fresh folder of the judge's."""

    name: str | None = None
    holds_at_gate = False  # (no sandbox to set up ahead: the command starts at once)
    opening = b""
    filters_keyrings = False

    def __init__(self, reason: str) -> None:
        self.reason = reason

    def lease(self) -> ContextManager[int | None]:
        return contextlib.nullcontext(None)

    def workplace(self) -> tuple[str | None, str]:
        """A fresh folder of the judge's and the run's empty working folder in it (both removed at its end)."""
        return workspace.run_folder()

    def environment(self, environ: Mapping[str, str]) -> dict[str, str]:
        return dict(environ)

    def words(self, command: str, origin: str | None, **options: int | bool | None) -> list[str]:
        """None: what follows them runs as it is."""
        return []

    @staticmethod
    def returncode(code: int) -> int:
        return code

    def missing(self, accounted: bool) -> list[str]:
        found = [NO_SANDBOX.format(why=self.reason)]
        if os.geteuid() == 0 and accounted:
            found.append(NO_UID)
        return found + ([] if kernel.keyrings_apart() else [NO_KEYRING])


def environment(environ: Mapping[str, str]) -> dict[str, str]:
    """What of the judge's environment a sandboxed run gets: ``PATH``, the locale (``LANG``, ``LANGUAGE``,
    ``LC_*``), ``TZ`` and this tool's own settings (``DOWNWEDIG_*``: a ``downwedig`` run as the solution
    behaves as the judge does); the rest (a user's tokens, other programs' settings) stays the judge's, as
    isolate passes no variable unless told. O(variables).

    >>> environment({"PATH": "/usr/bin", "LC_ALL": "C", "API_TOKEN": "secret"})
    {'PATH': '/usr/bin', 'LC_ALL': 'C'}
    """
    return {name: value for name, value in environ.items() if name in _KEPT or name.startswith(("LC_", "DOWNWEDIG_"))}


def _probe() -> Sandbox | str:
    """bubblewrap, tried once; or why it cannot be had."""
    bwrap = shutil.which("bwrap")
    if bwrap is None:
        return f"no bubblewrap ({_INSTALL})"
    setpriv = None
    if os.geteuid() == 0:
        setpriv = shutil.which("setpriv")
        if setpriv is None:
            return "no setpriv to give the run its own uid (apt-get install util-linux)"
    found = Sandbox(bwrap, setpriv)
    try:
        tried = subprocess.run(
            [*found.words("true", None), "/bin/sh", "-c", "exit 0"],
            input=found.opening,
            capture_output=True,
            timeout=30,
        )
    except (OSError, subprocess.SubprocessError) as exc:
        return f"bubblewrap does not run here: {exc}"
    if tried.returncode != 0:
        reason = tried.stderr.decode(errors="replace").strip().splitlines()
        return f"bubblewrap does not work here: {reason[-1] if reason else f'exit status {tried.returncode}'}"
    return found


_found: dict[str, Box] = {}
_lock = threading.Lock()


def choice() -> str:
    """The sandbox asked for (:data:`CHOICE`: ``auto`` when unset); a :class:`~downwedig.errors.UsageError` for
    a value that means none of them. O(1).

    >>> choice() in ("auto", "bwrap", "none")
    True
    """
    asked = os.environ.get(CHOICE) or "auto"  # (set and empty: as unset)
    if asked not in _CHOICES:
        raise UsageError(f"{CHOICE}={asked!r}: expected one of {', '.join(_CHOICES)}")
    return asked


def sandbox() -> Box:
    """The sandbox of runs here (found once per process and choice; see the module docstring). O(1) after.

    A :class:`~downwedig.errors.UsageError` for an unknown :data:`CHOICE`, and a
    :class:`~downwedig.errors.CommandError` when ``bwrap`` is asked for and cannot be had.

    >>> isinstance(sandbox(), (Sandbox, NoSandbox))
    True
    """
    asked = choice()
    with _lock:
        if asked not in _found:
            if asked == "none":
                _found[asked] = NoSandbox(f"{CHOICE}=none")
            else:
                found = _probe()
                if isinstance(found, str) and asked == "bwrap":
                    raise CommandError(f"{CHOICE}=bwrap, but {found.replace('no bubblewrap', 'bubblewrap is missing')}")
                _found[asked] = NoSandbox(found) if isinstance(found, str) else found
        return _found[asked]
