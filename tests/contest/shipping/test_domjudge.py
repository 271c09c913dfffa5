"""The DOMjudge zip: what DOMjudge's own importer makes of it, and the layout of BAPCtools' zip of the same package."""

from __future__ import annotations

import os
import subprocess
import zipfile
from pathlib import Path

import pytest

from downwedig.contest.generating.plan import read_plan
from downwedig.contest.shipping import destination
from downwedig.contest.shipping.destination import check_zip_destination
from downwedig.contest.shipping.formats import domjudge
from downwedig.contest.shipping.package import Built, write_package, write_zip
from downwedig.contest.shipping.programs.mistakes import MISTAKES
from downwedig.errors import InvalidDestination

from ...conftest import REQUIRE_TOOLS, THOROUGH, Cli, missing_tool, need_tool
from ...domjudge import Refused, import_zip

TINY = "01-equal equal --n 9\n02-random random --n 20\n"


def need_yaml() -> None:
    try:
        import yaml  # noqa: F401
    except ImportError:
        missing_tool("needs PyYAML (DOMjudge's importer reads YAML): pip install -e '.[judge]'")


@pytest.fixture
def built(tmp_path: Path) -> Built:
    return write_package(tmp_path / "downwedig", "2025-09", read_plan(TINY), time_limit=5, strength=False)


def test_domjudge_imports_the_zip_as_the_package_says(
    built: Built, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    need_yaml()
    # (The statement's build is faked here; the thorough test builds it.)
    monkeypatch.setattr(domjudge, "build_pdf", lambda *args: b"%PDF-1.5 fake")
    monkeypatch.setattr(domjudge, "build_html", lambda *args: b"<html></html>")
    monkeypatch.setattr("shutil.which", lambda tool: f"/usr/bin/{tool}")
    target = tmp_path / "anything.zip"
    summary = write_zip(built, target)
    # (With answer_validators/, generators/gen.cpp and generators.yaml, problem_slide/: as bt zip has them.)
    assert summary.startswith("27 files at its root, the statement as problem.pdf and problem.html")
    problem = import_zip(target)
    assert (problem.name, problem.timelimit, problem.externalid, problem.shortname) == (
        "Down We Dig",
        5,
        "downwedig",
        "D",
    )
    assert (problem.types, problem.memlimit_kib, problem.statement) == (["pass-fail"], 512 * 1024, "problem.pdf")
    assert problem.validator_dir == "output_validator/"
    assert (problem.samples, problem.secrets) == (["1"], ["01-equal", "02-random"])
    expected = {
        "submissions/accepted/solution.cpp": ("CORRECT", "cpp"),
        "submissions/accepted/solution.py": ("CORRECT", "python3"),
        "submissions/time_limit_exceeded/slow.py": ("TIMELIMIT", "python3"),
    } | {f"submissions/wrong_answer/{m}.py": ("WRONG-ANSWER", "python3") for m in MISTAKES}
    assert problem.submissions == expected
    with zipfile.ZipFile(target) as archive:
        names = archive.namelist()
        assert names[:3] == ["domjudge-problem.ini", "problem.pdf", "problem.html"]
        assert not [n for n in names if n.startswith(("data/invalid", "data/valid")) or n.endswith("/")]
        assert archive.read("data/secret/02-random.in") == (built.path / "data/secret/02-random.in").read_bytes()
    # The same package gives the same zip.
    again = tmp_path / "again.zip"
    write_zip(built, again)
    assert again.read_bytes() == target.read_bytes()


def test_the_importer_port_refuses_what_domjudge_refuses(tmp_path: Path) -> None:
    need_yaml()
    cases = {
        "nothing": {"data/secret/1.in": b"1\n"},
        "list-type": {"problem.yaml": b"name: X\ntype: [pass-fail]\n"},
        "two-validators": {"problem.yaml": b"name: X\n", "output_validator/a.py": b"", "output_validators/b/b.py": b""},
        "empty-group": {"problem.yaml": b"name: X\n", "data/secret/test_group.yaml": b"# nothing\n"},
    }
    for name, members in cases.items():
        path = tmp_path / f"{name}.zip"
        with zipfile.ZipFile(path, "w") as archive:
            for member, data in members.items():
                archive.writestr(member, data)
        with pytest.raises(Refused):
            import_zip(path)


def test_a_zip_path_is_checked_first(tmp_path: Path) -> None:
    folder = tmp_path / "downwedig"
    with pytest.raises(InvalidDestination, match=r"name it \.zip"):
        check_zip_destination(tmp_path / "p.tar", folder)
    with pytest.raises(InvalidDestination, match="outside the package's folder"):
        check_zip_destination(folder / "p.zip", folder)
    with pytest.raises(InvalidDestination, match="no folder"):
        check_zip_destination(tmp_path / "none" / "p.zip", folder)


def slow() -> None:
    if not (THOROUGH or REQUIRE_TOOLS):
        pytest.skip(
            "slow (the statement built by lualatex and pandoc, and bt zip): runs under HYPOTHESIS_PROFILE=thorough"
        )


def test_package_zip_builds_the_statement_for_domjudge(cli: Cli, tmp_path: Path) -> None:
    slow()
    need_yaml()
    need_tool(["lualatex"], "apt-get install texlive-luatex texlive-latex-extra texlive-fonts-recommended")
    need_tool(["pandoc"], "apt-get install pandoc")
    (tmp_path / "tiny.plan").write_text(TINY)
    result = cli("package", tmp_path / "downwedig", "--tests", tmp_path / "tiny.plan", "--zip", tmp_path / "dj.zip")
    assert result.status == 0, result.stderr
    assert f"package: wrote {tmp_path / 'dj.zip'} for DOMjudge: 28 files at its root" in result.out
    problem = import_zip(tmp_path / "dj.zip")
    assert problem.statement == "problem.pdf" and problem.timelimit == 5
    with zipfile.ZipFile(tmp_path / "dj.zip") as archive:
        pdf, html = archive.read("problem.pdf"), archive.read("problem.html").decode()
    assert pdf.startswith(b"%PDF-") and pdf.rstrip().endswith(b"%%EOF")
    assert "<math" in html and "Notes" in html and "211112222212" in html
    gs = need_tool(["gs"], "apt-get install ghostscript")
    (tmp_path / "problem.pdf").write_bytes(pdf)
    text = subprocess.run(
        [gs, "-q", "-dNOPAUSE", "-dBATCH", "-sDEVICE=txtwrite", "-sOutputFile=-", str(tmp_path / "problem.pdf")],
        capture_output=True,
        timeout=120,
    ).stdout.decode("utf-8", "replace")
    for words in ("Down We Dig", "Time limit: 5 s", "Input", "Output", "Notes", "Sample", "211112222212", "RRRWRRRR"):
        assert words in text, words


def test_the_zip_has_what_bt_zip_has(built: Built, tmp_path: Path) -> None:
    """``bt zip --legacy`` is BAPCtools' zip for DOMjudge (``bt zip`` adds a top folder, which DOMjudge does not
    read): ours holds the same data, programs and statement sources, at the root, in the current format."""
    slow()
    bt = need_tool(["bt"], "pip install -e '.[judge]'")
    need_tool(["lualatex"], "apt-get install texlive-luatex texlive-latex-extra texlive-fonts-recommended")
    env = {**os.environ, "XDG_CONFIG_HOME": str(tmp_path / "config")}
    made = subprocess.run([bt, "zip", "-B", "--legacy"], cwd=built.path, capture_output=True, env=env, timeout=900)
    theirs_path = built.path / "downwedig.zip"
    assert theirs_path.exists(), made.stderr.decode()
    with zipfile.ZipFile(theirs_path) as archive:
        theirs = {n: archive.read(n) for n in archive.namelist() if not n.endswith("/")}
    theirs_path.unlink()
    ours_path = tmp_path / "ours.zip"
    write_zip(built, ours_path)
    with zipfile.ZipFile(ours_path) as archive:
        ours = {n: archive.read(n) for n in archive.namelist()}
    # What bt --legacy renames back to the legacy layout, or adds for it:
    renamed = {
        "output_validators/output_validator/validate.py": "output_validator/validate.py",
        "problem_statement/solution.en.tex": "solution/solution.en.tex",
        "problem_statement/problem-slide.en.tex": "problem_slide/problem-slide.en.tex",
    }
    legacy_only = {".timelimit", "problem.yaml"}  # (ours: the 2025-09 problem.yaml and domjudge-problem.ini)
    # (What bt zip builds and takes besides: the solution's slides and the problem's, and bt generate's .gitignore.)
    legacy_only |= {"solution.pdf", "problem-slide.pdf", ".gitignore"}
    for name, data in theirs.items():
        if name in legacy_only:
            continue
        mine = renamed.get(name, name.replace("problem_statement/", "statement/"))
        assert mine in ours, name
        if name.startswith(("data/", "submissions/", "input_validators/")):
            assert ours[mine] == data, name
    assert (
        theirs[".timelimit"].decode().strip() in ("5", "5.0")
        and "timelimit = 5\n" in ours["domjudge-problem.ini"].decode()
    )
    assert {"problem.pdf", "domjudge-problem.ini", "problem.html", "submissions/submissions.yaml"} <= set(ours)


def test_the_zip_never_replaces_a_file_it_did_not_write(
    built: Built, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(domjudge, "build_pdf", lambda *args: b"%PDF-1.5 fake")
    monkeypatch.setattr(domjudge, "build_html", lambda *args: b"<html></html>")
    theirs = tmp_path / "theirs.zip"
    with zipfile.ZipFile(theirs, "w") as archive:  # a zip someone else made
        archive.writestr("notes.txt", b"mine")
    before = theirs.read_bytes()
    with pytest.raises(InvalidDestination, match="exists"):
        check_zip_destination(theirs, built.path)
    with pytest.raises(InvalidDestination, match="not a zip that 'downwedig package' wrote"):
        check_zip_destination(theirs, built.path, force=True)
    with pytest.raises(InvalidDestination, match="not a zip that 'downwedig package' wrote"):
        write_zip(built, theirs, force=True)
    assert theirs.read_bytes() == before
    # Its own zip is replaced with force, and only with it; nothing temporary is left.
    ours = tmp_path / "ours.zip"
    write_zip(built, ours)
    with pytest.raises(InvalidDestination, match="exists"):
        write_zip(built, ours)
    check_zip_destination(ours, built.path, force=True)
    write_zip(built, ours, force=True)
    comment = zipfile.ZipFile(ours).comment
    assert comment == destination.zip_comment("DOMjudge") == b"made by downwedig package --zip, for DOMjudge"
    # A file that appears while the zip is made is not replaced.
    late = tmp_path / "late.zip"
    members = domjudge.zip_members

    def appearing(root: Path, time_limit: float, statement: dict[str, bytes]) -> list[tuple[str, bytes]]:
        late.write_bytes(b"someone's")
        return members(root, time_limit, statement)

    monkeypatch.setattr(domjudge, "zip_members", appearing)
    with pytest.raises(InvalidDestination, match="exists"):
        write_zip(built, late)
    assert late.read_bytes() == b"someone's"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["downwedig", "late.zip", "ours.zip", "theirs.zip"]
