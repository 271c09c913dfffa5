"""What DOMjudge's importer makes of a problem zip: a port of the parts of ``ImportProblemService.php`` that read it.

DOMjudge (``webapp/src/Service/ImportProblemService.php``, read at its commit
a023fd3ec) imports a problem zip like this; :func:`import_zip` follows it
step by step, and raises :class:`Refused` where DOMjudge refuses the zip:

1. ``domjudge-problem.ini`` (``parse_ini_string``) and ``problem.yaml`` at the
   zip's root; neither: refused.  Of the ini, only ``name``, ``timelimit``,
   ``special_run``, ``special_compare``, ``externalid`` (the problem's) and
   ``allow_submit``, ``allow_judge``, ``points``, ``color``, ``short-name``
   (the contest problem's) are kept; ``externalid`` and ``short-name`` default to
   the zip's base name; a ``.timelimit`` file also sets the time limit.
2. ``problem.yaml``: ``name`` (a string, or a map: ``en`` or the first), ``type``
   split at spaces (``explode(' ', ...)``: a YAML list is a PHP error),
   ``validator_flags``, ``validation``, ``limits.time_limit`` (which replaces the
   ini's), ``limits.memory`` and ``limits.output`` (MiB, stored in KiB).  A time
   limit that differs from ``.timelimit``'s: refused.  The problem needs a name and
   a time limit above 0.
3. The output validator: every file under ``output_validators/`` or
   ``output_validator``; they must share one folder; none with ``validation:
   custom``: refused.
4. The statement: the first of ``problem_statement/problem.{pdf,html,txt}``, then
   ``problem.{pdf,html,txt}`` at the root.
5. Every ``test_group.yaml`` / ``testdata.yaml`` under ``data/`` must hold a
   non-empty YAML map; then ``data/sample/**.in`` and ``data/secret/**.in`` with
   their ``.ans``, each kind sorted by name.
6. The jury's submissions: ``submissions/DIR/FILE`` (or a folder of files),
   with the result their folder names (DOMjudge's ``normalizeExpectedResult``).
"""

from __future__ import annotations

import configparser
import dataclasses
import os
import re
import zipfile
from pathlib import Path
from typing import Any

__all__ = ["Imported", "Refused", "import_zip"]

_PROBLEM_KEYS = {"name", "timelimit", "special_run", "special_compare", "externalid"}
_CONTEST_KEYS = {"allow_submit", "allow_judge", "points", "color", "short-name"}
#: SubmissionService::normalizeExpectedResult, for the folders a package has.
_RESULTS = {
    "accepted": "CORRECT",
    "wrong_answer": "WRONG-ANSWER",
    "time_limit_exceeded": "TIMELIMIT",
    "run_time_error": "RUN-ERROR",
}
_LANGUAGES = {"cpp": "cpp", "cc": "cpp", "py": "python3", "py3": "python3", "c": "c", "java": "java"}


class Refused(Exception):
    """DOMjudge would refuse the zip (its ``danger`` message, or a PHP error)."""


@dataclasses.dataclass
class Imported:
    """The problem DOMjudge would make."""

    name: str
    timelimit: float
    externalid: str
    shortname: str
    types: list[str]
    memlimit_kib: int | None
    statement: str | None
    validator_dir: str | None
    samples: list[str]
    secrets: list[str]
    submissions: dict[str, tuple[str, str | None]]  # path -> (expected result, language)


def _ini(text: str) -> dict[str, str]:
    parser = configparser.ConfigParser(comment_prefixes=(";", "#"), interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read_string("[problem]\n" + text)
    return {key: value.strip().strip('"') for key, value in parser["problem"].items()}


def import_zip(path: Path) -> Imported:
    """What DOMjudge's importer makes of the zip at ``path`` (see the module docstring); :class:`Refused` if it
    would refuse it."""
    import yaml  # (PyPI PyYAML, which problemtools brings)

    with zipfile.ZipFile(path) as archive:
        names = [info.filename for info in archive.infolist()]
        read = {name: archive.read(name) for name in names if not name.endswith("/")}
    ini_text, yaml_text = read.get("domjudge-problem.ini"), read.get("problem.yaml")
    if ini_text is None and yaml_text is None:
        raise Refused("ZIP file contains neither domjudge-problem.ini nor problem.yaml, not a valid problem archive?")
    properties = _ini(ini_text.decode()) if ini_text is not None else {}
    problem = {k: v for k, v in properties.items() if k in _PROBLEM_KEYS}
    contest = {k: v for k, v in properties.items() if k in _CONTEST_KEYS}
    timelimit_file = read.get(".timelimit")
    if timelimit_file is not None:
        problem.setdefault("timelimit", timelimit_file.decode().strip())
    external = re.sub(r"[^a-zA-Z0-9-_]", "", os.path.basename(str(path)).removesuffix(".zip"))
    problem.setdefault("externalid", external)
    contest.setdefault("short-name", external)
    problem.setdefault("name", contest["short-name"])
    problem.setdefault("timelimit", "10")
    data: dict[str, Any] = yaml.safe_load(yaml_text) or {} if yaml_text is not None else {}
    types = ["pass-fail"]
    validation = "default"
    memlimit = None
    if "name" in data:
        name = data["name"]
        problem["name"] = (name.get("en") or next(iter(name.values()))) if isinstance(name, dict) else name
    if "type" in data:
        if not isinstance(data["type"], str):
            raise Refused(f"explode(): Argument #2 ($string) must be of type string, {type(data['type']).__name__}")
        types = data["type"].split(" ")
        validation = "custom interactive" if "interactive" in types else validation
    if data.get("validation") in ("custom", "custom interactive", "custom multi-pass"):
        validation = data["validation"]
    limits = data.get("limits") or {}
    if "time_limit" in limits:
        problem["timelimit"] = str(limits["time_limit"])
    if "memory" in limits:
        memlimit = 1024 * int(limits["memory"])
    if timelimit_file is not None and abs(float(problem["timelimit"]) - float(timelimit_file)) > 1e-9:
        raise Refused("Conflicting time limits: .timelimit file and problem.yaml")
    if not problem["name"] or not float(problem["timelimit"]) > 0:
        raise Refused("Error: problem.name or problem.timelimit invalid")
    validators = [n for n in read if n.startswith(("output_validators/", "output_validator"))]
    validator_dir = None
    if validators:
        validator_dir = validators[0].rsplit("/", 1)[0] + "/"
        if not all(n.startswith(validator_dir) for n in validators):
            raise Refused("Found multiple custom output validators.")
    elif validation != "default":
        raise Refused("Custom validator specified but not found.")
    statement = next(
        (
            f"{d}problem.{t}"
            for d in ("problem_statement/", "")
            for t in ("pdf", "html", "txt")
            if f"{d}problem.{t}" in read
        ),
        None,
    )
    for name, content in read.items():
        group = name.startswith("data/") and name.endswith(("/test_group.yaml", "/testdata.yaml"))
        if group and not yaml.safe_load(content):
            raise Refused(f"Could not parse test group metadata file '{name}'.")
    cases = {}
    for kind in ("sample", "secret"):
        found = [
            n[len(f"data/{kind}/") : -len(".in")]
            for n in read
            if n.startswith(f"data/{kind}/") and n.endswith(".in") and n[: -len(".in")] + ".ans" in read
        ]
        cases[kind] = sorted(found)
    submissions: dict[str, tuple[str, str | None]] = {}
    for name in read:
        parts = name.split("/")
        if parts[0] == "submissions" and len(parts) == 3 and parts[2]:
            extension = parts[2].rsplit(".", 1)[-1] if "." in parts[2] else ""
            submissions[name] = (_RESULTS.get(parts[1], parts[1].upper()), _LANGUAGES.get(extension))
    return Imported(
        name=str(problem["name"]),
        timelimit=float(problem["timelimit"]),
        externalid=problem["externalid"],
        shortname=contest["short-name"],
        types=types,
        memlimit_kib=memlimit,
        statement=statement,
        validator_dir=validator_dir,
        samples=cases["sample"],
        secrets=cases["secret"],
        submissions=submissions,
    )
