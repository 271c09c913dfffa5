"""The package's C++ solution: compiled as judges do, it answers as the engine does, on any stack."""

from __future__ import annotations

import shlex
import subprocess
from pathlib import Path

import pytest
from hypothesis import given

from downwedig import answer, parse
from downwedig.contest.generating.registry import all_families, generate, to_text
from downwedig.contest.shipping.formats import resource
from downwedig.contest.shipping.timing import CXX
from downwedig.staircase import Staircase

from ...conftest import need_tool
from ...strategies import cases, examples, staircases


@pytest.fixture(scope="module")
def binary(tmp_path_factory: pytest.TempPathFactory) -> Path:
    compiler = need_tool(["g++"], "apt-get install g++")
    folder = tmp_path_factory.mktemp("cpp")
    (folder / "solution.cpp").write_bytes(resource("programs", "solution.cpp"))
    built = subprocess.run(
        [
            compiler,
            *CXX[1:],
            "-Wall",
            "-Wextra",
            "-Werror",
            "-o",
            str(folder / "solution"),
            str(folder / "solution.cpp"),
        ],
        capture_output=True,
        timeout=300,
    )
    assert built.returncode == 0, built.stderr.decode()
    return folder / "solution"


def run(binary: Path, data: bytes, stack_kib: int | None = None) -> subprocess.CompletedProcess[bytes]:
    command = shlex.quote(str(binary))
    if stack_kib is not None:
        command = f"ulimit -s {stack_kib}; exec {command}"
    return subprocess.run(["/bin/sh", "-c", command], input=data, capture_output=True, timeout=60)


def test_it_answers_every_family_like_the_engine(binary: Path) -> None:
    families = sorted(set(all_families()) - {"max"})
    for family, n in cases(families, (1, 2, 9, 10, 300)):  # (each family at every size under thorough)
        data = to_text(generate(family, n, seed=families.index(family))).encode()
        result = run(binary, data)
        assert (result.returncode, result.stdout.decode()) == (0, answer(parse(data)) + "\n"), (family, n)


@examples(100)
@given(staircases(max_n=60))
def test_it_answers_any_staircase_like_the_engine(binary: Path, staircase: Staircase) -> None:
    assert run(binary, staircase.to_text().encode()).stdout.decode() == answer(staircase) + "\n"


def test_it_needs_no_stack_at_the_largest_n(binary: Path) -> None:
    # The memoised recursion of the usual solution goes about n deep on this family and overflows 8 MB.
    data = to_text(generate("max", 1, seed=40, kind="stutter")).encode()
    result = run(binary, data, stack_kib=256)
    assert result.returncode == 0 and result.stdout.decode() == answer(parse(data)) + "\n"
