"""``downwedig play``: a whole game driven through standard input."""

from __future__ import annotations

from ..conftest import EXPLAIN, Cli, Result


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


def test_play_a_lost_game_through_stdin(cli: Cli) -> None:
    # Day 7 again, but Dina opens 1 -> 2 and throws the win away; Dima (2 -> 3, then 5 -> 7) wins.
    result = play(cli, "--day", "7", stdin="2\n?\n5\n")
    assert result.status == 0, result.stderr
    out = result.out
    assert "Legal moves from step 3: 4, 5, 6." in out
    assert "You lost:" in out
    assert "You went wrong on move 1: from step 1, which you could win, you moved to step 2, where Dima wins." in out
    assert "Moving to step 3 instead would have won." in out


def test_play_as_dima_and_abandoned_games(cli: Cli) -> None:
    result = play(cli, "--day", "4", "--as", "dima", stdin="")
    assert result.status == 0, result.stderr
    assert "Dina moves 1 -> 4" in result.out and "Dima had no way to win" in result.out
    abandoned = play(cli, "--day", "9", stdin="3\n")
    assert abandoned.status == 1
    assert abandoned.stderr == "downwedig: error: no more input: the game was abandoned\n"
    assert play(cli, "--day", "9", stdin="q\n").out.rstrip().endswith("You gave up.")
    assert play(cli, "--day", "13", stdin="").status == 2


def test_ctrl_c_leaves_the_terminal_on_a_fresh_line() -> None:
    import os
    import signal
    import subprocess
    import sys

    with subprocess.Popen(
        [sys.executable, "-m", "downwedig", "play", str(EXPLAIN)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
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
    assert result.status == 0
    assert "to step: Legal moves from step 1: 2, 3, 4.\n" in result.out
    assert "Not a step number: '\ufffd'." in result.out
