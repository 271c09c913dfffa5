"""What a sandboxed run is shown of the judge's files (read-only), and what it is not.

:func:`bound` gives, for a command, the folders and files bound into its
sandbox besides the system's, and its ``PATH``:

- the Python that runs the judge (its prefixes and interpreter's folder), the
  user's site-packages, and the folders on ``PATH`` of the programs the
  command names (for a version manager's shim, the program it runs:
  :mod:`~downwedig.contest.running.shims`), never a folder that holds the one
  the judge works in;
- **this package only when the command is downwedig's own** (``downwedig
  solve``, ``python -m downwedig ...``): for any other command the package's
  folder is hidden (an empty folder in its place), so that a solution cannot
  import the judge's solver and be accepted without solving (it fails with
  ``ModuleNotFoundError``; the one-file ``downwedig bundle`` runs anywhere);
- the files the command names by absolute path, and a Python script's own
  modules beside it, unless a file is a test's (``NAME.in``, or ``NAME.ans``
  or ``NAME.out`` beside a ``NAME.in``), an archive (``.zip``, ``.tar``,
  ``.gz``..., but ``.jar``, a Java program), or has other hard links (another
  name of a file that may be a test's);
- a folder the command names (``java -cp DIR``) when none of its first
  :data:`LOOKED_AT` entries, all looked at, is such a file or Polygon's
  ``NN``/``NN.a`` test; otherwise it is not shown at all.

Only names, links and the count of entries are looked at, not contents: a
test renamed and copied (not linked) into a folder the command names is shown.
Cost: O(entries of the folders named), once per command and ``PATH``.

>>> own_command("python3 -m downwedig solve"), own_command("python3 downwedig/submissions/accepted/mine.py")
(True, False)
"""

from __future__ import annotations

import contextlib
import functools
import itertools
import os
import re
import shlex
import shutil
import site
import stat
import sys
import sysconfig
import tempfile
from collections.abc import Iterator

from . import shims

__all__ = ["LOOKED_AT", "PACKAGE", "SYSTEM", "bound", "inside", "own_command"]

#: The system's folders, bound read-only into every sandbox (with ``/usr`` and ``/etc``).
SYSTEM = ("/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32")
#: At most this many entries of a folder are looked at to show it to a run (more: it is not shown).
LOOKED_AT = 4096
#: This package's own folder (hidden from a run whose command is not downwedig's own).
PACKAGE = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
_TEST_SUFFIXES = (".ans", ".out")
_ARCHIVES = (".zip", ".tar", ".tgz", ".gz", ".bz2", ".tbz2", ".xz", ".txz", ".zst", ".lz", ".lzma", ".7z", ".rar")


def _words(command: str) -> list[str]:
    """The shell words of ``command`` (its operators apart); an unbalanced quote: split on spaces."""
    try:
        lexer = shlex.shlex(command, posix=True, punctuation_chars=True)
        lexer.whitespace_split = True
        return list(lexer)
    except ValueError:
        return command.split()


#: downwedig run as a module (``-m downwedig``), anywhere in a command's text (``sh -c '... -m downwedig solve'``).
_MODULE = re.compile(r"""(?:^|[\s;|&(`'"])-m\s*downwedig(?:\.\w+)*(?=$|[\s;|&)`'"])""")
#: A word that may name downwedig's console script (by name or path): it is, if it is the judge's own.
_PROGRAM = re.compile(r"""(?:^|[\s;|&(`'"])([^\s;|&()`'"]*downwedig)(?=$|[\s;|&)`'"])""")


def _judge_script() -> str | None:
    """The judge's own console script (``downwedig`` in its Python's scripts folder), where it has one."""
    found = os.path.join(sysconfig.get_path("scripts"), "downwedig")
    return os.path.realpath(found) if os.path.isfile(found) else None


def own_command(command: str) -> bool:
    """Whether ``command`` runs downwedig itself: as a module (``python3 -m downwedig``), or the judge's own
    console script (by name on ``PATH``, or a path to it) -- not a program or folder that only bears the name
    (a contestant's ``./downwedig``, a checkout named so). O(len).

    >>> own_command("python3 -m downwedig solve"), own_command("sh -c 'exec python3 -m downwedig solve'")
    (True, True)
    >>> own_command("python3 sol.py"), own_command("./downwedig solve"), own_command("java -cp /u/downwedig Main")
    (False, False, False)
    """
    if _MODULE.search(command):
        return True
    script = _judge_script()
    for match in _PROGRAM.finditer(command) if script is not None else ():
        word = match.group(1)
        where = word if "/" in word else shutil.which(word)
        if where is not None and os.path.realpath(where) == script:
            return True
    return False


#: A Polygon package's test and answer (``05``, ``05.a``), and its statement's examples (``example.01.a``).
_POLYGON_TEST = re.compile(r"(?:example\.)?\d+(?:\.a)?")
#: What a run is never shown by naming it: the kernel's views of the judge's processes and devices.
_NEVER = ("/proc", "/dev", "/sys")


def _is_test_file(path: str) -> bool:
    """Whether ``path`` is (or may be) a test's file by its name: never shown to a run."""
    stem, suffix = os.path.splitext(path)
    if suffix == ".in" or (suffix in _TEST_SUFFIXES and os.path.exists(stem + ".in")):
        return True
    return _POLYGON_TEST.fullmatch(os.path.basename(path)) is not None


def _withheld(path: str, status: os.stat_result) -> bool:
    """Whether a regular file is not shown: a test's by name, an archive, or a file with other hard links."""
    return _is_test_file(path) or path.lower().endswith(_ARCHIVES) or status.st_nlink > 1


#: An absolute path in a command's text, wherever it stands (in backquotes, ``$(...)``, a here-document...).
_PATH = re.compile(r"(?<![\w.~-])/[^\s'\"`;|&<>(){}$\\=]+")


def _named_paths(command: str) -> dict[str, None]:
    """The absolute paths a command names: its words' (quoted ones whole; ``--flag=/path``, ``VAR=/path``), and
    what looks like one anywhere in its text."""
    found = [part for word in _words(command) for part in word.split("=") if part.startswith("/")]
    found += _PATH.findall(command)
    return dict.fromkeys(os.path.normpath(path) for path in found)


def _named_files(command: str) -> Iterator[str]:
    """What the command names by absolute path, shown: its regular files, a script's own modules beside it
    (``NAME.py`` and packages), and the folders it names (``java -cp DIR``) that hold nothing withheld.  A path
    is judged by what it is (a link by its target, whose name counts too), and nothing under ``/proc``, ``/dev``
    or ``/sys`` is shown (``/dev/stderr`` would be the judge's own)."""
    for path in _named_paths(command):
        real = os.path.realpath(path)
        if any(_holds(root, where) for root in _NEVER for where in (path, real)):
            continue
        try:
            status = os.stat(real)
        except OSError:
            continue
        if stat.S_ISREG(status.st_mode) and not _withheld(path, status) and not _withheld(real, status):
            yield path
            if path.endswith(".py"):
                yield from _modules_beside(path)
        elif stat.S_ISDIR(status.st_mode) and _shown_folder(real):
            yield path


def _modules_beside(script: str) -> Iterator[str]:
    """The other modules in a Python script's folder (what ``import helper`` finds there), packages shown."""
    folder = os.path.dirname(script)
    with contextlib.suppress(OSError):
        for entry in itertools.islice(os.scandir(folder), LOOKED_AT):
            if entry.name.endswith(".py") and entry.is_file(follow_symlinks=False):
                if not _withheld(entry.path, entry.stat(follow_symlinks=False)):
                    yield entry.path
            elif entry.is_dir(follow_symlinks=False) and os.path.isfile(os.path.join(entry.path, "__init__.py")):
                yield from [entry.path] if _shown_folder(entry.path) else []


def _shown_folder(folder: str) -> bool:
    """Whether ``folder`` can be shown to a run: not a system folder, the temporary one or this package's, and
    nothing withheld (nor a Polygon test, ``NN`` or ``NN.a``) among its first :data:`LOOKED_AT` entries."""
    if folder == "/" or inside(folder, []) or _holds(folder, tempfile.gettempdir()) or _holds(folder, PACKAGE):
        return False
    seen = 0
    for root, folders, files in os.walk(folder):
        seen += len(folders) + len(files)
        if seen > LOOKED_AT:
            return False
        for name in files:
            path = os.path.join(root, name)
            try:
                status = os.lstat(path)
            except OSError:
                continue
            if _is_test_file(path) or (stat.S_ISREG(status.st_mode) and _withheld(path, status)):
                return False
    return True


def _holds(folder: str, path: str) -> bool:
    return path == folder or path.startswith(folder.rstrip("/") + "/")


def inside(path: str, folders: list[str]) -> bool:
    """Whether ``path`` is in a system folder or one of ``folders`` (bound already, read-only). O(folders).

    >>> inside("/usr/bin/python3", []), inside("/home/u/x", ["/home/u"]), inside("/srv", [])
    (True, True, False)
    """
    return any(_holds(folder, path) for folder in (*folders, *SYSTEM, "/usr", "/etc"))


def _programs(command: str, origin: str | None, search: str) -> tuple[list[str], list[str]]:
    """The folders of the programs the command names without a path, found on ``PATH`` (outside ``/usr``), and
    the folders to put first on the run's ``PATH``: for a version manager's shim, the program's own."""
    found, first = [], []
    for word in dict.fromkeys(_words(command)):
        if word and "/" not in word and word[0].isalnum():
            where = shutil.which(word, path=search)
            if where is None or inside(where, []):
                continue
            real = shims.resolve(os.path.abspath(where), origin)
            if real is None:
                found.append(os.path.dirname(os.path.abspath(where)))
            else:
                found.append(shims.installation(real))
                first.append(os.path.dirname(real))
    return found, first


def _python_folders(origin: str | None, programs: list[str], own: bool) -> list[str]:
    """The folders a run needs for this Python and the programs it names (read-only; this package's folders only
    for downwedig's own command), the judge's folder not among them."""
    found = [sys.prefix, sys.exec_prefix, sys.base_prefix, os.path.dirname(os.path.realpath(sys.executable))]
    found += [os.path.dirname(PACKAGE)] if own else []
    with contextlib.suppress(Exception):
        found.append(site.getusersitepackages())
    found += programs
    kept: list[str] = []
    for folder in sorted({os.path.normpath(f) for f in found}):
        if folder == "/" or not os.path.isdir(folder) or any(_holds(root, folder) for root in (*SYSTEM, "/usr")):
            continue  # (a system folder, bound already)
        if any(_holds(other, folder) for other in kept):
            continue
        if origin is not None and _holds(folder, origin):
            continue  # (it holds the folder the judge runs in, where tests live)
        kept.append(folder)
    return kept


@functools.lru_cache(maxsize=64)
def bound(command: str, origin: str | None, search: str) -> tuple[tuple[str, ...], str, str | None]:
    """What a run of ``command`` gets read-only (folders and files), its ``PATH``, and the folder to hide in
    them (this package's, when it lies in what is bound and the command is not downwedig's own). O(entries of
    the folders named) the first time, O(1) after (a judging runs one command many times).
    """
    programs, first = _programs(command, origin, search)
    own = own_command(command)
    folders = _python_folders(origin, programs, own)
    named = (path for path in dict.fromkeys(_named_files(command)) if not inside(path, folders))
    hidden = None if own or not inside(PACKAGE, folders) else PACKAGE  # (a system folder's too)
    return (*folders, *named), os.pathsep.join([*dict.fromkeys(first), search]), hidden
