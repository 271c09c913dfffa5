"""Answer files for many inputs at once, like online-judge-tools' ``generate-output``.

:func:`answer_files` writes ``NAME.ans`` for each input ``NAME.in`` (or
``NAME`` without a suffix), beside it or in ``out_dir``, using a pool of
worker processes.  The results come back in the order of the inputs whatever
order the workers finish in; an input that cannot be read or is not a
staircase is reported and does not stop the others.

It never overwrites what it did not write: an answer goes where no file is,
or over an answer file (one line of digits ``1`` and ``2``), or replaces a
symbolic link (not followed); any other file in its place is left as it is
and the input reported, and so is an input whose answer would be the input
itself (the same file by ``samefile``, whatever links lead to it), and an
answer file given as an input (named so, as ``solve`` names it).

>>> import pathlib, tempfile
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "a.in").write_text("2\\nWWWWWWWW\\nWWWWWWWW\\n")
>>> [r.ok for r in answer_files([str(folder / "a.in")], jobs=1)]
[True]
>>> (folder / "a.ans").read_text()
'21\\n'
"""

from __future__ import annotations

import dataclasses
import errno
import os
import re
import signal
import stat
from collections.abc import Callable, Sequence
from pathlib import Path

from ...engine.solver import answer
from ...errors import InvalidDestination, InvalidStaircase
from ...files import natural_key, whole_file
from ...interrupts import defer_if_held, held
from ...reader import looks_like_answer, parse
from .validate import LARGEST

__all__ = ["LARGEST_INPUT", "Result", "answer_file", "answer_files", "expand_inputs", "read_bounded", "target_path"]


@dataclasses.dataclass(frozen=True)
class Result:
    """What happened to one input: where its answer went, or what went wrong."""

    source: str
    target: str
    ok: bool
    message: str  # "n = 5" when ok, the error otherwise


def target_path(source: str, out_dir: str | None = None, suffix: str = ".ans") -> str:
    """Where the answer of ``source`` goes: its name with ``suffix`` for its last suffix. O(1).

    >>> target_path("tests/07.in"), target_path("07", "out"), target_path("t/a.in", suffix=".out")
    ('tests/07.ans', 'out/07.ans', 't/a.out')
    """
    path = Path(source)
    name = path.with_suffix(suffix).name if path.suffix else path.name + suffix
    return str(Path(out_dir) / name if out_dir is not None else path.with_name(name))


def expand_inputs(paths: Sequence[str]) -> list[str]:
    """``paths`` with each folder replaced by its ``*.in`` files, in :func:`natural_key` order. O(files).

    >>> expand_inputs(["x.in"])
    ['x.in']
    """
    out: list[str] = []
    for path in paths:
        if os.path.isdir(path):
            out += sorted((str(p) for p in Path(path).glob("*.in") if p.is_file()), key=natural_key)
        else:
            out.append(path)
    return out


#: More than a valid input can hold (its largest, :data:`~downwedig.contest.generating.validate.LARGEST` = 2.7 MB,
#: four times over: CRLF ends and blanks are read too); a file past it is refused, not read whole.
LARGEST_INPUT = 4 * LARGEST


def read_bounded(path: str | os.PathLike[str], limit: int = LARGEST_INPUT) -> bytes:
    """A regular file's bytes, at most ``limit`` of them: a larger file is an OSError saying so (EFBIG), and a
    FIFO or a device is refused unread (ENXIO). O(min(size, limit)).

    >>> read_bounded("/dev/zero")
    Traceback (most recent call last):
    ...
    OSError: [Errno 6] not a regular file: '/dev/zero'
    """
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    with open(fd, "rb") as file:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(errno.ENXIO, "not a regular file", os.fspath(path))
        data = file.read(limit + 1)
    if len(data) > limit:
        raise OSError(errno.EFBIG, f"larger than any valid test (read up to {limit} bytes)", os.fspath(path))
    return data


#: An answer file that may be replaced: digits 1 and 2, then blanks (read up to this size).
_ANSWER = re.compile(rb"[12]*[ \t\r\n]*")
_ANSWER_LARGEST = 256 << 20


def _in_the_way(source: str, target: str) -> str | None:
    """Why the answer of ``source`` may not be written at ``target`` (None when it may)."""
    try:
        info = os.lstat(target)
    except FileNotFoundError:
        return None
    if stat.S_ISLNK(info.st_mode):
        return None  # a link is replaced, not followed
    if os.path.samefile(source, target):
        return f"{source}: its answer would overwrite it (name inputs NAME.in)"
    if not stat.S_ISREG(info.st_mode):
        return f"{source}: {target} exists and is not a regular file; it is left as it is"
    if info.st_size <= _ANSWER_LARGEST:
        with open(target, "rb") as old:
            if _ANSWER.fullmatch(old.read()):
                return None
    return f"{source}: {target} exists and is not an answer file (digits 1 and 2); it is left as it is"


#: A source is read this far to tell whether it is an answer file (an answer of 300,000 days is 300 kB).
_ANSWER_GIVEN = 1 << 20


def _answer_given(source: str) -> str | None:
    """What is wrong with ``source`` when it is an answer file, not a staircase (as ``solve`` says it); else None.

    The rule is :func:`~downwedig.reader.looks_like_answer`'s; only a regular
    file is read (its first :data:`_ANSWER_GIVEN` bytes).
    """
    try:
        if not stat.S_ISREG(os.stat(source).st_mode):
            return None
        with open(source, "rb") as given:
            head = given.read(_ANSWER_GIVEN + 1)
    except OSError:
        return None  # (answer_file says why)
    if len(head) > _ANSWER_GIVEN or not looks_like_answer(head):
        return None
    try:
        parse(head, source=source)
    except InvalidStaircase as exc:
        return str(exc)
    return None  # (not reached: an answer is no staircase)


def _write_whole(target: str, text: str) -> None:
    """Write ``target`` whole (:func:`~downwedig.files.whole_file`): no half-written file, and a link is replaced."""
    # (held: a signal between making the temporary file and the rename waits for the rename, or for the
    # file's removal, so that nothing is left behind whenever it comes)
    with held(), whole_file(target, replace=True, prefix=".downwedig-") as out:
        out.write(text.encode("ascii"))


def answer_file(source: str, out_dir: str | None = None, suffix: str = ".ans") -> Result:
    """Read ``source``, solve it, write its answer file; never raises. O(n).

    A source that is not a regular file (a folder, a FIFO) is refused rather
    than read, and so is one whose answer's place holds anything but an answer
    file or a link (the source itself included: see the module docstring).

    >>> answer_file("/nonexistent.in").ok
    False
    """
    target = target_path(source, out_dir, suffix)
    try:
        if not stat.S_ISREG(os.stat(source).st_mode):
            return Result(source, target, False, f"{source}: not a regular file")
        refused = _answer_given(source) or _in_the_way(source, target)
        if refused is not None:
            return Result(source, target, False, refused)
        data = read_bounded(source)
        staircase = parse(data, source=source)
        text = answer(staircase) + "\n"
        refused = _in_the_way(source, target)  # (once more: it may have appeared meanwhile)
        if refused is not None:
            return Result(source, target, False, refused)
        _write_whole(target, text)
    except InvalidStaircase as exc:
        return Result(source, target, False, str(exc))
    except OSError as exc:
        return Result(source, target, False, f"{exc.filename or source}: {exc.strerror or exc}")
    return Result(source, target, True, f"n = {len(staircase)}")


def _same_place(path: str) -> str:
    """Where ``path`` is, links and ``..`` resolved in its folder (two names of one place compare equal)."""
    return os.path.join(os.path.realpath(os.path.dirname(path) or "."), os.path.basename(path))


def _answer_one(job: tuple[int, str, str | None, str]) -> tuple[int, Result]:
    index, source, out_dir, suffix = job
    return index, answer_file(source, out_dir, suffix)


def _worker_start() -> None:
    """In a worker: SIGTERM (from :meth:`multiprocessing.pool.Pool.terminate`) unwinds, so no temporary file
    stays, and quietly; Ctrl-C is left to the parent, which then ends the workers so."""

    def stop(number: int, frame: object) -> None:
        if not defer_if_held(number):  # (inside a whole write, it acts when the write ends)
            raise SystemExit(128 + number)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def answer_files(
    sources: Sequence[str],
    out_dir: str | None = None,
    *,
    suffix: str = ".ans",
    jobs: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> list[Result]:
    """:func:`answer_file` for every source, ``jobs`` at a time; results in the order of ``sources``.

    Two sources whose answers would go to one file are refused (both), as
    is a source given twice.  An ``out_dir`` that cannot be made is an
    :class:`~downwedig.errors.InvalidDestination`.  ``jobs`` defaults to the number of CPUs; with 1
    job (or one source) everything runs in this process.  ``progress(done,
    total)`` is called as inputs finish.  Cost: O(total size / jobs) wall time,
    plus starting the workers (a fresh interpreter each, via ``forkserver``
    where available).

    >>> import pathlib, tempfile
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (folder / "t.in").write_text("2\\nWWWWWWWW\\nRRRRRRRR\\n")
    >>> [(r.ok, r.message) for r in answer_files([str(folder / "t.in")], jobs=1)]
    [(True, 'n = 2')]
    >>> (folder / "t.ans").read_text()
    '22\\n'
    """
    total = len(sources)
    jobs = max(1, jobs or os.cpu_count() or 1)
    if out_dir is not None:
        try:
            os.makedirs(out_dir, exist_ok=True)
        except OSError as exc:
            raise InvalidDestination(f"cannot make the folder {out_dir!r}: {exc.strerror or exc}") from None
        if not os.path.isdir(out_dir):
            raise InvalidDestination(f"{out_dir!r} is not a folder")
    results: list[Result | None] = [None] * total
    claimed: dict[str, list[int]] = {}
    for index, source in enumerate(sources):
        given = _answer_given(source)  # (an answer file among the inputs claims no answer's place)
        if given is not None:
            results[index] = Result(source, target_path(source, out_dir, suffix), False, given)
            continue
        claimed.setdefault(_same_place(target_path(source, out_dir, suffix)), []).append(index)
    todo = []
    for indices in claimed.values():
        if len(indices) == 1:
            todo.append(indices[0])
            continue
        names = ", ".join(sources[i] for i in indices)
        for i in indices:
            target = target_path(sources[i], out_dir, suffix)
            results[i] = Result(sources[i], target, False, f"{sources[i]}: {target} would be the answer of {names}")
    todo.sort()
    done = total - len(todo)
    if jobs == 1 or len(todo) <= 1:
        for index in todo:
            results[index] = answer_file(sources[index], out_dir, suffix)
            done += 1
            if progress:
                progress(done, total)
    else:
        import multiprocessing  # (here: the judge, which reads tests through this module, never needs it)

        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
        with held():  # (a signal while the workers start would leave the half-started ones behind)
            pool = context.Pool(min(jobs, len(todo)), initializer=_worker_start)
        try:
            jobs_list = [(index, sources[index], out_dir, suffix) for index in todo]
            for index, result in pool.imap_unordered(_answer_one, jobs_list):
                results[index] = result
                done += 1
                if progress:
                    progress(done, total)
            pool.close()
        except BaseException:
            pool.terminate()  # (Ctrl-C, SIGTERM: the workers stop now, each removing its temporary file)
            raise
        finally:
            pool.join()
    return [r for r in results if r is not None]
