"""Kernel state of a run's own: the seccomp program that refuses the keyring calls, a session keyring per run, and
what the judge does when it cannot give one."""

from __future__ import annotations

import struct
import threading

import pytest

from downwedig.contest.running import kernel, sandbox
from downwedig.contest.running.limits import Limits
from downwedig.contest.running.run import JudgeFailure, run_solution


def test_the_filter_refuses_the_three_keyring_calls_of_every_abi_it_knows_and_allows_the_rest() -> None:
    program = kernel.seccomp_filter()
    instructions = [struct.unpack("=HBBI", program[i : i + 8]) for i in range(0, len(program), 8)]
    assert instructions[-1] == (0x06, 0, 0, 0x7FFF0000)  # (an ABI it does not know: allowed)
    compared = {k for code, _, _, k in instructions if code == 0x15}
    for arch, (numbers, _) in kernel._KEY_CALLS.items():
        assert arch in compared and set(numbers) <= compared
    refusals = [k for code, _, _, k in instructions if code == 0x06 and k != 0x7FFF0000]
    assert refusals == [0x00050001] * len(kernel._KEY_CALLS)  # (EPERM, as Docker's profile)


def test_each_thread_that_starts_runs_gets_a_keyring_of_its_own() -> None:
    if not kernel.keyrings_apart():
        pytest.skip("keyctl is refused here (a container's own filter?): no session keyring can be made")
    found: list[bool] = []
    threads = [threading.Thread(target=lambda: found.append(kernel.fresh_session_keyring())) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert found == [True, True, True]


def test_a_run_that_cannot_get_a_keyring_of_its_own_is_the_judge_s_failure(monkeypatch: pytest.MonkeyPatch) -> None:
    # Without the sandbox's filter, a run in the judge's session keyring could read the user's keys: FAIL, not run.
    monkeypatch.setenv(sandbox.CHOICE, "none")
    monkeypatch.setattr(kernel, "keyrings_apart", lambda: True)
    monkeypatch.setattr(kernel, "fresh_session_keyring", lambda: False)
    with pytest.raises(JudgeFailure, match="session keyring of its own"):
        run_solution("echo 2", b"", Limits())
