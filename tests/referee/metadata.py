#!/usr/bin/env python3
# Tries to change what is not its own: the mode, times, owner and extended
# attributes of its own copy, the other bots' copies, the shared runner,
# the class folder (CLASS) and a world-writable file (OUTSIDE), by path
# and through a descriptor; looks for state kept in an xattr by an earlier
# move; leaves folders the referee could not clean up (no read, no write).
# Says what got through and gives up; if nothing did, plays the first
# piece's first step, as first.c does.
import os, sys

here = os.path.dirname(os.path.abspath(__file__))
work = os.path.dirname(os.path.dirname(here))
targets = [__file__, here, os.path.join(work, "bin", "playforth"), work, "CLASS", "OUTSIDE"]
for n in range(1, 4):
    targets += [os.path.join(work, "bots", str(n)), os.path.join(work, "bots", str(n), "random.fs")]
escapes = []


def attempt(what, change):
    try:
        change()
        escapes.append(what)
    except OSError:
        pass


for t in targets:
    attempt("chmod " + t, lambda: os.chmod(t, 0))
    attempt("utime " + t, lambda: os.utime(t, (0, 0)))
    attempt("touch " + t, lambda: os.utime(t))
    attempt("chown " + t, lambda: os.chown(t, os.getuid(), os.getgid()))
    attempt("setxattr " + t, lambda: os.setxattr(t, "user.state", b"move"))
    try:
        fd = os.open(t, os.O_RDONLY)
    except OSError:
        continue
    attempt("fchmod " + t, lambda: os.fchmod(fd, 0))
    attempt("fsetxattr " + t, lambda: os.setxattr(fd, "user.state", b"move"))
    os.close(fd)
for t in [__file__, "OUTSIDE"]:
    attempt("state kept in " + t, lambda: os.getxattr(t, "user.state"))
os.mkdir("trap", 0o300)
open("trap/inside", "w").close()
os.mkdir("locked", 0)
if escapes:
    for e in escapes:
        print("ESCAPE:", e, file=sys.stderr)
    sys.exit(1)
side, cells = int(sys.argv[2]), [int(c) for c in sys.argv[3:28]]
for i in range(25):
    if cells[i] != side:
        continue
    x, y = i % 5, i // 5
    for dx, dy in ((1, 0), (0, 1), (-1, 0), (0, -1)):
        nx, ny = x + dx, y + dy
        if 0 <= nx < 5 and 0 <= ny < 5 and cells[ny * 5 + nx] == 0:
            open("play.txt", "w").write(f"{x} {y} {nx} {ny} ")
            sys.exit(0)
