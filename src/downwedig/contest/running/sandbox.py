"""The run's own namespaces and uid, through bubblewrap (``bwrap``, Flatpak's sandbox), as isolate gives a box.

Where ``bwrap`` is installed and works here (:func:`sandbox`, asked once), a
run's command goes through it (:meth:`Sandbox.argv`):

- **its own PID, network, IPC and UTS namespaces** (``--unshare-pid``,
  ``--unshare-net``...): it sees only its own processes in a fresh ``/proc``
  (no ``/proc/$PPID`` of the judge, no other command line), no process
  outside can be signalled, no network (loopback included), and when its
  command ends, or the judge dies (``--die-with-parent``), every process
  left in the namespace is killed by the kernel;
- **its own mount namespace**: system folders read-only (``/usr``, ``/etc``,
  ``/bin``, ``/lib*``, ``/sbin``), the judge's Python and this package
  read-only (the interpreter, ``sys.prefix``, the package's folder, and the
  folders on ``PATH`` of the programs the command names, other than ``/`` and
  those holding the judge's folder; for a version manager's shim, the
  program it runs, :mod:`~downwedig.contest.running.shims`), the files the
  command names read-only (but no ``NAME.in``, and no ``NAME.ans`` or
  ``NAME.out`` beside a ``NAME.in``: those are tests), a minimal ``/dev``, no
  ``/sys`` (so no cgroup file), and the only places it can write, in memory:
  its box at ``/box`` (its working folder, ``HOME`` and ``TMPDIR``), a
  ``/tmp`` and a ``/dev/shm`` of its own, tmpfs the size of its memory limit
  (:data:`SPACE_BYTES` without one) whose pages its cgroup counts, so that
  what it writes can fill neither the judge's disk nor more than its memory.
  The root and ``/dev`` are read-only (in a user namespace they would be the
  run's own tmpfs, without a bound).  A Python script's own modules beside it
  are shown with it, and a folder the command names (``java -cp DIR``) when
  no test is in it.  The tests are not there: the input comes on a pipe and the
  output goes to a file the judge holds open;
- **a clean environment** (:func:`environment`): ``PATH``, the locale, ``TZ``
  and this tool's settings, not the judge's other variables;
- **as root, an unprivileged uid** (:data:`RUN_UID` and up, one per run going
  on: :func:`lease`; through ``setpriv`` with no capabilities and
  ``no_new_privs``), so the cgroup files that measure it are not its own even
  if it found them; as an ordinary user, a user namespace with no nested ones
  (``--unshare-user --disable-userns``), in which, without a cgroup, its
  processes are capped (``RLIMIT_NPROC`` counts the namespace's own).

bubblewrap reports a command killed by signal N as exit status 128 + N, so a
sandboxed run's status over 128 is taken for that signal
(:meth:`Sandbox.returncode`).  Cost: about 5 ms per run.

>>> isinstance(sandbox(), (Sandbox, str))
True
"""

from __future__ import annotations

import contextlib
import functools
import itertools
import os
import shlex
import shutil
import signal
import site
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterator, Mapping

from . import shims

__all__ = ["BOX", "CHOICE", "RUN_UID", "SPACE_BYTES", "Sandbox", "environment", "lease", "sandbox"]

#: Where the run's folder is inside the sandbox.
BOX = "/box"
#: The size of the run's box and ``/tmp`` (tmpfs: memory, which its cgroup counts) when it has no memory limit.
SPACE_BYTES = 256 << 20
#: The uid (and gid) a run gets when the judge is root, as isolate's boxes and DOMjudge's ``domjudge-run``.
RUN_UID = 60001
#: The environment variable that chooses: ``auto`` (the default: bubblewrap where it works) or ``none``.
CHOICE = "DOWNWEDIG_SANDBOX"

_SYSTEM = ("/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32")
#: At most this many entries of a folder are looked at to show it to a run (more: it is not shown).
_LOOKED_AT = 4096
_TEST_SUFFIXES = (".ans", ".out")
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


def _is_test_file(path: str) -> bool:
    """Whether ``path`` is (or may be) a test's file: never shown to a run."""
    stem, suffix = os.path.splitext(path)
    return suffix == ".in" or (suffix in _TEST_SUFFIXES and os.path.exists(stem + ".in"))


def _words(command: str) -> list[str]:
    """The shell words of ``command`` (its operators apart); an unbalanced quote: split on spaces."""
    try:
        lexer = shlex.shlex(command, posix=True, punctuation_chars=True)
        lexer.whitespace_split = True
        return list(lexer)
    except ValueError:
        return command.split()


def _named_files(command: str) -> Iterator[str]:
    """What the command names by absolute path (tests' files aside): its regular files, a script's own modules
    beside it (``NAME.py`` and packages), and the folders it names (``java -cp DIR``) that hold no test."""
    words = _words(command)
    for word in words:
        for part in word.split("="):  # (--flag=/path, VAR=/path)
            if not part.startswith("/"):
                continue
            path = os.path.normpath(part)
            if os.path.isfile(path) and not _is_test_file(path):
                yield path
                if path.endswith(".py"):
                    yield from _modules_beside(path)
            elif os.path.isdir(path) and _without_tests(path):
                yield path


def _modules_beside(script: str) -> Iterator[str]:
    """The other modules in a Python script's folder (what ``import helper`` finds there), packages without tests."""
    folder = os.path.dirname(script)
    with contextlib.suppress(OSError):
        for entry in itertools.islice(os.scandir(folder), _LOOKED_AT):
            if entry.name.endswith(".py") and entry.is_file(follow_symlinks=False):
                yield entry.path
            elif entry.is_dir(follow_symlinks=False) and os.path.isfile(os.path.join(entry.path, "__init__.py")):
                yield from [entry.path] if _without_tests(entry.path) else []


def _without_tests(folder: str) -> bool:
    """Whether ``folder`` can be shown to a run: not a system folder or the temporary one, and no test file (by
    name: ``NAME.in``, ``NAME.ans`` or ``NAME.out`` beside one, Polygon's ``NN`` and ``NN.a``) among its first
    :data:`_LOOKED_AT` entries, all of them looked at."""
    if folder == "/" or _inside(folder, []) or _holds(folder, tempfile.gettempdir()):
        return False
    seen = 0
    for root, folders, files in os.walk(folder):
        seen += len(folders) + len(files)
        if seen > _LOOKED_AT:
            return False
        for name in files:
            stem, suffix = os.path.splitext(name)
            if _is_test_file(os.path.join(root, name)) or (stem.isdigit() and suffix in ("", ".a")):
                return False
    return True


def _holds(folder: str, path: str) -> bool:
    return path == folder or path.startswith(folder.rstrip("/") + "/")


def _inside(path: str, folders: list[str]) -> bool:
    """Whether ``path`` is in a system folder or one of ``folders`` (bound already, read-only)."""
    return any(_holds(folder, path) for folder in (*folders, *_SYSTEM, "/usr", "/etc"))


def _programs(command: str, origin: str | None, search: str) -> tuple[list[str], list[str]]:
    """The folders of the programs the command names without a path, found on ``PATH`` (outside ``/usr``), and
    the folders to put first on the run's ``PATH``: for a version manager's shim, the program's own
    (:mod:`~downwedig.contest.running.shims`)."""
    words = _words(command)
    found, first = [], []
    for word in dict.fromkeys(words):
        if word and "/" not in word and word[0].isalnum():
            where = shutil.which(word, path=search)
            if where is None or _inside(where, []):
                continue
            real = shims.resolve(os.path.abspath(where), origin)
            if real is None:
                found.append(os.path.dirname(os.path.abspath(where)))
            else:
                found.append(shims.installation(real))
                first.append(os.path.dirname(real))
    return found, first


@functools.lru_cache(maxsize=64)
def _bound(command: str, origin: str | None, search: str) -> tuple[tuple[str, ...], str]:
    """What a run of ``command`` gets read-only, and its ``PATH`` (asked once per command: a judging runs one many
    times)."""
    programs, first = _programs(command, origin, search)
    bound = _python_folders(origin, programs)
    named = (path for path in dict.fromkeys(_named_files(command)) if not _inside(path, bound))
    return (*bound, *named), os.pathsep.join([*dict.fromkeys(first), search])


def _python_folders(origin: str | None, programs: list[str]) -> list[str]:
    """The folders a run needs for this Python, this package and the programs it names (read-only), the
    judge's folder not among them."""
    package = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
    found = [sys.prefix, sys.exec_prefix, sys.base_prefix, os.path.dirname(os.path.realpath(sys.executable))]
    found.append(package)
    with contextlib.suppress(Exception):
        found.append(site.getusersitepackages())
    found += programs
    kept: list[str] = []
    for folder in sorted({os.path.normpath(f) for f in found}):
        if folder == "/" or not os.path.isdir(folder) or any(_holds(root, folder) for root in (*_SYSTEM, "/usr")):
            continue  # (a system folder, bound already)
        if any(_holds(other, folder) for other in kept):
            continue
        if origin is not None and _holds(folder, origin):
            continue  # (it holds the folder the judge runs in, where tests live)
        kept.append(folder)
    return kept


class Sandbox:
    """How runs are sandboxed here: bubblewrap's path, and whether the judge is root (then :data:`RUN_UID`)."""

    def __init__(self, bwrap: str, setpriv: str | None) -> None:
        self.bwrap = bwrap
        self.setpriv = setpriv  # set when the judge is root: the run gets RUN_UID
        self.name = "namespaces+uid" if setpriv else "namespaces"

    def argv(
        self,
        command: str,
        origin: str | None,
        *,
        space: int = SPACE_BYTES,
        counted_by_wait: bool = False,
        uid: int = RUN_UID,
        gate: int | None = None,
    ) -> list[str]:
        """The words that run what follows them (``/bin/sh -c SCRIPT``) in the sandbox. O(len).

        ``space``: the size of each of its writable folders, ``/box``, ``/tmp``
        and ``/dev/shm`` (the memory limit, as their pages are its memory).
        ``counted_by_wait``: the run's resources are counted by waiting for it
        (no cgroup), so the command is the namespace's first process itself.
        ``uid``: the run's uid when the judge is root (:func:`lease` gives one).
        ``gate``: a file descriptor the command waits on, once its sandbox is
        set up, until a byte comes (``--block-fd``).

        >>> found = sandbox()
        >>> found if isinstance(found, str) else found.argv("true", None)[0] == found.bwrap
        True
        """
        words = [self.bwrap, "--die-with-parent", "--new-session"]
        if gate is not None:
            words += ["--block-fd", str(gate)]
        if counted_by_wait:  # (no reaper of bubblewrap's: its outer process then waits for the command itself,
            words.append("--as-pid-1")  # so that the command's CPU time and peak reach the judge's wait)
        words += ["--unshare-pid", "--unshare-net", "--unshare-ipc", "--unshare-uts", "--unshare-cgroup-try"]
        if self.setpriv is None:
            words += ["--unshare-user", "--disable-userns"]
        words += ["--ro-bind", "/usr", "/usr", "--ro-bind", "/etc", "/etc"]
        for path in _SYSTEM:
            if os.path.islink(path):
                words += ["--symlink", os.readlink(path), path]
            elif os.path.isdir(path):
                words += ["--ro-bind", path, path]
        # A /tmp of its own, before the binds that may lie below it (memory, counted in the run's cgroup).
        words += ["--size", str(space), "--perms", "1777", "--tmpfs", "/tmp"]
        bound, search = _bound(command, origin, os.environ.get("PATH", os.defpath))
        made: set[str] = {"/tmp"}
        for path in bound:  # (their parents first, readable by the run whatever the judge's umask)
            parents = []
            parent = os.path.dirname(path)
            while parent not in ("/", "") and parent not in made:
                parents.append(parent)
                made.add(parent)
                parent = os.path.dirname(parent)
            for folder in reversed(parents):
                words += ["--perms", "0755", "--dir", folder]
            words += ["--ro-bind", path, path]
        words += ["--proc", "/proc", "--dir", "/dev"]
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
            words += [self.setpriv, f"--reuid={uid}", f"--regid={uid}", "--clear-groups"]
            words += ["--no-new-privs", "--inh-caps=-all", "--bounding-set=-all"]
        words.append("--")
        return words

    @staticmethod
    def returncode(code: int) -> int:
        """The run's exit status as the judge reads it: bubblewrap's 128 + N is signal N.

        >>> Sandbox.returncode(139), Sandbox.returncode(3)
        (-11, 3)
        """
        if 128 < code < 128 + signal.NSIG:
            return -(code - 128)
        return code


_found: dict[str, Sandbox | str] = {}
_lock = threading.Lock()
_leased: set[int] = set()


@contextlib.contextmanager
def lease() -> Iterator[int]:
    """A uid for one run, that no other run of this judge has while it goes on (:data:`RUN_UID`, the next...),
    as isolate gives each box its own: a run's processes are then counted apart from the others'. O(runs).

    >>> with lease() as first, lease() as second:
    ...     first, second
    (60001, 60002)
    """
    with _lock:
        uid = next(uid for uid in itertools.count(RUN_UID) if uid not in _leased)
        _leased.add(uid)
    try:
        yield uid
    finally:
        with _lock:
            _leased.discard(uid)


def environment(environ: Mapping[str, str]) -> dict[str, str]:
    """What of the judge's environment a sandboxed run gets: ``PATH``, the locale (``LANG``, ``LANGUAGE``,
    ``LC_*``), ``TZ`` and this tool's own settings (``DOWNWEDIG_*``: a ``downwedig`` run as the solution
    behaves as the judge does); the rest (a user's tokens, other programs' settings) stays the judge's, as
    isolate passes no variable unless told. O(variables).

    >>> environment({"PATH": "/usr/bin", "LC_ALL": "C", "API_TOKEN": "secret"})
    {'PATH': '/usr/bin', 'LC_ALL': 'C'}
    """
    return {name: value for name, value in environ.items() if name in _KEPT or name.startswith(("LC_", "DOWNWEDIG_"))}


def _probe(choice: str) -> Sandbox | str:
    if choice not in ("auto", "bwrap"):
        return f"{CHOICE}={choice}"
    bwrap = shutil.which("bwrap")
    if bwrap is None:
        return "no bubblewrap (apt-get install bubblewrap)"
    setpriv = None
    if os.geteuid() == 0:
        setpriv = shutil.which("setpriv")
        if setpriv is None:
            return "no setpriv to give the run its own uid (apt-get install util-linux)"
    found = Sandbox(bwrap, setpriv)
    try:
        tried = subprocess.run([*found.argv("true", None), "/bin/sh", "-c", "exit 0"], capture_output=True, timeout=30)
    except (OSError, subprocess.SubprocessError) as exc:
        return f"bubblewrap does not run here: {exc}"
    if tried.returncode != 0:
        reason = tried.stderr.decode(errors="replace").strip().splitlines()
        return f"bubblewrap does not work here: {reason[-1] if reason else f'exit status {tried.returncode}'}"
    return found


def sandbox() -> Sandbox | str:
    """The sandbox of runs here, or the reason there is none (found once per process and choice). O(1) after.

    :data:`CHOICE` chooses: ``auto`` (the default), ``bwrap`` (the same, for
    clarity), or ``none`` (no sandbox: the fallback's guarantees only).

    >>> found = sandbox(); isinstance(found, str) or found.name.startswith("namespaces")
    True
    """
    choice = os.environ.get(CHOICE, "auto").strip() or "auto"
    with _lock:
        if choice not in _found:
            _found[choice] = _probe(choice)
        return _found[choice]
