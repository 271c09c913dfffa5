"""Kernel state a run must share neither with the judge nor with other runs: keyrings, and the calls that reach them.

The kernel keeps keys (a user's tokens, Kerberos tickets...) in keyrings.  A
process's *session keyring* is inherited by every process it starts, and each
uid has *user keyrings* that outlive its processes.  So a run started as any
program is would hold the judge's session keyring (it could read the user's
keys, revoke them, add its own), and a run as a uid an earlier run had could
read what that run left in the uid's keyring.  As runc and Docker do:

- :func:`fresh_session_keyring`: the thread that starts a run first joins a
  new, empty, anonymous session keyring, which the run inherits: each run its
  own (``keyctl(KEYCTL_JOIN_SESSION_KEYRING, NULL)``, as runc does for each
  container; the session keyring is a thread's, so the judge's other threads
  keep theirs);
- :func:`seccomp_filter`: the sandbox's seccomp program (bubblewrap's
  ``--seccomp``) refuses ``keyctl``, ``add_key`` and ``request_key`` with
  ``EPERM``, as Docker's default profile does, for every ABI it knows (x86-64
  with its x32 and i386 ones, AArch64 and 32-bit Arm, RISC-V, POWER and
  s390x);
- :func:`clear_keyrings`: as root, the user keyrings of a run's uid emptied
  before the uid is leased again (:mod:`~downwedig.contest.running.uids`).

And a process the judge starts must not outlive it: :func:`dying_with_judge`
gives a command a parent-death signal (``setpriv --pdeathsig KILL``), for what
bubblewrap's own ``--die-with-parent`` does not cover (GNU time between the
judge and the sandbox; a sandbox held at its gate, which bubblewrap arms only
once the gate opens, when a judge killed meanwhile is already gone).

Each costs a system call or a few (the filter is made once: about 400 bytes).

>>> len(seccomp_filter()) % 8, seccomp_filter() == seccomp_filter()
(0, True)
"""

from __future__ import annotations

import functools
import os
import platform
import shutil
import struct
import threading

__all__ = [
    "FILTERED",
    "clear_keyrings",
    "dying_with_judge",
    "fresh_session_keyring",
    "keyrings_apart",
    "seccomp_filter",
]

# (struct sock_filter: the operation, two jump offsets, the operand; struct seccomp_data: nr at 0, arch at 4.)
_LOAD_WORD, _JUMP_EQUAL, _RETURN, _AND = 0x20, 0x15, 0x06, 0x54
_NR, _ARCH = 0, 4
_ALLOW, _REFUSE = 0x7FFF0000, 0x00050000 | 1  # SECCOMP_RET_ALLOW; SECCOMP_RET_ERRNO with EPERM
_X32_BIT = 0x40000000

#: The ABIs the filter knows (AUDIT_ARCH_*): add_key, request_key and keyctl in each, and the bits of a system
#: call's number that name it (x86-64's x32 calls carry a bit of their own).
_KEY_CALLS: dict[int, tuple[tuple[int, int, int], int]] = {
    0xC000003E: ((248, 249, 250), 0xFFFFFFFF & ~_X32_BIT),  # x86-64 (and x32)
    0x40000003: ((286, 287, 288), 0xFFFFFFFF),  # i386
    0xC00000B7: ((217, 218, 219), 0xFFFFFFFF),  # AArch64
    0x40000028: ((309, 310, 311), 0xFFFFFFFF),  # 32-bit Arm
    0xC00000F3: ((217, 218, 219), 0xFFFFFFFF),  # RISC-V 64
    0xC0000015: ((269, 270, 271), 0xFFFFFFFF),  # POWER, little-endian
    0x80000016: ((278, 279, 280), 0xFFFFFFFF),  # s390x
}
#: This machine's keyctl and setresuid, by ``platform.machine()``.
_HOST_CALLS = {
    "x86_64": (250, 117),
    "aarch64": (219, 147),
    "riscv64": (219, 147),
    "ppc64le": (271, 164),
    "s390x": (280, 208),
}
#: Whether the filter covers the machine's own ABI (the report says so where it does not).
FILTERED = platform.machine() in _HOST_CALLS
_JOIN_SESSION_KEYRING, _CLEAR = 1, 7
_USER_KEYRING, _USER_SESSION_KEYRING = -4, -5


def _instruction(code: int, k: int, true: int = 0, false: int = 0) -> bytes:
    return struct.pack("=HBBI", code, true, false, k)


@functools.cache
def seccomp_filter() -> bytes:
    """The seccomp program (classic BPF, as bubblewrap's ``--seccomp FD`` reads it) that refuses the keyring calls
    with ``EPERM`` and allows every other call. O(1) after the first call.

    For each ABI: if the call's ABI is this one, load its number (less the
    x32 bit), refuse it if it is one of the three, else allow.  A call of an
    ABI it does not know is allowed.
    """
    program = []
    for arch, (numbers, mask) in _KEY_CALLS.items():
        block = [_instruction(_LOAD_WORD, _NR)]
        if mask != 0xFFFFFFFF:
            block.append(_instruction(_AND, mask))
        refuse_at = len(block) + len(numbers) + 1  # (after the comparisons and the allowing return)
        for number in numbers:
            block.append(_instruction(_JUMP_EQUAL, number, true=refuse_at - len(block) - 1))
        block += [_instruction(_RETURN, _ALLOW), _instruction(_RETURN, _REFUSE)]
        program.append(_instruction(_LOAD_WORD, _ARCH))
        program.append(_instruction(_JUMP_EQUAL, arch, false=len(block)))  # (another ABI: skip this block)
        program += block
    program.append(_instruction(_RETURN, _ALLOW))
    return b"".join(program)


@functools.cache
def _libc() -> object | None:
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.syscall.restype = ctypes.c_long
        return libc
    except (OSError, ImportError):
        return None


def _call(number: int, *args: int | None) -> int:
    libc = _libc()
    if libc is None:
        return -1
    import ctypes

    return int(libc.syscall(ctypes.c_long(number), *(ctypes.c_long(a) if a is not None else None for a in args)))  # type: ignore[attr-defined]


def fresh_session_keyring() -> bool:
    """Make the calling thread's session keyring a new, empty, anonymous one, which what it starts from now on
    inherits; whether that worked (not on other systems, nor where ``keyctl`` is refused). O(1): a system call.
    """
    calls = _HOST_CALLS.get(platform.machine())
    return calls is not None and _call(calls[0], _JOIN_SESSION_KEYRING, None) >= 0


_apart: bool | None = None


def keyrings_apart() -> bool:
    """Whether runs here get a session keyring of their own (tried once, in a thread of its own). O(1) after."""
    global _apart
    if _apart is None:
        found: list[bool] = []
        trial = threading.Thread(target=lambda: found.append(fresh_session_keyring()), name="downwedig-keyring")
        trial.start()
        trial.join()
        _apart = bool(found and found[0])
    return _apart


def clear_keyrings(uid: int) -> None:
    """Empty the user keyrings of ``uid`` (its ``@u`` and ``@us``), what its processes may have left there for a
    later run; the judge must be root.  The calling thread alone takes the uid for the moment (a raw
    ``setresuid``, keeping root as its saved uid), then is root again. O(1): five system calls.
    """
    calls = _HOST_CALLS.get(platform.machine())
    if calls is None or os.geteuid() != 0:
        return
    keyctl, setresuid = calls
    if _call(setresuid, uid, uid, 0) != 0:
        return
    try:
        for ring in (_USER_KEYRING, _USER_SESSION_KEYRING):
            _call(keyctl, _CLEAR, ring)
    finally:
        if _call(setresuid, 0, 0, 0) != 0:  # (cannot happen: the saved uid is root's; never go on as another)
            os._exit(70)


@functools.cache
def _setpriv() -> str | None:
    return shutil.which("setpriv")


def dying_with_judge(argv: list[str]) -> list[str]:
    """``argv``, killed (``SIGKILL``) when the thread that starts it ends, where util-linux's ``setpriv`` is
    installed (no privilege needed); as it is elsewhere. O(1).

    >>> dying_with_judge(["true"])[-1]
    'true'
    """
    setpriv = _setpriv()
    return argv if setpriv is None else [setpriv, "--pdeathsig", "KILL", "--", *argv]
