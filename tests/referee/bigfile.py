#!/usr/bin/env python3
# Writes a 5 MB file, past the file-size limit: Python ignores SIGXFSZ, so
# the write fails with "File too large" and the bot exits with status 1.
open("big", "wb").write(b"x" * 5_000_000)
open("play.txt", "w").write("0 0 0 1 ")
