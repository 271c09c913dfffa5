"""The testlib programs, built with g++: gen.cpp makes ``downwedig gen``'s bytes, the validator and the checker
agree with ``downwedig validate`` and ``downwedig check``."""

from __future__ import annotations

import shlex
import subprocess
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from downwedig import answer, parse
from downwedig.contest.generating.plan import FileTest, input_of, load_plan
from downwedig.contest.generating.registry import all_families, generate, to_text
from downwedig.contest.generating.validate import validate
from downwedig.contest.judging.check import check
from downwedig.contest.shipping.cases import INVALID_INPUTS, INVALID_OUTPUTS, VALID_OUTPUTS
from downwedig.contest.shipping.testlib import PROGRAMS, find_header, header_version, source
from downwedig.errors import CommandError, InvalidStaircase
from downwedig.staircase import MAX_N

from ...conftest import EXAMPLES, ROOT, SAMPLE, only_thorough, run_cli
from ...strategies import cases, examples, staircases

FAMILIES = sorted(set(all_families()) - {"max"})


def gen(binary: Path, *words: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([str(binary), *words], capture_output=True, timeout=60)


# ---- gen.cpp ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("family", "n", "seed"), cases(FAMILIES, (1, 2, 9, 50, 700), (0, 1, -7, 2**70)))
def test_gen_makes_the_bytes_of_downwedig_gen_for_every_family(gen_cpp: Path, family: str, n: int, seed: int) -> None:
    made = gen(gen_cpp, family, "--n", str(n), "--seed", str(seed))
    assert made.returncode == 0, made.stderr
    assert made.stdout == to_text(generate(family, n, seed)).encode()


@pytest.mark.parametrize("kind", ["equal", "cycles", "stutter", "random"])
def test_gen_makes_max_at_the_judges_limit_whatever_n(gen_cpp: Path, kind: str) -> None:
    made = gen(gen_cpp, "max", "--kind", kind, "--n", "3", "--seed", "5")
    assert made.stdout == to_text(generate("max", 3, 5, kind=kind)).encode()
    assert made.stdout.startswith(f"{MAX_N}\n".encode()) and b"--n 3 is ignored" in made.stderr


def _integer_text(value: int, form: int) -> str:
    """``value`` as Python's int() reads it, in one of several spellings."""
    return [str(value), f"+{value}" if value >= 0 else str(value), f" {value}\t", f"{value:_}", f"00{value}"][form]


@st.composite
def gen_words(draw: st.DrawFn) -> list[str]:
    """The arguments of a ``gen`` line: any family but max, n, seed and its options, valid or not, spelled
    as a person or a plan may spell them (``--x=1``, ``+3``, ``0_5``, ``30%``, ``0.25``, ``1e-1``)."""
    family = draw(st.sampled_from(FAMILIES))
    words = [family, "--n", str(draw(st.integers(1, 400))), "--seed", str(draw(st.integers(-(2**80), 2**80)))]
    for option in all_families()[family].options:
        if draw(st.booleans()):
            continue
        if option.name == "red":
            den = draw(st.integers(1, 300))
            num = draw(st.integers(0, den + 1))
            value = draw(
                st.sampled_from(
                    [f"{num}/{den}", f"{100 * num / den:.2f}%", f"{num / den:.3f}", f"{num}e-{len(str(den))}", "1/0"]
                )
            )
        elif option.name == "row":
            value = "".join(draw(st.lists(st.sampled_from("WWRRw"), min_size=7, max_size=9)))
        else:
            value = _integer_text(draw(st.integers(-2, 300)), draw(st.integers(0, 4)))
        if draw(st.booleans()):
            words.append(f"{option.flag}={value}")
        else:
            words += [option.flag, value]
    return words


@examples(300)
@given(gen_words())
def test_gen_agrees_with_downwedig_gen_on_any_arguments(gen_cpp: Path, words: list[str]) -> None:
    expected = run_cli("gen", *words)
    made = gen(gen_cpp, *words)
    assert (made.returncode, made.stdout) == (expected.status, expected.stdout), (words, made.stderr, expected.stderr)


@pytest.mark.parametrize(
    "words",
    [
        [],
        ["bogus"],
        ["random", "--n", "0"],
        ["random", "--n", "300001"],
        ["random", "--n", "x"],
        ["random", "--bogus", "1"],
        ["random", "--red", "3/2"],
        ["random", "--red"],
        ["random", "--red", "1/99999999999999999999"],
        ["equal", "--row", "WWWW"],
        ["palette", "--k", "0"],
        ["neighbours", "--d", "9"],
        ["max", "--kind", "max"],
        ["max", "--kind", "bogus"],
        ["seesaw", "--length", "0"],
    ],
)
def test_gen_refuses_what_downwedig_gen_refuses(gen_cpp: Path, words: list[str]) -> None:
    made = gen(gen_cpp, *words)
    assert made.returncode == 2 and made.stdout == b"" and made.stderr.startswith(b"gen: error: ")
    assert run_cli("gen", *words).status != 0


def plan_lines(spec: str, largest: int) -> list[list[str]]:
    """The generated tests of a plan, as gen's arguments (its line after the name), up to ``largest`` steps."""
    tests = [t for t in load_plan(spec) if not isinstance(t, FileTest) and t.steps <= largest]
    return [shlex.split(t.command)[2:] for t in tests]


@pytest.mark.parametrize("spec", ["small", "full"])
def test_gen_makes_every_test_of_the_plans(gen_cpp: Path, spec: str) -> None:
    if spec == "full":
        only_thorough("the full plan's eight tests of n = 300,000 in Python: some 14 s")
    plan = load_plan(spec)
    assert not [t for t in plan if isinstance(t, FileTest)]  # (every built-in test is generated)
    for test in plan:
        words = shlex.split(test.command)[2:]
        assert gen(gen_cpp, *words).stdout == input_of(test), test.name


# ---- validator.cpp ------------------------------------------------------------------------------


def validator(programs: dict[str, Path], data: bytes, *options: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([str(programs["validator"]), *options], input=data, capture_output=True, timeout=60)


def python_valid(data: bytes) -> bool:
    try:
        validate(data)
    except InvalidStaircase:
        return False
    return True


@pytest.mark.parametrize("spec", ["small", "full"])
def test_the_validator_accepts_every_test_of_the_plans(testlib_programs: dict[str, Path], spec: str) -> None:
    if spec == "full":
        only_thorough("the full plan's eight tests of n = 300,000 in Python: some 14 s")
    for test in load_plan(spec):
        result = validator(testlib_programs, input_of(test))
        assert result.returncode == 0, (test.name, result.stderr)


def test_the_validator_refuses_every_invalid_case(testlib_programs: dict[str, Path]) -> None:
    bad = {name: data for name, data in INVALID_INPUTS.items()}
    # testlib's readers take the byte 0xff for the end of the file: the validator must not.
    bad |= {"0xff-at-end": b"1\nWWWWWWWW\n\xff", "0xff-then-more": b"1\nWWWWWWWW\n\xffRR\n", "bom": b"\xef\xbb\xbf1\n"}
    bad |= {path.name: path.read_bytes() for path in (ROOT / "tests/data/validate/bad").glob("*.in")}
    for name, data in bad.items():
        assert not python_valid(data), name
        result = validator(testlib_programs, data)
        assert result.returncode == 3 and result.stderr.startswith(b"FAIL "), (name, result.stderr)
    for path in [*(ROOT / "tests/data/validate/good").glob("*.in"), SAMPLE, EXAMPLES / "explain.in"]:
        assert validator(testlib_programs, path.read_bytes()).returncode == 0, path.name


@st.composite
def edited_inputs(draw: st.DrawFn) -> bytes:
    """A valid input with a few bytes replaced, inserted or deleted (bytes a validator must judge)."""
    data = bytearray(draw(staircases(max_n=12)).to_text().encode())
    for _ in range(draw(st.integers(0, 3))):
        at = draw(st.integers(0, len(data)))
        byte = draw(st.sampled_from(b"WR\n\r 0123-+\t\xef\xff\x00w"))
        what = draw(st.sampled_from(["replace", "insert", "delete"]))
        if what == "insert" or at == len(data):
            data.insert(at, byte)
        elif what == "replace":
            data[at] = byte
        else:
            del data[at]
    return bytes(data)


@examples(300)
@given(edited_inputs())
def test_the_validator_agrees_with_downwedig_validate(testlib_programs: dict[str, Path], data: bytes) -> None:
    assert (validator(testlib_programs, data).returncode == 0) == python_valid(data), data


def test_the_validator_names_the_bound_for_polygons_statistics(
    testlib_programs: dict[str, Path], tmp_path: Path
) -> None:
    log = tmp_path / "overview.log"
    for n, hit in ((1, "min-value-hit"), (MAX_N, "max-value-hit")):
        data = to_text(generate("equal", n, 0)).encode()
        assert validator(testlib_programs, data, "--testOverviewLogFileName", str(log)).returncode == 0
        lines = log.read_text().splitlines()
        assert f'"n": {hit}' in lines and 'constant-bounds "n": 1 300000' in lines


# ---- checker.cpp --------------------------------------------------------------------------------


def checker(programs: dict[str, Path], folder: Path, data: bytes, output: bytes, answer_data: bytes) -> tuple[int, str]:
    """The checker's exit status and its words (stderr), as testlib writes them."""
    for name, content in (("input", data), ("output", output), ("answer", answer_data)):
        (folder / name).write_bytes(content)
    command = [str(programs["checker"]), *(str(folder / name) for name in ("input", "output", "answer"))]
    result = subprocess.run(command, capture_output=True, timeout=60)
    return result.returncode, result.stderr.decode("utf-8", "replace").strip()


def python_checker(data: bytes, output: bytes, answer_data: bytes) -> tuple[int, str]:
    """``downwedig check``'s status and words, with testlib's prefix for a wrong output format (no colon)."""
    found = check(data, output, answer_data)
    return found.status, found.message.replace("wrong output format: ", "wrong output format ", 1)


def test_the_checker_agrees_with_downwedig_check_on_the_output_cases(
    testlib_programs: dict[str, Path], tmp_path: Path
) -> None:
    data = SAMPLE.read_bytes()
    right = (answer(parse(data)) + "\n").encode()
    statuses = set()
    for name, output in {**VALID_OUTPUTS, **INVALID_OUTPUTS}.items():
        found = checker(testlib_programs, tmp_path, data, output, right)
        assert found == python_checker(data, output, right), name
        statuses.add(found[0])
    assert statuses == {0, 1, 2}  # (ok, wrong answer, wrong output format: each case is one of them)


def test_the_checker_fails_on_a_bad_answer_file(testlib_programs: dict[str, Path], tmp_path: Path) -> None:
    data = SAMPLE.read_bytes()
    for bad in (b"21111222221\n", b"2111122222x2\n", b""):
        found = checker(testlib_programs, tmp_path, data, b"211112222212\n", bad)
        assert found == python_checker(data, b"211112222212\n", bad)
        assert found[0] == 3 and found[1].startswith("FAIL invalid answer file: ")


@st.composite
def outputs(draw: st.DrawFn) -> tuple[bytes, bytes]:
    """A staircase's input and an output for it: its answer with a few days flipped, bytes edited or blanks added."""
    staircase = draw(staircases(max_n=40))
    digits = bytearray(answer(staircase).encode())
    for _ in range(draw(st.integers(0, 3))):
        at = draw(st.integers(0, len(digits)))
        what = draw(st.sampled_from(["flip", "insert", "delete"]))
        if what == "flip" and at < len(digits):
            digits[at] ^= ord("1") ^ ord("2")
        elif what == "insert":
            digits.insert(at, draw(st.sampled_from(b"12 \t\r\n0x\xff\x00")))
        elif at < len(digits):
            del digits[at]
    tail = draw(st.sampled_from([b"", b"\n", b"\r\n", b" \t\n\n", b"\n1", b" x"]))
    return staircase.to_text().encode(), bytes(digits) + tail


@examples(300)
@given(outputs())
def test_the_checker_agrees_with_downwedig_check_on_any_output(
    testlib_programs: dict[str, Path], tmp_path_factory: pytest.TempPathFactory, case: tuple[bytes, bytes]
) -> None:
    data, output = case
    right = (answer(parse(data)) + "\n").encode()
    folder = tmp_path_factory.mktemp("check", numbered=True)
    assert checker(testlib_programs, folder, data, output, right) == python_checker(data, output, right), output


# ---- the sources and testlib.h ------------------------------------------------------------------


def test_each_program_says_what_it_is_and_testlib_is_found_or_named() -> None:
    for name in PROGRAMS:
        assert source(name).startswith(b"// Down We Dig (NERC 2020, problem D): the ")
    with pytest.raises(KeyError, match=r"no testlib program 'solution\.cpp'"):
        source("solution.cpp")
    try:
        header = find_header().read_bytes()
    except CommandError as exc:
        assert "pip install 'downwedig[judge]'" in str(exc)
    else:
        # The release as MikeMirzayanov/testlib tags it, with testlib's own exit codes (not a judge's patch).
        assert header_version(header) == "0.9.44" and b"#       define WA_EXIT_CODE 1\n" in header
