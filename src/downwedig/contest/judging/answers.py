"""Answer files for many inputs at once, like online-judge-tools' ``generate-output``.

:func:`answer_files` writes ``NAME.ans`` for each input ``NAME.in`` (or
``NAME`` without a suffix), beside it or in ``out_dir``, using a pool of
worker processes.  The results come back in the order of the inputs whatever
order the workers finish in; an input that cannot be read or is not a
staircase is reported and does not stop the others.

>>> import pathlib, tempfile
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "a.in").write_text("2\\nWWWWWWWW\\nWWWWWWWW\\n")
>>> [r.ok for r in answer_files([str(folder / "a.in")], jobs=1)]
[True]
>>> (folder / "a.ans").read_text()
'21\\n'
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import dataclasses
import multiprocessing
import os
import re
import stat
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path

from ...engine.solver import answer
from ...errors import InvalidStaircase
from ...reader import parse

__all__ = ["Result", "answer_file", "answer_files", "expand_inputs", "natural_key", "target_path"]


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


def natural_key(name: str) -> list[str | int]:
    """A sort key that orders numbers in names by value: ``m2`` before ``m10``. O(len(name)).

    >>> sorted(["m10.in", "m2.in", "m1.in"], key=natural_key)
    ['m1.in', 'm2.in', 'm10.in']
    """
    return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", name)]


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


def _write_whole(target: str, text: str) -> None:
    """Write ``target`` under a temporary name and rename it: no half-written file, and a link is replaced."""
    handle, temporary = tempfile.mkstemp(dir=os.path.dirname(target) or ".", prefix=".downwedig-", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="ascii") as out:
            out.write(text)
        os.chmod(temporary, 0o644)
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def answer_file(source: str, out_dir: str | None = None, suffix: str = ".ans") -> Result:
    """Read ``source``, solve it, write its answer file; never raises. O(n).

    A source that is not a regular file (a folder, a FIFO) is refused rather
    than read, and so is one that its own answer would overwrite.

    >>> answer_file("/nonexistent.in").ok
    False
    """
    target = target_path(source, out_dir, suffix)
    try:
        if not stat.S_ISREG(os.stat(source).st_mode):
            return Result(source, target, False, f"{source}: not a regular file")
        if os.path.abspath(target) == os.path.abspath(source):
            return Result(source, target, False, f"{source}: its answer would overwrite it (name inputs NAME.in)")
        data = Path(source).read_bytes()
        staircase = parse(data, source=source)
        _write_whole(target, answer(staircase) + "\n")
    except InvalidStaircase as exc:
        return Result(source, target, False, str(exc))
    except OSError as exc:
        return Result(source, target, False, f"{source}: {exc.strerror or exc}")
    return Result(source, target, True, f"n = {len(staircase)}")


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
    is a source given twice.  ``jobs`` defaults to the number of CPUs; with 1
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
        os.makedirs(out_dir, exist_ok=True)
    results: list[Result | None] = [None] * total
    claimed: dict[str, list[int]] = {}
    for index, source in enumerate(sources):
        claimed.setdefault(os.path.abspath(target_path(source, out_dir, suffix)), []).append(index)
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
        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
        with concurrent.futures.ProcessPoolExecutor(min(jobs, len(todo)), mp_context=context) as pool:
            futures = {pool.submit(answer_file, sources[index], out_dir, suffix): index for index in todo}
            for future in concurrent.futures.as_completed(futures):
                results[futures[future]] = future.result()
                done += 1
                if progress:
                    progress(done, total)
    return [r for r in results if r is not None]
