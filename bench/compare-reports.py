#!/usr/bin/env python3
"""Run many random Forth programs on two playforth binaries and compare what
a person would see: stdout, stderr and the exit status.

A change to the inner interpreter must not change any error report (the
word, the place, the stack it was given, the backtrace). Use it as

    bench/compare-reports.py OLD-BINARY NEW-BINARY [COUNT] [SEED]

It prints each program whose results differ (at most 10) and a summary,
and exits non-zero if any differed.
"""
import random
import subprocess
import sys

WORDS = """dup drop swap over rot -rot nip tuck ?dup 2dup 2drop 2swap 2over pick roll
depth >r r> r@ 2>r 2r> rdrop i j dup + - * / mod /mod */ 1+ 1- negate abs min max 2* 2/
lshift rshift and or xor invert = <> < > u< u> 0= 0<> 0< 0> within @ ! c@ c! +! 2@ 2!
cell+ cells char+ chars aligned . u. .s emit cr space spaces type count fill erase move
execute here allot , c, s>d d+ d. m* um* um/mod fm/mod sm/rem m*/ base decimal hex
throw catch bounds under+ 2r@ /string cmove compare""".split()
NUMBERS = ["0", "1", "-1", "2", "3", "7", "8", "10", "64", "255", "-9223372036854775808",
           "9223372036854775807", "here", "pad", "buf", "4096", "65535"]


def body(rng, callable, depth=0):
    parts = []
    for _ in range(rng.randint(1, 8)):
        r = rng.random()
        if r < 0.35:
            parts.append(rng.choice(NUMBERS))
        elif r < 0.75:
            parts.append(rng.choice(WORDS))
        elif r < 0.82 and depth < 2:
            parts.append(f"if {body(rng, callable, depth + 1)} else {body(rng, callable, depth + 1)} then")
        elif r < 0.88 and depth < 2:
            parts.append(f"{rng.randint(0, 5)} 0 ?do {body(rng, callable, depth + 1)} loop")
        elif r < 0.92 and depth < 2:
            # A loop that ends: a counter on the stack, kept apart with >r.
            parts.append(f"3 begin >r {body(rng, callable, depth + 1)} r> 1- dup 0= until drop")
        elif r < 0.96 and callable:
            parts.append(rng.choice(callable))
        else:
            parts.append(f"['] {rng.choice(WORDS)}")
    return " ".join(parts)


def program(rng):
    lines = ["create buf 64 allot"]
    names = []
    for k in range(4):
        lines.append(f": w{k} 1 2 3 {body(rng, names)} ;")
        names.append(f"w{k}")
    lines.append("w3 .s")
    return "\n".join(lines)


def run(binary, code):
    try:
        p = subprocess.run([binary, "-e", code, "-e", "bye"], capture_output=True, timeout=5)
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        return "timeout", b"", b""


def main():
    old, new = sys.argv[1], sys.argv[2]
    count = int(sys.argv[3]) if len(sys.argv) > 3 else 2000
    rng = random.Random(int(sys.argv[4]) if len(sys.argv) > 4 else 1)
    differ, errors = 0, 0
    for _ in range(count):
        code = program(rng)
        a, b = run(old, code), run(new, code)
        if a[0] != 0:
            errors += 1
        if a != b:
            differ += 1
            if differ <= 10:
                print(f"--- differs:\n{code}\n--- old: {a}\n--- new: {b}\n")
    print(f"{count} programs, {errors} ended in an error report, {differ} differ")
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
