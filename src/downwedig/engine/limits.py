"""The engine's tunables: the budgets and size limits that tests vary, in one object.

The engine (:mod:`downwedig.engine`) switches between its routes by these
budgets; with the fixed constants kept beside the code they size (the memo's
walk blocks ``_memo.BLOCK``, ``_CREDIT`` and ``_MAX_BLOCKS``, the partners'
``_SHORT`` and ``_FEW``, the composer's ``tables._MAX_PAIRS``, the sweep's
``SETTLE``) they bound its time on crafted inputs and its memory on every
input.  Creating one is O(1).
"""

from __future__ import annotations

__all__ = ["MemoLimits"]


class MemoLimits:
    """The routes' tunables that tests vary (see the module docstring for the fixed ones); the defaults suit
    every input tried.

    Tests pass tiny values to force each route, switch and fallback many times.

    >>> MemoLimits(probe=0).probe, MemoLimits().depth
    (0, 15)
    """

    __slots__ = (
        "backoff",
        "block",
        "checkpoint",
        "deep_depths",
        "depth",
        "flat_states",
        "max_backoff",
        "max_partner_block",
        "max_rows",
        "max_states",
        "max_transitions",
        "memo_budget",
        "memo_bytes",
        "memo_rate",
        "memo_visits",
        "miss_allowance",
        "miss_ratio",
        "partner_block",
        "probe",
        "probe_work",
        "rebuild_depths",
        "unmatched_ratio",
        "visit_rate",
        "walk_budget",
        "walk_ratio",
    )

    def __init__(
        self,
        *,
        probe: int = 512,
        probe_work: int = 2000,
        memo_budget: int = 4000,
        memo_rate: int = 8,
        memo_visits: int = 48,
        visit_rate: int = 2048,
        max_states: int = 32768,
        max_rows: int = 8192,
        depth: int = 15,
        deep_depths: tuple[int, ...] = (32,),
        partner_block: int = 1 << 15,
        max_partner_block: int = 1 << 16,
        checkpoint: int = 1 << 13,
        unmatched_ratio: int = 64,
        walk_budget: int = 1 << 14,
        walk_ratio: int = 4,
        rebuild_depths: tuple[int, ...] = (16, 64, 256),
        backoff: int = 4096,
        max_backoff: int = 1 << 16,
        max_transitions: int = 1 << 17,
        flat_states: int = 1024,
        memo_bytes: int = 1 << 24,
        block: int = 4096,
        miss_ratio: int = 32,
        miss_allowance: int = 512,
    ) -> None:
        if not 1 <= depth <= 15:
            raise ValueError(f"depth must be between 1 and 15 (an offset fits a nibble), got {depth}")
        #: Width 8: the first steps walked lazily; when new tables keep appearing in the
        #: second half (their count times the masks present exceeds probe_work, the
        #: cost of filling their rows), the partners start at once.
        self.probe = probe
        self.probe_work = probe_work
        #: The memo is defeated when, since it was entered, the transitions it computed
        #: exceed memo_budget plus one per memo_rate steps it walked, and the rows it
        #: filled exceed memo_visits plus one per visit_rate steps.
        self.memo_budget = memo_budget
        self.memo_rate = memo_rate
        self.memo_visits = memo_visits
        self.visit_rate = visit_rate
        #: The memo starts afresh past this many tables (all widths) ...
        self.max_states = max_states
        #: ... or this many filled rows (width 8: 2.3 KiB each).
        self.max_rows = max_rows
        #: Partners: the depth of the bit-parallel search (1..15), the deeper ones tried
        #: on the days left, and the days handled at a time (doubling from partner_block
        #: up to max_partner_block: the deeper search is a fixed cost per block).
        self.depth = depth
        self.deep_depths = deep_depths
        self.partner_block = partner_block
        self.max_partner_block = max_partner_block
        #: A block of partners stops at its first unmatched day when more than one day
        #: in unmatched_ratio is, or when walking them up would exceed walk_budget steps
        #: plus one per walk_ratio days; G is rebuilt every checkpoint days (the walks stop
        #: there), and where it cannot be, the memo takes over.
        self.unmatched_ratio = unmatched_ratio
        self.walk_budget = walk_budget
        self.walk_ratio = walk_ratio
        self.checkpoint = checkpoint
        #: The depths at which G is rebuilt from the answers above a step, in turn.
        self.rebuild_depths = rebuild_depths
        #: Steps composed when both routes fail in quick succession (doubling up to max_backoff).
        self.backoff = backoff
        self.max_backoff = max_backoff
        #: Other widths (see downwedig.engine._generic): the memo's dict transitions, flat states
        #: and bytes; the steps fed to it at a time; its allowed misses per step and for bursts.
        self.max_transitions = max_transitions
        self.flat_states = flat_states
        self.memo_bytes = memo_bytes
        self.block = block
        self.miss_ratio = miss_ratio
        self.miss_allowance = miss_allowance

    def __repr__(self) -> str:
        return "MemoLimits(" + ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__) + ")"
