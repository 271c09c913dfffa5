"""Where this process's cgroups are: the hierarchies mounted here (``/proc/self/mountinfo``) and its own folder in
each (``/proc/self/cgroup``).  Read-only, O(mounts) each; :mod:`~downwedig.contest.running.cgroup` makes and ends
the groups (named after their judge by :mod:`~downwedig.owner`).

>>> isinstance(bases(), dict)
True
"""

from __future__ import annotations

import contextlib
import os
import re

__all__ = ["bases", "read", "write"]


def read(path: str) -> str:
    """A cgroup (or /proc) file's text."""
    with open(path) as file:
        return file.read()


def write(path: str, text: str) -> None:
    """Write ``text`` to a cgroup file (one ``write``: the kernel takes each as one value)."""
    with open(path, "w") as file:
        file.write(text)


def _unescape(field: str) -> str:
    """A path from /proc/self/mountinfo, whose spaces and such are written ``\\040``."""
    return re.sub(r"\\([0-7]{3})", lambda match: chr(int(match[1], 8)), field)


def bases() -> dict[str, str]:
    """This process's own cgroup folder in each hierarchy: ``{controller: folder}``, ``""`` for the unified one."""
    mounts: list[tuple[str, str, str, set[str]]] = []  # (mount point, root, type, options)
    with contextlib.suppress(OSError):
        for line in read("/proc/self/mountinfo").splitlines():
            fields = line.split()
            if " - " not in line:
                continue
            after = line.split(" - ", 1)[1].split()
            if len(after) >= 3 and after[0] in ("cgroup", "cgroup2"):
                mounts.append((_unescape(fields[4]), _unescape(fields[3]), after[0], set(after[2].split(","))))
    found: dict[str, str] = {}
    with contextlib.suppress(OSError):
        for line in read("/proc/self/cgroup").splitlines():
            _, names, path = line.split(":", 2)
            controllers = names.split(",") if names else [""]
            for point, root, kind, options in mounts:
                if (kind == "cgroup2") != (names == "") or (names and not set(controllers) <= options):
                    continue
                inside = path if root == "/" else path[len(root) :] if path.startswith(root) else None
                if inside is None:
                    continue
                folder = os.path.join(point, inside.lstrip("/"))
                if os.path.isdir(folder):
                    for controller in controllers:
                        found.setdefault(controller, folder)
    return found
