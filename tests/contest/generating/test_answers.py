"""Answer files for many inputs: where they go, and a bad input that does not stop the others."""

from __future__ import annotations

from pathlib import Path

from downwedig.contest.generating.answers import answer_files, expand_inputs, target_path

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


def test_an_input_is_never_overwritten_and_answers_are_never_shared(tmp_path: Path) -> None:
    (tmp_path / "b.ans").write_bytes(INPUT)
    (tmp_path / "x.in").write_bytes(INPUT)
    (tmp_path / "x.txt").write_bytes(b"1\nWWWWWWWW\n")
    names = [str(tmp_path / n) for n in ("b.ans", "x.in", "x.txt")]
    results = answer_files(names, jobs=1)
    assert [r.ok for r in results] == [False, False, False]
    assert "would overwrite it" in results[0].message
    assert "would be the answer of" in results[1].message and "x.txt" in results[1].message
    assert (tmp_path / "b.ans").read_bytes() == INPUT and not (tmp_path / "x.ans").exists()


def test_folders_are_listed_in_natural_order_and_out_suffix(tmp_path: Path) -> None:
    for name in ("m10.in", "m2.in", "m1.in"):
        (tmp_path / name).write_bytes(INPUT)
    sources = expand_inputs([str(tmp_path)])
    assert [Path(s).name for s in sources] == ["m1.in", "m2.in", "m10.in"]
    results = answer_files(sources, suffix=".out", jobs=1)
    assert all(r.ok for r in results) and (tmp_path / "m10.out").read_text() == "211\n"


def test_something_other_than_a_file_is_refused_without_reading_it(tmp_path: Path) -> None:
    import os

    fifo = tmp_path / "pipe.in"
    os.mkfifo(fifo)
    (result,) = answer_files([str(fifo)], jobs=1)
    assert not result.ok and "not a regular file" in result.message
