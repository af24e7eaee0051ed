#!/usr/bin/env python3
"""The wheel's manylinux platform tag for a Linux binary, from the symbol versions it imports.

    python3 packaging/pypi/platform_tag.py BINARY ARCH   ->   manylinux_2_27_x86_64

A manylinux_X_Y system promises glibc X.Y and, for the C++ runtime every such system ships,
libstdc++ and libgcc_s no older than the policy names (PEP 600 and the manylinux policies that
auditwheel applies). The tag is the oldest policy that has every GLIBC_, GLIBCXX_, CXXABI_ and
GCC_ version the binary imports (`objdump -T`).
"""
import re
import subprocess
import sys

# Per policy (x86_64 and aarch64 name the same versions for these libraries): the newest
# GLIBCXX_, CXXABI_ and GCC_ versions a system of that glibc has.
POLICIES = [
    ((2, 17), (3, 4, 19), (1, 3, 7), (4, 8, 0)),
    ((2, 24), (3, 4, 22), (1, 3, 10), (4, 8, 0)),
    ((2, 26), (3, 4, 22), (1, 3, 10), (4, 8, 0)),
    ((2, 27), (3, 4, 24), (1, 3, 11), (7, 0, 0)),
    ((2, 28), (3, 4, 24), (1, 3, 11), (7, 0, 0)),
    ((2, 31), (3, 4, 28), (1, 3, 12), (7, 0, 0)),
    ((2, 34), (3, 4, 29), (1, 3, 13), (7, 0, 0)),
    ((2, 35), (3, 4, 30), (1, 3, 13), (12, 0, 0)),
    ((2, 36), (3, 4, 30), (1, 3, 13), (12, 0, 0)),
    ((2, 38), (3, 4, 30), (1, 3, 13), (12, 0, 0)),
    ((2, 39), (3, 4, 33), (1, 3, 15), (14, 0, 0)),
]


def newest(symbols, prefix):
    found = [tuple(int(part) for part in version.split("."))
             for version in re.findall(r"\b" + prefix + r"_([0-9]+(?:\.[0-9]+)*)\b", symbols)]
    return max(found) if found else None


def tag(symbols, arch):
    glibc = newest(symbols, "GLIBC")
    if glibc is None:
        raise SystemExit("platform_tag.py: the binary imports no GLIBC_ symbol versions")
    cxx, abi, gcc = newest(symbols, "GLIBCXX"), newest(symbols, "CXXABI"), newest(symbols, "GCC")
    for floor, cxx_max, abi_max, gcc_max in POLICIES:
        if glibc <= floor and (cxx is None or cxx <= cxx_max) and (abi is None or abi <= abi_max) and (gcc is None or gcc <= gcc_max):
            return f"manylinux_{floor[0]}_{floor[1]}_{arch}"
    # Newer than every policy listed: the glibc floor itself.
    return f"manylinux_{glibc[0]}_{glibc[1]}_{arch}"


if __name__ == "__main__":
    if len(sys.argv) != 3:
        raise SystemExit("usage: platform_tag.py BINARY ARCH")
    dump = subprocess.run(["objdump", "-T", sys.argv[1]], check=True, capture_output=True, text=True).stdout
    print(tag(dump, sys.argv[2]))
