"""Writing a file whole: under a temporary name beside it, then moved into place in one step; and the order of
files by name that every room shares (:func:`natural_key`: ``m2`` before ``m10``).

A reader never sees half a file, and a failure (or Ctrl-C) leaves no
temporary file behind.  The file gets the permissions a new file gets (0o666
less the umask).  Without ``replace`` the name must still be free when the
file is moved into place (a hard link, which never replaces), so a file that
appeared meanwhile is not overwritten: :class:`FileExistsError`.  With it, the
name is replaced, and a link in its place is replaced, not written through.
Cost: O(size) to write, O(1) to move.

>>> import pathlib, tempfile
>>> path = pathlib.Path(tempfile.mkdtemp()) / "a.txt"
>>> with whole_file(path) as file:
...     _ = file.write(b"all of it")
>>> path.read_bytes(), sorted(p.name for p in path.parent.iterdir())
(b'all of it', ['a.txt'])
"""

from __future__ import annotations

import contextlib
import os
import re
import tempfile

TYPE_CHECKING = False  # (not typing's: the command line imports this module on its quick paths)
if TYPE_CHECKING:
    from collections.abc import Callable, Iterator
    from typing import BinaryIO

__all__ = ["natural_key", "umask", "whole_file"]


def natural_key(name: str) -> list[str | int]:
    """A sort key that orders numbers in names by value: ``m2`` before ``m10``. O(len(name)).

    >>> sorted(["m10.in", "m2.in", "m1.in"], key=natural_key)
    ['m1.in', 'm2.in', 'm10.in']
    """
    return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", name)]


def umask() -> int:
    """This process's umask (read by setting it and setting it back). O(1).

    >>> 0 <= umask() <= 0o777
    True
    """
    mask = os.umask(0)
    os.umask(mask)
    return mask


@contextlib.contextmanager
def whole_file(
    path: str | os.PathLike[str],
    *,
    replace: bool = False,
    prefix: str | None = None,
    check: Callable[[], None] | None = None,
) -> Iterator[BinaryIO]:
    """A temporary file beside ``path`` to write, moved to ``path`` when the block ends without an error.

    ``prefix`` names the temporary file (default: ``.NAME.``); ``check``, if
    given, runs just before the move and may raise to prevent it.  See the
    module docstring for ``replace``.
    """
    target = os.fspath(path)
    folder = os.path.dirname(os.path.abspath(target))
    handle, temporary = tempfile.mkstemp(prefix=prefix or f".{os.path.basename(target)}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(handle, "wb") as file:
            yield file
        os.chmod(temporary, 0o666 & ~umask())
        if check is not None:
            check()
        if replace:
            os.replace(temporary, target)
        else:
            os.link(temporary, target)
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temporary)
