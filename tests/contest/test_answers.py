"""Answer files for many inputs: where they go, and a bad input that does not stop the others."""

from __future__ import annotations

from pathlib import Path

from downwedig.contest.answers import answer_files, expand_inputs, target_path

INPUT = b"3\nWWWWWWWW\nWWWWWWWW\nRRRRRRRR\n"  # answer 211


def test_targets_and_folders(tmp_path: Path) -> None:
    assert target_path("tests/07.in") == "tests/07.ans"
    assert target_path("07", "out") == "out/07.ans"
    (tmp_path / "b.in").write_bytes(INPUT)
    (tmp_path / "a.in").write_bytes(INPUT)
    (tmp_path / "notes.txt").write_text("not a test")
    assert expand_inputs([str(tmp_path)]) == [str(tmp_path / "a.in"), str(tmp_path / "b.in")]


def test_results_come_in_the_order_given(tmp_path: Path) -> None:
    names = []
    for k in range(5):
        path = tmp_path / f"{k}.in"
        path.write_bytes(INPUT if k != 2 else b"2\nWWWWWWWW\n")
        names.append(str(path))
    results = answer_files(names, str(tmp_path / "out"), jobs=2)
    assert [r.source for r in results] == names
    assert [r.ok for r in results] == [True, True, False, True, True]
    assert "expected 2 steps, found only 1" in results[2].message
    assert (tmp_path / "out" / "4.ans").read_text() == "211\n"
