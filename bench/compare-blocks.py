#!/usr/bin/env python3
"""Where two builds' instruction counts differ, instruction by instruction.

bench/count.sh says *that* a build runs more instructions; this says
*which*. Both builds run the same Forth program the same way, so every
piece of the inner loop runs the same number of times in each: the
instructions are grouped by how many times they ran, and a group that
holds more instructions in one build is where the difference lies. Its
instructions are shown (objdump), so a real change (a register spilled, a
check added) is told from code layout (an alignment `nop` in front of a
loop head that the block before it now falls into).

    bench/compare-blocks.py OLD-BINARY NEW-BINARY [BENCHMARK]

BENCHMARK is a gforth benchmark's name (siev, bubble, matrix, fib; the
default is fib) or a Forth file. Needs valgrind and objdump; each run is
callgrind's, a minute or so.
"""
import collections
import os
import re
import subprocess
import sys
import tempfile

GFORTH_BENCH = os.environ.get("GFORTH_BENCH_DIR", "/usr/share/gforth/0.7.3")


def callgrind(binary, program, out):
    """Run `binary` on `program` under callgrind, per instruction."""
    subprocess.run(
        ["valgrind", "--tool=callgrind", "--dump-instr=yes",
         f"--callgrind-out-file={out}", binary, "-e", f"include {program} main bye"],
        check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def counts(path, binary):
    """Instructions executed in `binary` itself: address -> times run."""
    me = os.path.realpath(binary)
    names, found = {}, collections.Counter()
    obj, fn, addr, after_call = "", "", 0, False
    for line in open(path, encoding="utf-8", errors="replace"):
        line = line.rstrip("\n")
        m = re.match(r"(ob|fn|cfn|cob)=\((\d+)\)(?: (.*))?$", line)
        if m:
            kind, key, name = m.groups()
            table = names.setdefault(kind.lstrip("c"), {})
            if name:
                table[key] = name
            if kind == "ob":
                obj = table.get(key, "")
            elif kind == "fn":
                fn = table.get(key, "")
            continue
        if line.startswith("calls="):
            after_call = True
            continue
        if not line or line[0] not in "0123456789+-*":
            continue
        parts = line.split()
        a = parts[0]
        if a.startswith(("+", "-")):
            step = int(a[1:], 0)
            addr += step if a[0] == "+" else -step
        elif a != "*":
            addr = int(a, 0)
        if after_call:
            after_call = False
            continue
        if len(parts) >= 3 and os.path.realpath(obj) == me and fn:
            found[addr] += int(parts[2])
    return found


def disassemble(binary, addrs):
    """The instructions at `addrs`, as objdump prints them."""
    text = {}
    lo, hi = min(addrs), max(addrs) + 16
    out = subprocess.run(
        ["objdump", "-d", "--no-show-raw-insn", f"--start-address={lo}",
         f"--stop-address={hi}", binary],
        check=True, capture_output=True, text=True).stdout
    for line in out.splitlines():
        m = re.match(r"\s*([0-9a-f]+):\s*(.*)", line)
        if m and int(m.group(1), 16) in addrs:
            text[int(m.group(1), 16)] = re.sub(r"\s+<.*", "", m.group(2))
    return [f"    {a:#x}  {text.get(a, '?')}" for a in sorted(addrs)]


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    old, new = sys.argv[1], sys.argv[2]
    bench = sys.argv[3] if len(sys.argv) > 3 else "fib"
    program = bench if os.path.exists(bench) else f"{GFORTH_BENCH}/{bench}.fs"
    with tempfile.TemporaryDirectory() as tmp:
        runs = []
        for i, binary in enumerate((old, new)):
            out = os.path.join(tmp, f"{i}.out")
            callgrind(binary, program, out)
            runs.append(counts(out, binary))
    a, b = runs
    print(f"{program}: {sum(a.values()):,} -> {sum(b.values()):,} instructions "
          f"in the binary ({sum(b.values()) - sum(a.values()):+,})")
    ga, gb = collections.Counter(a.values()), collections.Counter(b.values())
    groups = sorted((abs((gb[k] - ga[k]) * k), k) for k in set(ga) | set(gb) if gb[k] != ga[k])
    for _, times in reversed(groups[-6:]):
        print(f"\nrun {times:,} times: {ga[times]} instructions -> {gb[times]} "
              f"({(gb[times] - ga[times]) * times:+,})")
        for name, binary, c in (("old", old, a), ("new", new, b)):
            addrs = {x for x, n in c.items() if n == times}
            print(f"  {name}:")
            lines = disassemble(binary, addrs)
            print("\n".join(lines[:40]))
            if len(lines) > 40:
                print(f"    … {len(lines) - 40} more")


if __name__ == "__main__":
    main()
