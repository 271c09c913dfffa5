"""What the shipping room's tests share: the testlib programs, built once a session with g++."""

from __future__ import annotations

from pathlib import Path

import pytest

from downwedig.contest.shipping.testlib import build, find_header
from downwedig.errors import CommandError

from ...conftest import missing_tool, need_tool


@pytest.fixture(scope="session")
def gen_cpp(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``gen.cpp`` built (it needs no testlib.h)."""
    compiler = need_tool(["g++"], "apt-get install g++")
    return build("gen.cpp", tmp_path_factory.mktemp("gen-cpp"), compiler)


@pytest.fixture(scope="session")
def testlib_programs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """``validator.cpp`` and ``checker.cpp`` built against the installed testlib.h, by name without ``.cpp``."""
    compiler = need_tool(["g++"], "apt-get install g++")
    try:
        find_header()
    except CommandError as exc:
        missing_tool(f"needs testlib.h: {exc}")
    folder = tmp_path_factory.mktemp("testlib")
    return {name.removesuffix(".cpp"): build(name, folder, compiler) for name in ("validator.cpp", "checker.cpp")}
