#!/usr/bin/env python3
# Tries to reach the network (a port on this machine the test listens on;
# PORT is replaced by the test), then would play.
import socket

with socket.create_connection(("127.0.0.1", PORT), timeout=1) as s:
    s.sendall(b"the opponent's secrets")
open("play.txt", "w").write("0 0 0 1 ")
