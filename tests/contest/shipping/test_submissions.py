"""What a package says about judging it: limits and solutions with their expectations, as each format writes
them (2025-09's folders, submissions.yaml's globs and groups; legacy's folders and .timelimit; Polygon's tags)."""

from __future__ import annotations

from pathlib import Path

import pytest

from downwedig.contest.judging.expectation import Expectation, check, verdicts
from downwedig.contest.judging.judge import Result
from downwedig.contest.judging.verdict import Verdict
from downwedig.contest.shipping.formats import get_format
from downwedig.contest.shipping.polygon import PolygonProblem, PolygonTest, Solution, package_files
from downwedig.contest.shipping.yamlish import InvalidYaml, read_yaml


def write(folder: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return folder


def results(*pairs: tuple[str, Verdict]) -> list[Result]:
    return [Result(name, verdict, 0.1, 0.1, None, "") for name, verdict in pairs]


def words(expectations: tuple[Expectation, ...]) -> list[str]:
    return [str(e) for e in expectations]


def test_2025_09_limits_and_submissions(tmp_path: Path) -> None:
    package = write(
        tmp_path / "p",
        {
            "problem.yaml": "problem_format_version: 2025-09\nlimits:\n  time_limit: 2.5  # s\n  memory: 256\n",
            "submissions/accepted/fast.py": "",
            "submissions/wrong_answer/bug.cpp": "",
            "submissions/time_limit_exceeded/slow.py": "",
            "submissions/mine/odd.py": "",
            "submissions/submissions.yaml": (
                "time_limit_exceeded:\n  permitted: [AC, WA, TLE]\n"
                "wrong_answer/*.cpp:\n  required: [WA]\n"
                "'{accepted,mine}/*.py':\n  sample:\n    permitted: [AC]\n  secret/*-big:\n    permitted: [AC, TLE]\n"
            ),
        },
    )
    layout = get_format("2025-09")
    limits = layout.limits(package)
    assert (limits.time_s, limits.memory_mib, limits.multiplier) == (2.5, 256, None)
    assert limits.time_source == f"{package / 'problem.yaml'} (limits: time_limit)"
    found = {s.name: s for s in layout.submissions(package)}
    assert list(found) == [
        "submissions/accepted/fast.py",
        "submissions/mine/odd.py",
        "submissions/time_limit_exceeded/slow.py",
        "submissions/wrong_answer/bug.cpp",
    ]
    assert words(found["submissions/time_limit_exceeded/slow.py"].expectations) == [
        f"permitted: AC, WA, TLE; required: TLE ({package / 'submissions/submissions.yaml'}: time_limit_exceeded)"
    ]
    bug = found["submissions/wrong_answer/bug.cpp"].expectations
    assert len(bug) == 2 and bug[0].source == "the folder wrong_answer/"
    odd = found["submissions/mine/odd.py"].expectations  # (a folder of its own: only the yaml's groups)
    assert [(e.tests, sorted(map(str, e.permitted))) for e in odd] == [
        ("sample", ["AC"]),
        ("secret/*-big", ["AC", "TLE"]),
    ]
    assert check(odd, results(("sample/1", Verdict.AC), ("secret/07-big", Verdict.TLE), ("secret/a", Verdict.WA))) == []
    broken = check(odd, results(("sample/1", Verdict.TLE)))
    assert str(broken[0]).startswith("got TLE on sample/1, permitted on sample: AC")


def test_a_2025_09_package_without_a_time_limit_derives_it(tmp_path: Path) -> None:
    package = write(
        tmp_path,
        {"problem.yaml": "problem_format_version: 2025-09\nlimits:\n  time_multipliers:\n    ac_to_time_limit: 3\n"},
    )
    limits = get_format("2025-09").limits(package)
    assert limits.time_s is None and limits.multiplier == 3 and "derives it" in limits.time_source


@pytest.mark.parametrize(
    ("files", "time", "multiplier"),
    [
        ({".timelimit": "3\n"}, 3.0, None),
        ({"domjudge-problem.ini": "probid='x'\ntimelimit='4'\n"}, 4.0, None),
        ({}, None, 5.0),
        ({"problem.yaml": "limits:\n  memory: 1024\n  time_multiplier: 2\n"}, None, 2.0),
    ],
)
def test_legacy_limits(tmp_path: Path, files: dict[str, str], time: float | None, multiplier: float | None) -> None:
    package = write(tmp_path, {"problem.yaml": "name: x\nlimits:\n  memory: 1024\n", **files})
    limits = get_format("legacy").limits(package)
    assert (limits.time_s, limits.multiplier, limits.memory_mib) == (time, multiplier, 1024)


def test_legacy_folders_mean_what_the_legacy_format_says(tmp_path: Path) -> None:
    package = write(
        tmp_path,
        {
            "problem.yaml": "name: x\n",
            "submissions/time_limit_exceeded/a.py": "",
            "submissions/run_time_error/b.py": "",
        },
    )
    found = {s.name: s.expectations for s in get_format("legacy").submissions(package)}
    slow, crash = found["submissions/time_limit_exceeded/a.py"], found["submissions/run_time_error/b.py"]
    assert check(slow, results(("s/1", Verdict.WA), ("s/2", Verdict.TLE))) == []  # (may also give wrong answers)
    assert check(crash, results(("s/1", Verdict.TLE), ("s/2", Verdict.MLE))) == []  # (out of memory is a crash)
    assert [str(m) for m in check(crash, results(("s/1", Verdict.AC)))] == [
        "required RTE on some test, got only AC (the folder run_time_error/)"
    ]


def test_polygon_limits_and_solutions_tagged_or_described(tmp_path: Path) -> None:
    problem = PolygonProblem(
        name="X",
        short_name="x",
        time_limit_ms=1500,
        memory_limit_bytes=256 << 20,
        tests=[PolygonTest(b"1\nWWWWWWWW\n", b"2\n", sample=True)],
        checker=b"",
        validator=b"",
        generator=b"",
        testlib=b"",
        statement="\\problemname{X}\n",
        solutions=[
            Solution("main.cpp", b"", "cpp.g++17", "main"),
            Solution("w.py", b"", "python.pypy3", "wrong-answer"),
        ],
    )
    for name, data in package_files(problem).items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_bytes(data)
    write(
        tmp_path,
        {
            "solutions/mine.cpp": "",
            "solutions/mine.cpp.desc": "File name: mine.cpp\nTag: TIME_LIMIT_EXCEEDED\n",
            "solutions/loose.py": "",
        },
    )
    layout = get_format("polygon")
    limits = layout.limits(tmp_path)
    assert (limits.time_s, limits.memory_mib) == (1.5, 256)
    found = {s.name: s for s in layout.submissions(tmp_path)}
    assert found["solutions/w.py"].language == "python.pypy3"
    assert [str(e) for e in found["solutions/main.cpp"].expectations] == [
        f"permitted: AC ({tmp_path / 'problem.xml'}: tag main)"
    ]
    assert [str(e) for e in found["solutions/mine.cpp"].expectations] == [
        "permitted: AC, TLE; required: TLE (solutions/mine.cpp.desc: Tag TIME_LIMIT_EXCEEDED)"
    ]
    assert found["solutions/loose.py"].expectations == ()


def test_verdict_words_stand_for_downwedig_s_verdicts() -> None:
    assert verdicts(["WA"]) == {Verdict.WA, Verdict.PE} and verdicts(["RTE"]) == {Verdict.RE, Verdict.MLE}
    failure = check([Expectation(verdicts(["AC", "WA"]), None, "x")], results(("t", Verdict.FAIL)))
    assert [m.verdict for m in failure] == [Verdict.FAIL]  # (the judge's own failure is never permitted)


def test_the_yaml_read_is_a_subset_and_says_what_it_cannot_read() -> None:
    assert read_yaml("a:\n  b: 'x: y'  # c\n  c: \"q\\tr\"\nd:\n") == {"a": {"b": "x: y", "c": "q\tr"}, "d": None}
    assert read_yaml("- 1\n- two\n") == [1, "two"]
    assert read_yaml("a: [1, [2, {b: c}]]\n") == {"a": [1, [2, {"b": "c"}]]}  # (nested, on one line: DMOJ's)
    for text, line in (("a: |\n  text\n", 1), ("a: 1\n  b: 2\n", 2), ("a: [1, [2]\n", 1), ("a: {b: 1} c\n", 1)):
        with pytest.raises(InvalidYaml, match=f"line {line}"):
            read_yaml(text)
