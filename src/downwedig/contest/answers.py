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
import dataclasses
import multiprocessing
import os
from collections.abc import Callable, Sequence
from pathlib import Path

from ..engine import answer
from ..errors import InvalidStaircase
from ..reader import parse

__all__ = ["Result", "answer_file", "answer_files", "expand_inputs", "target_path"]


@dataclasses.dataclass(frozen=True)
class Result:
    """What happened to one input: where its answer went, or what went wrong."""

    source: str
    target: str
    ok: bool
    message: str  # "n = 5" when ok, the error otherwise


def target_path(source: str, out_dir: str | None = None) -> str:
    """Where the answer of ``source`` goes: its name with ``.ans`` for its last suffix. O(1).

    >>> target_path("tests/07.in"), target_path("07", "out")
    ('tests/07.ans', 'out/07.ans')
    """
    path = Path(source)
    name = path.with_suffix(".ans").name if path.suffix else path.name + ".ans"
    return str(Path(out_dir) / name if out_dir is not None else path.with_name(name))


def expand_inputs(paths: Sequence[str]) -> list[str]:
    """``paths`` with each folder replaced by its ``*.in`` files, sorted by name. O(files).

    >>> expand_inputs(["x.in"])
    ['x.in']
    """
    out: list[str] = []
    for path in paths:
        if os.path.isdir(path):
            out += sorted(str(p) for p in Path(path).glob("*.in") if p.is_file())
        else:
            out.append(path)
    return out


def answer_file(source: str, out_dir: str | None = None) -> Result:
    """Read ``source``, solve it, write its answer file; never raises. O(n).

    >>> answer_file("/nonexistent.in").ok
    False
    """
    target = target_path(source, out_dir)
    try:
        data = Path(source).read_bytes()
        staircase = parse(data, source=source)
        Path(target).write_text(answer(staircase) + "\n", encoding="ascii")
    except InvalidStaircase as exc:
        return Result(source, target, False, str(exc))
    except OSError as exc:
        return Result(source, target, False, f"{source}: {exc.strerror or exc}")
    return Result(source, target, True, f"n = {len(staircase)}")


def answer_files(
    sources: Sequence[str],
    out_dir: str | None = None,
    *,
    jobs: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> list[Result]:
    """:func:`answer_file` for every source, ``jobs`` at a time; results in the order of ``sources``.

    ``jobs`` defaults to the number of CPUs; with 1 job (or one source)
    everything runs in this process.  ``progress(done, total)`` is called as
    inputs finish.  Cost: O(total size / jobs) wall time, plus starting the
    workers (a fresh interpreter each, via ``forkserver`` where available).
    """
    total = len(sources)
    jobs = max(1, jobs or os.cpu_count() or 1)
    if out_dir is not None:
        os.makedirs(out_dir, exist_ok=True)
    results: list[Result | None] = [None] * total
    if jobs == 1 or total <= 1:
        for index, source in enumerate(sources):
            results[index] = answer_file(source, out_dir)
            if progress:
                progress(index + 1, total)
    else:
        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
        with concurrent.futures.ProcessPoolExecutor(min(jobs, total), mp_context=context) as pool:
            futures = {pool.submit(answer_file, source, out_dir): index for index, source in enumerate(sources)}
            for done, future in enumerate(concurrent.futures.as_completed(futures), 1):
                results[futures[future]] = future.result()
                if progress:
                    progress(done, total)
    return [r for r in results if r is not None]
