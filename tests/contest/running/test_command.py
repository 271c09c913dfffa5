"""What a run's command means and the words that run it: whatever shape a command has, every process it starts
runs in the sandbox, as the run's uid, in its PID namespace (no shell of the judge's parses it).

The property test builds commands from the shapes a shell command takes (``exec``, pipes, lists, ``&&``,
``||``, backquotes, ``$(...)``, ``$VAR``, ``eval``, here-documents, redirections, subshells, groups, newlines),
each part a probe that reports its uid and PID namespace on stderr, and runs them through the sandbox.
"""

from __future__ import annotations

import os
import shlex
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from downwedig.contest.running import command, sandbox
from downwedig.contest.running.limits import Limits
from downwedig.contest.running.run import run_solution
from downwedig.contest.running.uids import POOL, RUN_UID

from ...conftest import missing_tool

# A probe: one line "probe UID PIDNS" on descriptor 9 (the run's stderr, whatever a shape does to 1 and 2), from
# the process that runs it.
PROBE = 'echo "probe $(id -u) $(readlink /proc/self/ns/pid)" >&9\n'


def _shapes(probe: str) -> st.SearchStrategy[str]:
    """Commands of every shape, each with probes that all run (so that the count of their lines is known)."""
    leaf = st.sampled_from(  # (each one command: a list inside is grouped)
        [
            probe,
            f"exec {probe}",
            f"echo `{probe}` >/dev/null",
            f"echo $({probe}) >/dev/null",
            f'{{ V="{probe}"; $V; }}',
            f"eval '{probe}'",
            f"{{ sh <<EOF\n{probe}\nEOF\n}}",
            f"( {probe} )",
            f"{{ {probe}; }}",
            f"{probe} 2>&1",
            f"{probe} >/dev/null 2>&1",
            f"{probe} </dev/null",
            f"{{ exec 2>/dev/null; {probe}; }}",
            f"{{ exec 2>&1; {probe}; }}",
            f"{{ exec 3>/dev/null; {probe}; }}",
            f"true | {probe}",
            f"{probe} | cat",
            f"{{ false || {probe}; }}",
        ]
    )

    def joined(parts: list[tuple[str, str]]) -> str:
        # (exec ends the shell it runs in: a part before others that execs runs in a subshell of its own)
        last = len(parts) - 1
        return "".join(
            (f"( {part} )" if part.startswith("exec ") and index < last else part) + (separator if index < last else "")
            for index, (part, separator) in enumerate(parts)
        )

    separator = st.sampled_from([" ; ", " && ", "\n", " | "])
    return st.lists(st.tuples(leaf, separator), min_size=1, max_size=4).map(lambda parts: "exec 9>&2; " + joined(parts))


@pytest.fixture(scope="module")
def probe(tmp_path_factory: pytest.TempPathFactory) -> str:
    folder = tmp_path_factory.mktemp("probe")
    script = folder / "probe.sh"
    script.write_text(PROBE)
    return f"sh {shlex.quote(str(script))}"


def _boxed() -> None:
    os.environ.pop(sandbox.CHOICE, None)
    found = sandbox.sandbox()
    if isinstance(found, sandbox.NoSandbox):
        missing_tool(f"needs bubblewrap (apt-get install bubblewrap): {found.reason}")


@pytest.mark.parametrize("isolation", ["auto", "process-group"])
def test_every_process_of_any_command_runs_in_the_sandbox(
    probe: str, isolation: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    _boxed()
    monkeypatch.setenv("DOWNWEDIG_ISOLATION", isolation)
    judge_namespace = os.readlink("/proc/self/ns/pid")

    @settings(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
    @given(_shapes(probe))
    def check(shape: str) -> None:
        run = run_solution(shape, b"", Limits(cpu_s=5, memory_mib=256), timeout=30)
        lines = [line.split() for line in (run.stdout + run.stderr).decode().splitlines() if line.startswith("probe")]
        assert len(lines) == shape.count(probe), (shape, run)
        for _, uid, namespace in lines:
            assert namespace != judge_namespace, (shape, run)
            if os.geteuid() == 0:
                assert RUN_UID <= int(uid) < RUN_UID + POOL, (shape, run)

    check()


def test_a_command_of_one_program_is_its_own_words_and_any_other_a_shell_s_argument() -> None:
    python = shlex.quote(sys.executable)
    assert command.run_words(f"{python} -c 'print(2)'") == [sys.executable, "-c", "print(2)"]
    for text in (
        "exec cat | sort",
        "echo `id -u`",
        "echo $HOME",
        "a=1 cat",
        "exec 2>/dev/null; cat",
        "cat # x",
        "echo ~",
        "ls *",
        "cat\nsort",
        "eval cat",
        "cd /; cat",
    ):
        assert command.simple_words(text) is None, text
        assert command.run_words(text) == ["/bin/sh", "-c", "--", text], text
    # A command that starts like an option is a command still, never the shell's option.
    assert run_solution("-x", b"", Limits()).returncode == 127


def test_the_limit_script_holds_no_word_of_the_command(tmp_path: Path) -> None:
    # Its text is the limits' alone: the command comes after it, as arguments, whatever it holds.
    script = command.limit_script(Limits(cpu_s=2, memory_mib=64), memory_per_process=True, close=3)
    assert script.splitlines()[0] == "exec 3>&-" and script.endswith('exec "$@"')
    marker = tmp_path / "ran"
    hostile = f"; touch {marker}; `touch {marker}`"
    run = run_solution(f"echo {shlex.quote(hostile)}", b"", Limits(cpu_s=2, memory_mib=64))
    assert run.stdout.decode().strip() == hostile and not marker.exists()
