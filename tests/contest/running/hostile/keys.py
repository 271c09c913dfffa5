"""Keyring calls for the tests, by system call (no keyutils needed), as a hostile run or the judge's user makes them.

keys.py plant NAME DATA -- CMD...   join a new session keyring holding the key NAME (DATA), then exec CMD
keys.py find NAME                   print "found DATA" if NAME is in the session or the user keyring, else why not
keys.py store NAME DATA             add the key NAME (DATA) to the user keyring; print "stored" or why not
"""

import ctypes
import os
import platform
import sys

# (add_key, keyctl) by machine.
CALLS = {"x86_64": (248, 250), "aarch64": (217, 219), "riscv64": (217, 219), "ppc64le": (269, 271), "s390x": (278, 280)}
ADD_KEY, KEYCTL = CALLS.get(platform.machine(), (-1, -1))  # (elsewhere: every call fails, ENOSYS)
SESSION, USER = -3, -4
JOIN, SEARCH, READ = 1, 10, 11
libc = ctypes.CDLL(None, use_errno=True)
libc.syscall.restype = ctypes.c_long


def add(name: str, data: str, ring: int) -> str:
    payload = data.encode()
    if libc.syscall(ADD_KEY, b"user", name.encode(), payload, len(payload), ctypes.c_long(ring)) < 0:
        return os.strerror(ctypes.get_errno())
    return "stored"


def find(name: str) -> str:
    for ring in (SESSION, USER):
        key = libc.syscall(KEYCTL, SEARCH, ctypes.c_long(ring), b"user", name.encode(), 0)
        if key >= 0:
            buffer = ctypes.create_string_buffer(256)
            size = libc.syscall(KEYCTL, READ, ctypes.c_long(key), buffer, 256)
            return "found " + buffer.raw[: max(size, 0)].decode(errors="replace")
    return os.strerror(ctypes.get_errno())


def main() -> None:
    if sys.argv[1] == "plant":
        if libc.syscall(KEYCTL, JOIN, b"downwedig-tests") < 0:
            raise OSError(ctypes.get_errno(), "cannot join a session keyring")
        print(add(sys.argv[2], sys.argv[3], SESSION), file=sys.stderr)
        command = sys.argv[sys.argv.index("--") + 1 :]
        os.execvp(command[0], command)
    elif sys.argv[1] == "find":
        print(find(sys.argv[2]))
    elif sys.argv[1] == "store":
        print(add(sys.argv[2], sys.argv[3], USER))


if __name__ == "__main__":  # (a script: pytest imports it for its doctests, with its own argv)
    main()
