"""A package's solution as the judge runs it: Python by its interpreter, C and C++ compiled in the sandbox (the
compiler is a run: a package's source is not the judge's, and its ``#include`` reads files)."""

from __future__ import annotations

from pathlib import Path

import pytest

from downwedig.contest.judging.languages import NotRunnable, command_for
from downwedig.contest.running import sandbox
from downwedig.contest.running.limits import Limits
from downwedig.contest.running.run import run_solution

from ...conftest import SAMPLE, need_tool

ECHO_N = '#include <stdio.h>\nint main(void) { int n; if (scanf("%d", &n) != 1) return 1; printf("%d\\n", n); }\n'


@pytest.mark.parametrize("mode", ["auto", "none"])
@pytest.mark.parametrize(("name", "compiler"), [("echo.c", "gcc"), ("echo.cpp", "g++")])
def test_a_c_or_cpp_solution_is_compiled_then_run(
    name: str, compiler: str, mode: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    need_tool([compiler], f"apt-get install {compiler}")
    monkeypatch.setenv(sandbox.CHOICE, mode)
    source = tmp_path / name
    source.write_text(ECHO_N)
    command = command_for(source, None, tmp_path / "build")
    assert Path(command).parent == tmp_path / "build" and Path(command).stat().st_mode & 0o111
    assert run_solution(command, SAMPLE, Limits(cpu_s=2, memory_mib=256)).stdout == b"12\n"


def test_a_compilation_error_names_the_line(tmp_path: Path) -> None:
    need_tool(["g++"], "apt-get install g++")
    source = tmp_path / "broken.cpp"
    source.write_text("int main() {\n  return x;\n}\n")
    with pytest.raises(NotRunnable, match=r"does not compile: broken.cpp:2:10: error: .x. was not declared"):
        command_for(source, None, tmp_path / "build")


def test_the_compiler_reads_nothing_of_the_judge_s(boxed: None, tmp_path: Path) -> None:
    # (A package's source that includes the judge's answer: outside the box's view, the compiler cannot read it.)
    need_tool(["g++"], "apt-get install g++")
    secret = tmp_path / "secret.h"
    secret.write_text("int answer = 42;\n")
    source = tmp_path / "peek.cpp"
    source.write_text(f'#include "{secret}"\nint main() {{ return answer; }}\n')
    with pytest.raises(NotRunnable, match="No such file or directory"):
        command_for(source, None, tmp_path / "build")


def test_what_is_not_python_c_or_cpp_is_not_run(tmp_path: Path) -> None:
    (tmp_path / "Main.java").write_text("class Main {}\n")
    with pytest.raises(NotRunnable, match=r"a \.java file: only Python, C and C"):
        command_for(tmp_path / "Main.java", None, tmp_path)
    with pytest.raises(NotRunnable, match="a folder of files"):
        command_for(tmp_path, None, tmp_path)
