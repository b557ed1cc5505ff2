#!/usr/bin/env python3
# Allocates memory 1 MiB at a time, touching every page, up to 4 GiB (a
# bound of its own), then would play a move.
chunks = []
while len(chunks) < 4096:
    chunks.append(bytearray(b"x" * (1 << 20)))
open("play.txt", "w").write("0 0 0 1 ")
