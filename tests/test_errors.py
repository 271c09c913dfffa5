"""Every user-facing failure is a ValueError that quotes what was wrong."""

from __future__ import annotations

import pytest

from downwedig import errors


@pytest.mark.parametrize(
    ("error", "text"),
    [
        (errors.InvalidStaircase("bad", line=3, column=2, source="t.in"), "t.in:3:2: bad"),
        (errors.InvalidWidth(17, 16), "width must be between 1 and 16, got 17"),
        (errors.InvalidDay(13, 12), "day 13 is not in 1..12"),
        (errors.InvalidStep(0, 5), "step 0 is not in 1..5"),
        (errors.InvalidSteps(3, 40, 12), "steps 3..40 are not within 1..12"),
        (errors.InvalidMask(256, 8), "move mask 256 is outside 0..255 for width 8"),
        (errors.InvalidOption("k", "k must be between 1 and 256, got 0"), "k must be between 1 and 256, got 0"),
        (errors.UnknownFamily("bogus", ["random", "chain"]), "unknown family 'bogus'; known: chain, random"),
        (errors.IllegalMove("step 2 is too far"), "step 2 is too far"),
    ],
)
def test_each_error_is_a_value_error_that_says_what_was_wrong(error: ValueError, text: str) -> None:
    assert isinstance(error, ValueError)
    assert str(error) == text


def test_every_error_class_is_exported() -> None:
    import downwedig

    for name in errors.__all__:
        if name in ("excerpt", "printable"):  # (the functions: how every message quotes what it repeats)
            continue
        assert getattr(downwedig, name) is getattr(errors, name)
        assert name.startswith(("Invalid", "Unknown", "Illegal")) or name in {
            "DownwedigError",
            "UsageError",
            "CommandError",
        }
        assert issubclass(getattr(errors, name), errors.DownwedigError) and getattr(errors, name).exit_status in {1, 2}


def test_the_package_exports_every_name_it_lists() -> None:
    import downwedig

    for name in downwedig.__all__:
        assert getattr(downwedig, name) is not None, name
    assert set(downwedig.__all__) <= set(dir(downwedig))
    with pytest.raises(AttributeError, match="no attribute 'nope'"):
        downwedig.nope  # noqa: B018
