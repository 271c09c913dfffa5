"""The page ``stress --page`` writes: the learner's failing staircase, opened on its first wrong day with the
step-through ready, the mistake asked about before it is explained, and marked on the step the program gets
wrong."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from downwedig import parse, reference_answer
from downwedig.explain import analyse
from downwedig.render.page import PAGE_WORDS
from downwedig.render.teaching import TEACH_WORDS as TW

from ..cli.test_stress import explained
from ..conftest import ROOT, Cli
from .browser import Opened, same_picture


def test_the_stress_page_opens_on_the_first_wrong_day(cli: Cli, tmp_path: Path, opener: Callable[..., Opened]) -> None:
    path, prefix = tmp_path / "mine.html", tmp_path / "fail"
    result = cli("stress", "--solution", ROOT / "examples" / "wrong.py", "--save", prefix, "--page", path)
    assert result.status == 1
    staircase = parse(prefix.with_suffix(".in").read_bytes())
    received = prefix.with_suffix(".received").read_text().strip()
    day = next(k for k, (e, r) in enumerate(zip(reference_answer(staircase), received, strict=True), 1) if e != r)
    page = opener(path, width=400)
    state = page.state()
    assert state["day"] == day and state["teaching"] == {"phase": "up", "step": day}, "the step-through is ready"
    assert page.text("#winner") == PAGE_WORDS["winner_hidden_teach"].format(day=day), "asked, not told"
    who = "Dina" if received[day - 1] == "1" else "Dima"
    assert page.text("#mistake p") == TW["mistake_intro"].format(day=day, said=received[day - 1], who=who)
    assert page.js("document.querySelector('#mistake details').open") is False
    lines = page.js("[...document.querySelectorAll('#mistake details p')].map(p => p.textContent)")
    assert lines == explained(result.out), "the page explains as the command does"
    a = analyse(staircase, day)
    same_picture(page, a, revealed=day + 1, current=day)
    step = int(lines[2].split("at step ")[1].split()[0])  # where the command says the program goes wrong
    for i in range(day, step - 1, -1):  # the learner predicts rightly down to it
        page.click("#guess-won" if a.won[i] else "#guess-lost")
        yours = page.js("(document.querySelector('#teach-says .yours') || {}).textContent || ''")
        wrong = "lost" if a.won[i] else "won"
        assert yours == (TW["yours"].format(step=i, said=wrong) if i == step else ""), f"step {i}"
        if i > step:
            page.click("#teach-next")
