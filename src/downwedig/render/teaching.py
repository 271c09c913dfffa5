"""The page's step-through, as data and as the reasons it gives: its words, the code it shows, and why a step is won.

The step-through (``render/teach.js`` and ``render/code.js`` in the page)
solves one day as :mod:`downwedig.explain` does -- from its last step up to
step 1, a step won exactly when one of its moves reaches a lost step -- then
reads every day off the top-down tables ``G_p`` of ``docs/editorial.md``
section 5.  Beside the picture it shows that algorithm as short Python,
:data:`CODE`, which is real code: the tests run it, and it answers as the
reference solver does.  Each reveal lights the line that decides the step
(:func:`deciding_line`) and the learner's guess is answered with the reason
(:func:`why`, the analysis' own
:meth:`~downwedig.explain.DayAnalysis.why`); the page mirrors both functions (the
browser tests compare them on many staircases, and check the reasons against
:func:`downwedig.reference.reference_statuses`).  Cost: O(width) a step.

>>> from downwedig import Staircase
>>> from downwedig.explain import analyse
>>> day = analyse(Staircase.from_rows(["WWWWWWWW", "WWWWWWWW", "RRRRRRRR"]))
>>> why(day, 1), CODE[deciding_line(day, 1) - 1][1].strip()
('1 -> 2: step 2 is lost', 'won[i] = True')
"""

from __future__ import annotations

from ..explain import DayAnalysis

__all__ = ["CODE", "CODE_LINES", "CODE_PARTS", "TEACH_WORDS", "deciding_line", "teach_order", "why"]

#: The code beside the step-through, a line at a time: ``(role, code, comment)``.  A role names the lines the
#: page lights (:data:`CODE_LINES`); ``common(i, j)``, ``mask[p]`` (bit ``d - 1``: the move ``p -> p + d`` is
#: legal) and ``answer`` are the only names it does not define.
CODE: tuple[tuple[str, str, str], ...] = (
    ("", "def solve(k):", "who wins day k?"),
    ("", "    won = {}", "step -> won?"),
    ("", "    for i in range(k, 0, -1):", "from the bottom up"),
    ("ask", "        moves = legal_moves(i, k)", ""),
    ("", "        if not moves:", ""),
    ("none", "            won[i] = False", "no move: lost"),
    ("", "        elif any(not won[j] for j in moves):", ""),
    ("won", "            won[i] = True", "some j is lost"),
    ("", "        else:", ""),
    ("lost", "            won[i] = False", "every j is won"),
    ("", "    return won[1]", "Dina moves first"),
    ("", "", ""),
    ("", "def legal_moves(i, k):", "at most 8 down"),
    ("", "    return [j for j in range(i + 1, k + 1)", ""),
    ("", "            if j - i <= common(i, j)]", ""),
    ("", "", ""),
    ("", "def every_day(n):", "top down: G_p"),
    ("", "    G = [2 - (x & 1) for x in range(256)]", ""),
    ("", "    for p in range(1, n + 1):", ""),
    ("g", "        answer[p] = G[0b11111110]", "day p's window"),
    ("", "        G = [G[T(p, x)] for x in range(256)]", ""),
    ("", "", ""),
    ("", "def T(p, x):", "window p+1 -> p"),
    ("", "    won = mask[p] & ~x != 0", "step p won?"),
    ("", "    return (x << 1 | won) & 255", "its status: bit 0"),
)

#: The 1-based line of each role in :data:`CODE`.
CODE_LINES = {role: number for number, (role, _, _) in enumerate(CODE, 1) if role}

#: The two programs of :data:`CODE`, shown apart: ``(first line, last line, caption)``; the blank line between them
#: is not shown.
CODE_PARTS: tuple[tuple[int, int, str], ...] = (
    (1, 15, "1. One day, bottom-up: what the step-through does (editorial, section 3)"),
    (
        17,
        25,
        "2. Every day, top-down: the tables G_p (editorial, sections 5-6); mask[p] has bit d-1 set when "
        "p -> p+d is a move",
    ),
)

#: The step-through's words: the bottom-up pass, step by step, then the top-down tables G_p.
TEACH_WORDS = {
    "title": "Step through day {day}",
    "question": "Step {step}: won or lost for the player to move there?",
    "question_plain": "Next: step {step}.",
    "reveal": "Reveal",
    "next": "Next step",
    "next_down": "Top-down \u25b6",
    "start": "Start on this day",
    "restart": "Start again",
    "play": "\u25b6 Play",
    "pause": "\u275a\u275a Pause",
    "right": "Right! ",
    "wrong": "Not quite: you said {said}. ",
    "is": "Step {step} is {status} ({why}).",
    "hurry": "Its remoteness is {remoteness} = 1 + {left}: the winner hurries, to the lost step of least remoteness.",
    "hold_out": "Its remoteness is {remoteness} = 1 + {left}: the loser holds out, to the step of greatest remoteness.",
    "no_move_left": "Its remoteness is 0: no move is left.",
    "window": "Step {step} is decided by the window at step {first}: the statuses of steps {first}-{last}, written "
    "as a number, bit 0 (right) for step {first}: {bits}.",
    "window_none": "No step is below it: the window at step {first} holds only steps past the day, which count as "
    "won: {bits}.",
    "cell": "step {step}",
    "absent": "past the day",
    "status_won": "won",
    "status_lost": "lost",
    "score": "Your predictions: {right} right of {asked}.",
    "done": "Step 1 is {status}: {winner} wins day {day}. Next, the same answer read top-down, as the fast "
    "solution reads it.",
    "values_ask": "i = {step}    moves = [{moves}]",
    "values_step": "i = {step}    moves = [{moves}]    {known}  \u2192  won[{step}] = {won}",
    "values_known": "won[{target}] = {won}",
    "values_g": "p = {p}    G[0b{bits}] = {digit}  \u2192  answer[{p}] = {digit}: {winner} wins day {p}",
    "values_separator": ", ",
    "code_label": "The solution as code: the line that decides the step in question is lit",
    "g": "G_{p}: who wins the day for each of the {windows} windows at step {p} (green, Dina; red, Dima). "
    "Outlined: day {p}'s own window, {bits} (step {p} lost, the steps below it past the day): {winner} wins "
    "day {p}, digit {digit} of the answer.",
    "g_lookup": "Dashed: the window at step {p} of day {day}, steps {p}-{last}, dashed in the picture too: {bits}. "
    "G_{p} gives {winner} there, day {day}'s winner: read at any step, day {day}'s own window gives its answer.",
    "grid_columns": "columns: the low {bits} bits, steps {last}..{first}",
    "grid_rows": "rows: the high {bits} bits, steps {last}..{first}",
    "table_step": "step {step}, and the window at step {step} (steps {step}-{last}), where G_{step} is read",
    "read_up": "Read: one day at a time",
    "read_down": "Read: top-down, the tables G_p",
    "yours": " Your program calls step {step} {said}: the first step of this day it gets wrong.",
    "mistake_title": "Your program's mistake",
    "mistake_intro": "Your program says {who} wins day {day} (digit {said}). Step through the day below, predicting "
    "each step: where does it go wrong?",
    "mistake_show": "Show why it is wrong",
    "g_next": "Going down a step, G_{q}(x) = G_{p}(T_{p}(x)): T_{p} turns a window at step {q} into the window at "
    "step {p}, adding step {p}'s status, won when one of its moves ({mask}) meets a lost step of the window.",
    "g_count": "{distinct} distinct tables among G_1..G_{p}. Composing a table costs 256 lookups a step whatever "
    "the input, O(256 n) in all: the solution to write in the contest (editorial, section 6).",
    "g_end": "That is day {day}: G_{day} gives {winner}, as the pass from the bottom found.",
    "g_wide": "(The table has {windows} entries: too many to draw for steps of {width} pieces.)",
    "grid": "G_{p}: Dina wins for {count} of the {windows} windows",
    "cell_title": "window {bits}: {winner} wins",
    "mask_none": "none",
}


def deciding_line(analysis: DayAnalysis, step: int) -> int:
    """The line of :data:`CODE` that decides ``step`` on the analysed day (mirrored in ``render/teach.js``). O(1).

    >>> from downwedig import Staircase
    >>> from downwedig.explain import analyse
    >>> day = analyse(Staircase.from_rows(["WW", "WW"]))
    >>> deciding_line(day, 1) == CODE_LINES["won"], deciding_line(day, 2) == CODE_LINES["none"]
    (True, True)
    """
    if analysis.won[step]:
        return CODE_LINES["won"]
    return CODE_LINES["lost" if analysis.masks[step] else "none"]


def why(analysis: DayAnalysis, step: int) -> str:
    """Why ``step`` is won or lost, in one clause: :meth:`DayAnalysis.why` (mirrored in ``render/teach.js``: what
    ``guess()`` answers). O(width).

    >>> from downwedig import Staircase
    >>> from downwedig.explain import analyse
    >>> why(analyse(Staircase.from_rows(["WW", "WR", "WR"])), 1)
    'every move reaches a won step: 1 -> 2'
    """
    return analysis.why(step)


def teach_order(analysis: DayAnalysis) -> list[dict[str, object]]:
    """What the page's ``teach(day)`` returns: every step from the last up, its status, remoteness and line. O(day).

    >>> from downwedig import Staircase
    >>> from downwedig.explain import analyse
    >>> teach_order(analyse(Staircase.from_rows(["WW", "WW"])))[0]
    {'step': 2, 'status': 'lost', 'remoteness': 0, 'line': 6}
    """
    a = analysis
    return [
        {"step": i, "status": "won" if a.won[i] else "lost", "remoteness": a.remoteness[i], "line": deciding_line(a, i)}
        for i in range(a.day, 0, -1)
    ]
