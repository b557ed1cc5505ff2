#!/usr/bin/env python3
"""Write src/startup.ld: the order in which the linker lays out the code and
read-only data that start-up uses (ARCHITECTURE.md, "Peak memory").

The kernel maps a program's file pages 64 KiB around each page a process
touches, so a start-up that runs one function in every 64 KiB of a 5 MB
program maps most of it. This script builds playforth with Rust's default
layout (PLAYFORTH_PLAIN_LINK=1, in target/startup-order), runs it under
valgrind's callgrind in the ways people start it (`-e bye` first, the one
bench figures use; then a script, lines piped in, bench/run.sh's eight
programs, and the REPL on a terminal when tmux is there), lists the
functions each run executes, in that order, and writes a linker script
that puts them first, in an output section of their own (.text.startup),
with their jump tables
(.rodata.NAME) and the merged constants together ahead of the rest of the
read-only data (.rodata.startup).

Names are written so that they survive unrelated changes: a function's
hash is left out (a glob) where the rest of its name is unique in the
program, and kept where a generic function has several instances. A name
that no longer exists (after a change of compiler or of a dependency)
matches nothing, and that function is laid out where Rust puts it: the
program is the same, only a little more of it is mapped. Run this again
after updating Rust or the dependencies:

    bench/startup-order.py          # rewrite src/startup.ld
    bench/startup-order.py --check  # how much of start-up the current
                                    # src/startup.ld still places
Needs valgrind (and tmux for the terminal run).
"""

import bisect
import fnmatch
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

# Resolved: valgrind names the program by its real path.
ROOT = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))
TARGET = os.path.join(ROOT, "target", "startup-order")
BINARY = os.path.join(TARGET, "release", "playforth")
SCRIPT = os.path.join(ROOT, "src", "startup.ld")


def build():
    env = dict(os.environ, PLAYFORTH_PLAIN_LINK="1", CARGO_TARGET_DIR=TARGET)
    subprocess.run(["cargo", "build", "--release", "--quiet", "--bin", "playforth"],
                   cwd=ROOT, env=env, check=True)


def valgrind(out):
    """The profiler's command line, up to the program's arguments."""
    # --fair-sched: the Ctrl-C thread runs while main does, as it does
    # outside valgrind (otherwise it may not run before the process ends).
    return ["valgrind", "--tool=callgrind", "--fair-sched=yes", "--dump-instr=yes",
            "--compress-strings=no", "--compress-pos=no", "--callgrind-out-file=" + out, BINARY]


def callgrind(out, args, stdin=None, cwd=None):
    cmd = valgrind(out) + args
    # /dev/null opened for writing only, as a shell's >/dev/null does
    # (subprocess.DEVNULL opens it for reading too, which playforth takes
    # for a closed stdout: io::stdout_was_closed).
    with open(os.devnull, "w") as sink, open(os.devnull) as null:
        subprocess.run(cmd, stdin=stdin or null, stdout=sink, stderr=sink, cwd=cwd, timeout=600)
    if not os.path.exists(out):
        sys.exit("startup-order: valgrind wrote no profile for playforth %s" % " ".join(args))


def profiles(tmp):
    """The runs, most important first."""
    runs = []
    bye = os.path.join(tmp, "bye.out")
    callgrind(bye, ["-e", "bye"])
    runs.append(bye)
    script = os.path.join(tmp, "hello.fs")
    with open(script, "w") as f:
        f.write(": hello ( n -- ) 0 ?do .\" hello \" loop ; 3 hello cr\n")
    out = os.path.join(tmp, "script.out")
    callgrind(out, [script])
    runs.append(out)
    piped = os.path.join(tmp, "piped.out")
    with open(os.path.join(tmp, "lines.txt"), "w") as f:
        f.write("1 2 + .\n: sq ( n -- n*n ) dup * ;\n5 sq .\nsee sq\n")
    with open(os.path.join(tmp, "lines.txt")) as stdin:
        callgrind(piped, [], stdin=stdin)
    runs.append(piped)
    # Programs at work (bench/run.sh's eight): the inner interpreter, the
    # native tier, locals, strings, DOES> words, after start-up's.
    programs = ["bench/%s.fs" % name for name in ("strings", "locals", "levenshtein", "tables")]
    # and gforth's four, where gforth-common is installed
    gforth = os.environ.get("GFORTH_BENCH_DIR", "/usr/share/gforth/0.7.3")
    programs += [p for p in (os.path.join(gforth, n + ".fs") for n in ("siev", "bubble", "matrix", "fib"))
                 if os.path.exists(p)]
    for i, program in enumerate(programs):
        out = os.path.join(tmp, "program%d.out" % i)
        callgrind(out, ["-e", "include %s main bye" % program], cwd=ROOT)
        runs.append(out)
    if shutil.which("tmux"):
        tty = terminal(tmp)
        if tty:
            runs.append(tty)
    else:
        print("startup-order: tmux is not installed: no terminal run", file=sys.stderr)
    return runs


def terminal(tmp):
    """The REPL on a terminal (tmux): a line, then bye. The profile's
    path, or None when the run did not finish."""
    tty = os.path.join(tmp, "tty.out")
    sock = "startup-order-%d" % os.getpid()
    tmux = ["tmux", "-L", sock]
    cmd = shlex.join(valgrind(tty))
    try:
        subprocess.run(tmux + ["new-session", "-d", "-x", "100", "-y", "30", cmd], check=True)
        subprocess.run(tmux + ["set-option", "-g", "remain-on-exit", "on"], check=True)
        time.sleep(10)  # valgrind's start-up
        for keys in (["1 2 + .", "Enter"], ["bye", "Enter"]):
            subprocess.run(tmux + ["send-keys"] + keys, check=True)
            time.sleep(4)
        # done when the program has ended (its pane is dead)
        for _ in range(120):
            dead = subprocess.run(tmux + ["list-panes", "-F", "#{pane_dead}"],
                                  capture_output=True, text=True).stdout.strip()
            if dead == "1":
                return tty if os.path.exists(tty) else None
            time.sleep(1)
        print("startup-order: the terminal run did not end: left out", file=sys.stderr)
        return None
    except subprocess.CalledProcessError as e:
        print("startup-order: tmux failed (%s): no terminal run" % e, file=sys.stderr)
        return None
    finally:
        subprocess.run(tmux + ["kill-server"], stderr=subprocess.DEVNULL)


def symbols(binary):
    syms = []
    nm = subprocess.run(["nm", "-S", "--defined-only", binary], capture_output=True,
                        text=True, check=True).stdout
    for line in nm.splitlines():
        p = line.split()
        if len(p) == 4 and p[2] in "tTwW" and int(p[1], 16) > 0:
            syms.append((int(p[0], 16), int(p[1], 16), p[3]))
    syms.sort()
    return syms


def executed(profile):
    """The addresses of the instructions a callgrind profile ran in the
    program itself (not in the C library)."""
    addrs = set()
    in_program = False
    skip = False
    with open(profile) as f:
        for line in f:
            if line.startswith("ob="):
                in_program = line[3:].strip() == BINARY
            elif line.startswith("calls="):
                skip = True  # the next cost line is the call's, not ours
            elif line.startswith("0x"):
                if skip:
                    skip = False
                elif in_program:
                    addrs.add(int(line.split()[0], 16))
    return addrs


def functions(syms, runs):
    """The functions the runs executed, run by run, each run's in address
    order: every name whose code holds an executed instruction (aliases
    share code)."""
    order, seen = [], set()
    for run in runs:
        addrs = sorted(executed(run))
        for start, size, name in syms:
            i = bisect.bisect_left(addrs, start)
            if name not in seen and i < len(addrs) and addrs[i] < start + size:
                seen.add(name)
                order.append(name)
    return order


def pattern(name, names):
    """The section-name pattern for a function: its hash and the
    optimiser's suffix left out where that still names one function."""
    bare = re.sub(r"\.llvm\.\d+$", "", name)
    if bare.startswith("_ZN"):
        glob = re.sub(r"17h[0-9a-f]{16}E$", "17h*E", bare) + "*"
    elif bare.startswith("_R"):
        glob = re.sub(r"Cs[0-9A-Za-z]+_", "Cs*_", bare) + "*"
    else:
        return name
    if len(fnmatch.filter(names, glob)) <= 1:
        return glob
    return bare + "*" if bare != name else name


def write(order, syms):
    names = [s[2] for s in syms]
    pats = []
    for n in order:
        p = pattern(n, names)
        if p not in pats and "(" not in p and ")" not in p:
            pats.append(p)
    with open(SCRIPT + ".new", "w") as f:
        f.write("/* Written by bench/startup-order.py (rustc %s): the functions start-up\n"
                "   runs, then the read-only data it reads, ahead of the rest\n"
                "   (src/build.rs, ARCHITECTURE.md \"Peak memory\"). Do not edit.\n"
                "   A linker that cannot read it: build with PLAYFORTH_PLAIN_LINK=1. */\n"
                % rustc_version())
        f.write("SECTIONS {\n  .text.startup : {\n")
        # the C start-up files' code (_start, frame_dummy)
        f.write("    */Scrt1.o(.text .text.*) */crt1.o(.text .text.*)\n"
                "    */crtbeginS.o(.text .text.*) */crtbegin.o(.text .text.*)\n")
        for p in pats:
            f.write("    *(.text.%s .text.unlikely.%s)\n" % (p, p))
        f.write("  }\n} INSERT BEFORE .text;\n")
        # (the page alignment keeps GNU ld from putting it in the segment of
        # code, which its default script begins the read-only data after)
        f.write("SECTIONS {\n  . = ALIGN(CONSTANT (MAXPAGESIZE));\n  .rodata.startup : {\n")
        for p in pats:
            f.write("    *(.rodata.%s)\n" % p)
        f.write("    *(.rodata.cst4 .rodata.cst8 .rodata.cst16 .rodata.cst32 .rodata.str1.1)\n")
        # texts start-up reads (the prelude: text_in_section! in lib.rs)
        f.write("    *(.rodata.startup.*)\n")
        f.write("  }\n} INSERT BEFORE .rodata;\n")
        # texts it never reads, after the rest
        f.write("SECTIONS {\n  .rodata.cold : { *(.rodata.cold) }\n} INSERT AFTER .rodata;\n")
    os.replace(SCRIPT + ".new", SCRIPT)
    print("startup-order: %d functions, %d patterns -> %s" % (len(order), len(pats), SCRIPT))


def rustc_version():
    return subprocess.run(["rustc", "--version"], capture_output=True,
                          text=True).stdout.split()[1]


def check(order, syms):
    """How many of the functions start-up runs the current script names."""
    with open(SCRIPT) as f:
        pats = re.findall(r"\*\(\.text\.(\S+) ", f.read())
    size = {s[2]: s[1] for s in syms}
    placed = [n for n in order if any(fnmatch.fnmatchcase(n, p) for p in pats)]
    total = sum(size[n] for n in order)
    got = sum(size[n] for n in placed)
    print("startup-order: src/startup.ld places %d of %d functions start-up runs "
          "(%d of %d KB)" % (len(placed), len(order), got // 1024, total // 1024))


def main():
    if not shutil.which("valgrind"):
        sys.exit("startup-order: valgrind is needed (apt-get install valgrind)")
    build()
    syms = symbols(BINARY)
    with tempfile.TemporaryDirectory() as tmp:
        runs = profiles(tmp)
        if len(functions(syms, runs[:1])) < 100:
            sys.exit("startup-order: the -e bye profile names fewer than 100 of the "
                     "program's functions: is %s the program valgrind ran?" % BINARY)
        order = functions(syms, runs)
    if "--check" in sys.argv:
        check(order, syms)
    else:
        write(order, syms)


if __name__ == "__main__":
    main()
