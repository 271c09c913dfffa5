"""``downwedig play``: whole games through standard input, and on a real terminal (a pseudo-terminal)."""

from __future__ import annotations

import os
import pty
import re
import select
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator

import pytest

from ..conftest import EXPLAIN, Cli, Result, default_signals

ANSI = re.compile(r"\x1b\[[0-9;]*m")


def play(cli: Cli, *args: str, stdin: str) -> Result:
    return cli("play", EXPLAIN, *args, stdin=stdin.encode())


def test_play_a_won_game_through_stdin(cli: Cli) -> None:
    # Day 7: Dina wins by 1 -> 3; Dima holds out with 3 -> 4; Dina finishes with 4 -> 7.
    result = play(cli, "--day", "7", stdin="5\nabc\n3\n7\n")
    assert result.status == 0, result.stderr
    out = result.out
    assert "Not a move: step 5 is 4 steps down from step 1 but shares 2 pieces with it (need 4 <= 2)." in out
    assert "Not a step number: 'abc'." in out
    assert "You move 1 -> 3 (distance 2 <= 4 common pieces)." in out
    assert "Dima moves 3 -> 4 (distance 1 <= 5 common pieces)." in out
    assert "You move 4 -> 7" in out
    assert out.rstrip().endswith("Congratulations, you won! Dima is on step 7 and cannot move.")
    assert "\x1b[" not in out, "no colour when the output is not a terminal"


def test_play_a_lost_game_through_stdin(cli: Cli) -> None:
    # Day 7 again, but Dina opens 1 -> 2 and throws the win away; Dima (2 -> 3, then 5 -> 7) wins.
    result = play(cli, "--day", "7", stdin="2\n?\n5\n")
    assert result.status == 1, "a lost game exits with status 1"
    out = result.out
    assert "Legal moves from step 3: 4, 5, 6." in out
    assert "You lost:" in out
    assert "You went wrong on move 1: from step 1, which you could win, you moved to step 2, where Dima wins." in out
    assert "Moving to step 3 instead would have won." in out


def test_play_as_dima_and_abandoned_games(cli: Cli) -> None:
    result = play(cli, "--day", "4", "--as", "dima", stdin="")
    assert result.status == 1, "Dima loses day 4 whatever he does"
    assert "Dina moves 1 -> 4" in result.out and "Dima had no way to win" in result.out
    abandoned = play(cli, "--day", "9", stdin="3\n")
    assert abandoned.status == 1
    assert abandoned.stderr == "downwedig play: error: no more input: the game was abandoned\n"
    gave_up = play(cli, "--day", "9", stdin="q\n")
    assert gave_up.status == 1 and gave_up.out.rstrip().endswith("You gave up.")
    assert play(cli, "--day", "13", stdin="").status == 2, "a usage error stays 2"


def test_hint_and_undo_through_stdin(cli: Cli) -> None:
    result = play(cli, "--day", "7", stdin="undo\nhint\n2\nhint\nundo\n3\nhint\n7\n")
    assert result.status == 0, result.stderr
    out = result.out
    assert "Nothing to undo: you have not moved yet." in out
    assert "Winning moves from step 1: 3." in out
    # After 1 -> 2 (a mistake) and Dima's 2 -> 3, step 3 is lost for Dina: the hint says so.
    assert "No winning move from step 3: every move reaches a step won for Dima. Holding out longest:" in out
    assert "Took back your last move: the handkerchief is on step 1 again." in out
    assert "Winning moves from step 4: 7." in out
    assert "Congratulations" in out and "went wrong" not in out, "the undone mistake is forgotten"


def test_one_step_is_one_step(cli: Cli) -> None:
    assert play(cli, "--day", "1", stdin="").out.startswith("Day 1: 1 step. You are Dina")


class Terminal:
    """``downwedig play`` on a pseudo-terminal, as a person runs it: it sees a terminal on every stream."""

    def __init__(self, *args: str, env: dict[str, str] | None = None) -> None:
        main, child = pty.openpty()
        environment = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "downwedig", "play", str(EXPLAIN), *args],
            stdin=child,
            stdout=child,
            stderr=child,
            env={**environment, **(env or {})},
            close_fds=True,
        )
        os.close(child)
        self.main = main
        self.seen = b""
        self.typed = 0  # where the output stood when a line was last typed

    def read_until(self, ending: bytes, timeout: float = 60) -> str:
        """What was written since the last line typed, once it (without colour codes) ends with ``ending``."""
        deadline = time.monotonic() + timeout
        while not ANSI.sub("", self.seen[self.typed :].decode("utf-8", "replace")).rstrip().endswith(ending.decode()):
            left = deadline - time.monotonic()
            assert left > 0, f"no {ending!r} in {self.seen[-400:]!r}"
            if select.select([self.main], [], [], left)[0]:
                try:
                    chunk = os.read(self.main, 4096)
                except OSError:  # the child closed the terminal
                    break
                if not chunk:
                    break
                self.seen += chunk
        return self.seen[self.typed :].decode("utf-8", "replace")

    def type(self, line: str) -> None:
        self.typed = len(self.seen)
        os.write(self.main, line.encode() + b"\n")

    def finish(self) -> int:
        """The exit status, once the rest of the output is read."""
        while select.select([self.main], [], [], 10)[0]:
            try:
                chunk = os.read(self.main, 4096)
            except OSError:
                break
            if not chunk:
                break
            self.seen += chunk
        status = self.proc.wait(timeout=60)
        os.close(self.main)
        return status

    def kill(self) -> None:
        """End the game if a test failed before it did."""
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
            os.close(self.main)


@pytest.fixture
def terminal() -> Iterator[Callable[..., Terminal]]:
    """``terminal(*args, env=...)``: ``downwedig play EXPLAIN ARGS`` on a pseudo-terminal (killed after the test)."""
    started: list[Terminal] = []

    def start(*args: str, env: dict[str, str] | None = None) -> Terminal:
        started.append(Terminal(*args, env=env))
        return started[-1]

    yield start
    for term in started:
        term.kill()


PROMPT = b"to step:"


def test_on_a_terminal_the_game_is_coloured_and_hint_undo_and_statuses_work(
    terminal: Callable[..., Terminal],
) -> None:
    term = terminal("--day", "7")
    shown = term.read_until(PROMPT)
    assert "\x1b[31mR" in shown, "red pieces are red"
    assert "\x1b[32m1 down, 7 common: can move here" in shown, "reachable steps are green"
    term.type("hint")
    assert "\x1b[32mWinning moves from step 1: 3." in term.read_until(PROMPT)
    term.type("2")
    term.read_until(PROMPT)
    term.type("undo")
    assert "the handkerchief is on step 1 again" in term.read_until(PROMPT)
    term.type("5")
    assert "\x1b[31mNot a move: step 5 is 4 steps down" in term.read_until(PROMPT), "refusals in red"
    for move in ("3", "7"):
        term.type(move)
        term.read_until(b"cannot move." if move == "7" else PROMPT)
    assert "Congratulations, you won!" in term.seen.decode()
    assert term.finish() == 0, "a won game exits with status 0"


@pytest.mark.parametrize(("moves", "status"), [(["2", "5"], 1), (["q"], 1)])
def test_on_a_terminal_a_lost_or_abandoned_game_exits_1(
    moves: list[str], status: int, terminal: Callable[..., Terminal]
) -> None:
    term = terminal("--day", "7")
    for move in moves:
        term.read_until(PROMPT)
        term.type(move)
    assert term.finish() == status
    assert ("You lost:" if moves != ["q"] else "You gave up.") in ANSI.sub("", term.seen.decode())


def test_no_colour_with_no_color_or_never(terminal: Callable[..., Terminal]) -> None:
    for term in (terminal("--day", "7", env={"NO_COLOR": "1"}), terminal("--day", "7", "--color", "never")):
        shown = term.read_until(PROMPT)
        term.type("q")
        assert term.finish() == 1
        assert "\x1b[" not in shown and "can move here" in shown


def test_ctrl_c_leaves_the_terminal_on_a_fresh_line() -> None:
    with subprocess.Popen(
        [sys.executable, "-m", "downwedig", "play", str(EXPLAIN)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        preexec_fn=default_signals,
    ) as proc:
        assert proc.stdout is not None
        prompt = b""
        while not prompt.endswith(b"to step: "):
            prompt += os.read(proc.stdout.fileno(), 4096)
        proc.send_signal(signal.SIGINT)
        rest, _ = proc.communicate(timeout=60)
    assert proc.returncode == 130
    assert rest == b"\n"


def test_question_mark_lists_the_moves_and_junk_is_answered(cli: Cli) -> None:
    result = cli("play", EXPLAIN, "--day", "7", stdin=b"?\n\xff\nq\n")
    assert result.status == 1
    assert "to step: Legal moves from step 1: 2, 3, 4.\n" in result.out
    assert "Not a step number: '\ufffd'." in result.out
