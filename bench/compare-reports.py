#!/usr/bin/env python3
"""Run many random Forth programs on two playforth binaries and compare what
a person would see: stdout, stderr and the exit status.

A change to the inner interpreter must not change any error report (the
word, the place, the stack it was given, the backtrace). Use it as

    bench/compare-reports.py OLD-BINARY NEW-BINARY [COUNT] [SEED]

It prints each program whose results differ (at most 10) and a summary,
and exits non-zero if any differed. To hold the native tier to the
interpreter, give the same binary twice, once with it turned off:

    printf '#!/bin/sh\nPLAYFORTH_NO_JIT=1 exec target/release/playforth "$@"\n' > /tmp/nojit
    chmod +x /tmp/nojit
    bench/compare-reports.py /tmp/nojit target/release/playforth 3000 7
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
# Runs the inner interpreter fuses into one instruction (superinstructions),
# written as programs write them.
PHRASES = """i 3 and 0= if 1 then|i c@ if 2 then|over @ over @ *|r> + >r|dup 1-|swap 3 -
|i 1+|7 rshift|5 xor|3 >|2 =|cells buf + @|cells buf + !|v @ cells +|v @ +|0 i c! dup +loop
|i 2@ > if 1 then|swap i 2!|1 + loop|7 mod|7 /""".replace("\n", "").split("|")
# Short words whose calls are done in place, and tables made by DOES>
# words, which are too; and words with locals.
SHORT = [": s0 v @ cells + ;", ": s1 v @ + c@ ;", ": s3 cells buf + @ ;", ": s4 cells buf + ! ;",
         ": s5 2 cells + @ ;", ": s6 v @ ;",
         ": ctab create allot does> + ;", ": ttab create cells allot does> swap cells + ;",
         "16 ctab t0", "4 ttab t1"]
SHORT_NAMES = ["s0", "s1", "s2", "s3", "s4", "s5", "s6", "t0", "t1"]
CONTROL = {"if", "else", "then", "?do", "loop", "+loop", "begin", "until", ">r", "r>", "[']"}
OPS = ["+", "-", "*", "and", "or", "xor", "lshift", "rshift", "=", "<>", "<", ">", "/", "mod"]


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
        elif r < 0.98:
            parts.append(rng.choice(PHRASES))
        else:
            parts.append(f"['] {rng.choice(WORDS)}")
    return " ".join(parts)


def program(rng):
    lines = ["create buf 64 allot", "variable v", f"{rng.choice(NUMBERS)} v !"]
    lines += SHORT
    lines.append(f": s2 {rng.choice(NUMBERS)} {rng.choice(OPS)} ;")
    names = list(SHORT_NAMES)
    # A word with locals: its body uses them, as a following word would.
    local_body = body(rng, names).split()
    for k in range(len(local_body)):
        if rng.random() < 0.3 and local_body[k] not in CONTROL:
            local_body[k] = rng.choice(["a", "b", "c", "a 0= if 1 then", "b if 2 then",
                                        "a 1-", "b 1+", "a cell+", "b @", "a b"])
    lines.append(f": l0 {{: a b | c :}} {' '.join(local_body)} ;")
    names.append("l0")
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
