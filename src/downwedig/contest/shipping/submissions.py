"""What a package says about judging it: its limits (:class:`PackageLimits`) and its solutions, each with what it
must get (:class:`Submission`), read as each format writes them.

The format objects' ``limits(folder)`` and ``submissions(folder)`` call these:

- **2025-09** (:func:`kattis_limits`, :func:`kattis_submissions`): ``problem.yaml``'s
  ``limits: time_limit`` and ``memory`` (without a ``time_limit`` the format derives one:
  ``ac_to_time_limit`` times the slowest accepted run); every file or folder in a
  folder of ``submissions/``, with its folder's default (:data:`FOLDERS`, which
  ``submissions.yaml`` may change by the folder's name) and every
  ``submissions.yaml`` entry whose glob matches it (with test groups' own keys);
- **legacy**: ``problem.yaml``'s ``limits: memory``; the time limit from a
  ``.timelimit`` file or DOMjudge's ``domjudge-problem.ini`` where there is one,
  else derived as verifyproblem does (``time_multiplier``, 5 by default, times
  the slowest accepted run); the folders' legacy meanings (:data:`LEGACY_FOLDERS`);
- **polygon** (:func:`polygon_limits`, :func:`polygon_submissions`): ``problem.xml``'s
  testset ``tests``, time in milliseconds and memory in bytes; its solutions
  with their tags (:data:`TAGS`), and each other file of ``solutions/`` with the
  tag of its ``.desc`` (a solution a setter added), or none.

Where each value came from is kept, for the report to say.  O(size of the files read).

>>> kattis_limits(Path("/nonexistent"), legacy=False).time_source
'no problem.yaml'
"""

from __future__ import annotations

import dataclasses
import fnmatch
import os
import re
import xml.etree.ElementTree as ET
from pathlib import Path

from ...files import natural_key
from ..judging.expectation import Expectation, verdicts
from ..running.limits import LEGACY_MULTIPLIER
from .yamlish import InvalidYaml, read_yaml

__all__ = [
    "FOLDERS",
    "LEGACY_FOLDERS",
    "TAGS",
    "PackageLimits",
    "Submission",
    "dmoj_limits",
    "dmoj_submissions",
    "folder_expectation",
    "kattis_limits",
    "kattis_submissions",
    "polygon_limits",
    "polygon_submissions",
    "tag_expectation",
]

#: A folder's or a tag's meaning: the verdicts permitted on every test, and those one test must get (None: none).
Meaning = tuple[tuple[str, ...], "tuple[str, ...] | None"]

#: The 2025-09 format's folders of ``submissions/`` and what a submission in each must get (its defaults).
FOLDERS: dict[str, Meaning] = {
    "accepted": (("AC",), None),
    "rejected": (("AC", "WA", "TLE", "RTE"), ("RTE", "TLE", "WA")),
    "wrong_answer": (("AC", "WA"), ("WA",)),
    "time_limit_exceeded": (("AC", "TLE"), ("TLE",)),
    "run_time_error": (("AC", "RTE"), ("RTE",)),
    "brute_force": (("AC", "RTE", "TLE"), ("RTE", "TLE")),
}
#: The legacy format's folders, as its specification words them ("wrong answer for some test case, but is not
#: too slow and does not crash for any"; "too slow for some test case; may also give wrong answer but not crash";
#: "crashes for some test case").
LEGACY_FOLDERS: dict[str, Meaning] = {
    "accepted": (("AC",), None),
    "wrong_answer": (("AC", "WA"), ("WA",)),
    "time_limit_exceeded": (("AC", "WA", "TLE"), ("TLE",)),
    "run_time_error": (("AC", "WA", "TLE", "RTE"), ("RTE",)),
}
#: Polygon's solution tags and what a solution with each must get (this project's reading of Polygon's
#: invocation check: ``main`` and ``accepted`` pass every test, ``wrong-answer`` fails somewhere with WA and
#: only with WA, ...).
TAGS: dict[str, Meaning] = {
    "main": (("AC",), None),
    "accepted": (("AC",), None),
    "wrong-answer": (("AC", "WA"), ("WA",)),
    "presentation-error": (("AC", "PE"), ("PE",)),
    "time-limit-exceeded": (("AC", "TLE"), ("TLE",)),
    "time-limit-exceeded-or-accepted": (("AC", "TLE"), None),
    "time-limit-exceeded-or-memory-limit-exceeded": (("AC", "TLE", "MLE"), ("TLE", "MLE")),
    "memory-limit-exceeded": (("AC", "MLE"), ("MLE",)),
    "rejected": (("AC", "WA", "TLE", "RTE"), ("WA", "TLE", "RTE")),
    "failed": (("AC", "RE"), ("RE",)),
}


def _expectation(meaning: Meaning, source: str) -> Expectation:
    permitted, required = meaning
    return Expectation(verdicts(permitted), None if required is None else verdicts(required), source)


def folder_expectation(folder: str, legacy: bool = False) -> Expectation:
    """What a submission in the Kattis folder ``folder`` must get by default. KeyError for another. O(1).

    >>> str(folder_expectation("time_limit_exceeded"))
    'permitted: AC, TLE; required: TLE (the folder time_limit_exceeded/)'
    """
    return _expectation((LEGACY_FOLDERS if legacy else FOLDERS)[folder], f"the folder {folder}/")


def tag_expectation(tag: str, source: str) -> Expectation:
    """What a Polygon solution tagged ``tag`` (``wrong-answer``, or a ``.desc``'s ``WRONG_ANSWER``) must get.
    KeyError for an unknown tag. O(1).

    >>> str(tag_expectation("WRONG_ANSWER", "solutions/x.cpp.desc"))
    'permitted: AC, WA; required: WA (solutions/x.cpp.desc)'
    """
    return _expectation(TAGS[tag.lower().replace("_", "-")], source)


@dataclasses.dataclass(frozen=True)
class PackageLimits:
    """A package's limits and where each came from; ``time_s`` None when the format derives it from the
    accepted runs (``multiplier`` times the slowest)."""

    time_s: float | None
    time_source: str
    memory_mib: int | None
    memory_source: str
    multiplier: float | None = None


@dataclasses.dataclass(frozen=True)
class Submission:
    """A solution the package holds: its name (its path in the package), its file (or folder), what it must get
    (none: anything), and its language where the package names one (a Polygon source type)."""

    name: str
    path: Path
    expectations: tuple[Expectation, ...]
    language: str | None = None


def _read(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None


def _yaml(path: Path) -> dict[str, object]:
    """A YAML file's top mapping ({} when there is none); a ValueError naming the file and line."""
    text = _read(path)
    if text is None:
        return {}
    try:
        found = read_yaml(text)
    except InvalidYaml as exc:
        raise ValueError(f"{path}: {exc}") from None
    return found if isinstance(found, dict) else {}


def _number(value: object) -> float | None:
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) and value > 0 else None


def kattis_limits(folder: Path, *, legacy: bool) -> PackageLimits:
    """The limits of the Kattis package ``folder`` (see the module docstring). O(size of problem.yaml)."""
    where = folder / "problem.yaml"
    if not where.is_file():
        return PackageLimits(None, "no problem.yaml", None, "no problem.yaml")
    limits = _yaml(where).get("limits")
    limits = limits if isinstance(limits, dict) else {}
    memory = _number(limits.get("memory"))
    memory_source = f"{where} (limits: memory)" if memory else f"{where} gives none"
    if not legacy:
        time = _number(limits.get("time_limit"))
        if time is not None:
            return PackageLimits(time, f"{where} (limits: time_limit)", _int(memory), memory_source)
        multipliers = limits.get("time_multipliers")
        factor = _number(multipliers.get("ac_to_time_limit")) if isinstance(multipliers, dict) else None
        why = f"{where} gives no time_limit: the format derives it"
        return PackageLimits(None, why, _int(memory), memory_source, factor or 2.0)
    given = _float((_read(folder / ".timelimit") or "").strip() or None)
    if given is not None and given > 0:
        return PackageLimits(given, str(folder / ".timelimit"), _int(memory), memory_source)
    ini = re.search(r"(?m)^\s*timelimit\s*=\s*['\"]?([0-9.]+)", _read(folder / "domjudge-problem.ini") or "")
    if ini is not None and (_float(ini.group(1)) or 0) > 0:
        return PackageLimits(
            float(ini.group(1)), f"{folder / 'domjudge-problem.ini'} (timelimit)", _int(memory), memory_source
        )
    factor = _number(limits.get("time_multiplier")) or float(LEGACY_MULTIPLIER)
    why = f"{where} has no time limit (legacy): verifyproblem derives it"
    return PackageLimits(None, why, _int(memory), memory_source, factor)


def _int(value: float | None) -> int | None:
    return None if value is None else round(value)


def polygon_limits(folder: Path) -> PackageLimits:
    """The limits of the Polygon package ``folder``: ``problem.xml``'s testset ``tests``. O(size of problem.xml).

    >>> polygon_limits(Path("/nonexistent")).time_s is None
    True
    """
    where = folder / "problem.xml"
    testset = _testset(where)
    if testset is None:
        return PackageLimits(None, f"{where} has no testset tests", None, f"{where} has no testset tests")
    time = _number(_float(testset.findtext("time-limit")))
    memory = _number(_float(testset.findtext("memory-limit")))
    return PackageLimits(
        None if time is None else time / 1000,
        f"{where} (time-limit)" if time else f"{where} gives none",
        None if memory is None else round(memory / (1 << 20)),
        f"{where} (memory-limit)" if memory else f"{where} gives none",
    )


def _float(text: str | None) -> float | None:
    try:
        return None if text is None else float(text)
    except ValueError:
        return None


def _xml(where: Path) -> ET.Element | None:
    try:
        return ET.parse(where).getroot()
    except (OSError, ET.ParseError):
        return None


def _testset(where: Path) -> ET.Element | None:
    root = _xml(where)
    if root is None:
        return None
    return next((t for t in root.iter("testset") if t.get("name") == "tests"), None)


def _entries(folder: Path) -> list[Path]:
    """The files and folders directly in ``folder`` (no hidden ones), in natural order."""
    try:
        names = [name for name in os.listdir(folder) if not name.startswith(".")]
    except OSError:
        return []
    return [folder / name for name in sorted(names, key=natural_key)]


def _glob(pattern: str, path: str) -> bool:
    """Whether ``path`` (under ``submissions/``) or a folder above it matches the 2025-09 glob ``pattern``
    (``*`` within a name, ``{a,b}`` alternatives)."""
    options = [pattern]
    while any("{" in option for option in options):
        expanded = []
        for option in options:
            match = re.search(r"\{([^{}]*)\}", option)
            if match is None:
                expanded.append(option)
                continue
            expanded += [
                option[: match.start()] + part.strip() + option[match.end() :] for part in match.group(1).split(",")
            ]
        options = expanded
    parts = path.split("/")
    prefixes = ["/".join(parts[:k]) for k in range(1, len(parts) + 1)]
    return any(
        fnmatch.fnmatchcase(prefix, option.rstrip("/")) and "/" not in _star_span(option.rstrip("/"), prefix)
        for option in options
        for prefix in prefixes
    )


def _star_span(pattern: str, name: str) -> str:
    """What the stars of ``pattern`` stand for in ``name`` (a star matches within a name only: no ``/``)."""
    regex = "".join("(.*)" if c == "*" else re.escape(c) for c in pattern)
    found = re.fullmatch(regex, name)
    return "".join(found.groups()) if found else ""


def _entry_expectations(key: str, entry: object, source: str) -> list[Expectation]:
    """The expectations of one ``submissions.yaml`` entry: its own keys, and each test group's."""
    if not isinstance(entry, dict):
        return []
    found = []

    def words(value: object) -> tuple[str, ...] | None:
        return tuple(str(v) for v in value) if isinstance(value, list) else None

    def add(block: dict[str, object], tests: str | None) -> None:
        permitted, required = words(block.get("permitted")), words(block.get("required"))
        if permitted is None and required is None:
            return
        found.append(
            Expectation(
                verdicts(permitted) if permitted is not None else verdicts(("AC", "WA", "TLE", "RTE")),
                verdicts(required) if required is not None else None,
                f"{source}: {key}",
                tests,
            )
        )

    add(entry, None)
    for group, block in entry.items():
        if isinstance(block, dict) and (group.startswith(("sample", "secret", "*"))):
            add(block, group)
    return found


def kattis_submissions(folder: Path, *, legacy: bool) -> list[Submission]:
    """The submissions of the Kattis package ``folder`` (see the module docstring), folder by folder.
    O(files); a ``submissions.yaml`` it cannot read is a ValueError naming its line."""
    root = folder / "submissions"
    config = {} if legacy else _yaml(root / "submissions.yaml")
    source = str(root / "submissions.yaml")
    meanings = LEGACY_FOLDERS if legacy else FOLDERS
    found = []
    for group in _entries(root):
        if not group.is_dir():
            continue
        default: list[Expectation] = []
        if group.name in meanings:
            default = [folder_expectation(group.name, legacy)]
            override = config.get(group.name)
            if isinstance(override, dict):  # (the folder's own entry: its keys replace the default's)
                permitted, required = meanings[group.name]
                merged = {"permitted": list(permitted), "required": list(required or ()) or None, **override}
                default = _entry_expectations(group.name, merged, source)
        for entry in _entries(group):
            name = f"{group.name}/{entry.name}"
            mine = list(default)
            for key, value in config.items():
                if key != group.name and _glob(key, name):
                    mine += _entry_expectations(key, value, source)
            found.append(Submission(f"submissions/{name}", entry, tuple(mine)))
    return found


def _desc_tag(path: Path) -> str | None:
    text = _read(path)
    found = re.search(r"(?mi)^\s*Tag:\s*(\S+)", text) if text is not None else None
    return found.group(1) if found else None


def polygon_submissions(folder: Path) -> list[Submission]:
    """The solutions of the Polygon package ``folder`` (see the module docstring). O(files)."""
    where = folder / "problem.xml"
    root = _xml(where)
    found: list[Submission] = []
    listed: set[str] = set()
    if root is not None:
        for solution in root.iter("solution"):
            source = solution.find("source")
            path = source.get("path") if source is not None else None
            tag = solution.get("tag", "")
            if path is None or tag.lower() not in TAGS:
                continue
            listed.add(path)
            expectation = tag_expectation(tag, f"{where}: tag {tag}")
            language = source.get("type") if source is not None else None
            found.append(Submission(path, folder / path, (expectation,), language))
    for entry in _entries(folder / "solutions"):
        name = f"solutions/{entry.name}"
        if name in listed or entry.suffix == ".desc" or not entry.is_file():
            continue
        described = _desc_tag(entry.with_name(entry.name + ".desc"))
        if described is not None and described.lower().replace("_", "-") in TAGS:
            found.append(Submission(name, entry, (tag_expectation(described, f"{name}.desc: Tag {described}"),)))
        else:
            found.append(Submission(name, entry, ()))
    return found


#: DMOJ's verdict words (``expect`` in ``init.yml``'s self-tests) in the expectations' words.
_DMOJ = {"AC": "AC", "WA": "WA", "TLE": "TLE", "MLE": "MLE", "RTE": "RTE", "IR": "RTE", "OLE": "RTE"}


def _dmoj_verdicts(value: object, where: str) -> list[str]:
    words = value if isinstance(value, list) else [value]
    try:
        return [_DMOJ[str(word).upper()] for word in words]
    except KeyError as exc:
        raise ValueError(f"{where}: unknown DMOJ verdict {exc.args[0]!r} (known: {', '.join(_DMOJ)})") from None


def _dmoj_tests(folder: Path) -> tuple[Path, list[dict[str, object]]]:
    where = folder / "init.yml"
    found = _yaml(where).get("tests")
    return where, [entry for entry in found if isinstance(entry, dict)] if isinstance(found, list) else []


def dmoj_limits(folder: Path) -> PackageLimits:
    """The limits of the DMOJ problem ``folder``: a DMOJ site keeps them, not the folder, so those its self-tests
    judge with (``init.yml``'s ``tests``: ``time`` in seconds, ``memory`` in KB), where they give them. O(size).

    >>> dmoj_limits(Path("/nonexistent")).time_source
    'the DMOJ site (init.yml gives no self-test its limits)'
    """
    where, tests = _dmoj_tests(folder)
    times = [_number(test.get("time")) for test in tests]
    memories = [_number(test.get("memory")) for test in tests]
    source = f"{where}'s self-tests (a DMOJ site keeps its own)"
    time = times[0] if times and times[0] is not None and len(set(times)) == 1 else None
    memory = memories[0] if memories and memories[0] is not None and len(set(memories)) == 1 else None
    missing = "the DMOJ site (init.yml gives no self-test its limits)"
    return PackageLimits(
        time, source if time is not None else missing, None if memory is None else int(memory) // 1024,
        source if memory is not None else missing,
    )  # fmt: skip


def dmoj_submissions(folder: Path) -> list[Submission]:
    """The solutions of the DMOJ problem ``folder``: its self-tests' (``init.yml``'s ``tests``), each permitted
    its ``expect`` on every case and required the verdict ``cases`` gives on that case. O(size).

    DMOJ numbers its cases from 1 in ``test_cases``' order; a required verdict's test is that case's
    ``in`` file, named as ``test`` names a DMOJ folder's tests.
    """
    where, tests = _dmoj_tests(folder)
    cases = _yaml(folder / "init.yml").get("test_cases")
    names = [str(case.get("in", "")) for case in cases if isinstance(case, dict)] if isinstance(cases, list) else []
    found: list[Submission] = []
    seen: set[str] = set()
    for index, test in enumerate(tests, 1):
        source, language = str(test.get("source", "")), test.get("language")
        label = f"{where}: tests[{index}] ({test.get('label', source)})"
        permitted = _dmoj_verdicts(test.get("expect", "AC"), label)
        expectations = [Expectation(verdicts(permitted), None, label)]
        required = test.get("cases")
        for case, verdict in required.items() if isinstance(required, dict) else []:
            number = int(case) if str(case).isdigit() else 0
            if not 1 <= number <= len(names):
                raise ValueError(f"{label}: case {case} is not among the {len(names)} test_cases")
            name = names[number - 1].removeprefix("data/").removesuffix(".in")
            needed = verdicts(_dmoj_verdicts(verdict, label))
            expectations.append(Expectation(verdicts(permitted), needed, f"{label}, case {number}", name))
        key = f"{source} under {language}" if language else source
        if source and key not in seen:
            seen.add(key)
            found.append(
                Submission(key, folder / source, tuple(expectations), None if language is None else str(language))
            )
    return found
