#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A fake BrlAPI server for issue 17 item 16: it accepts connections on 127.0.0.1 and either never
answers ("silent") or answers bytes that are not BrlAPI ("garbage", or "slow-garbage" half a
second after accepting: a display whose refusal comes after a short script has ended). BrlAPI host "127.0.0.1:N"
means TCP port 4101 + N, so it listens on a free port above 4101 and prints "HOST 127.0.0.1:N".
Each accepted connection appends a line to the file given as second argument (the test counts
them to see the reader retry). Exits when its standard input closes."""
import os, socket, sys, threading, time

mode, log = sys.argv[1], sys.argv[2]
s = socket.socket()
s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
for number in range(200, 2000):
    try:
        s.bind(("127.0.0.1", 4101 + number))
        break
    except OSError:
        continue
s.listen(16)
print("PORT %d" % number, flush=True)

def stop_when_parent_goes():
    sys.stdin.read()
    os._exit(0)
threading.Thread(target=stop_when_parent_goes, daemon=True).start()

held = []
while True:
    c, _ = s.accept()
    with open(log, "a") as f:
        f.write("accept\n")
    if mode == "slow-garbage":
        time.sleep(0.5)
    if mode in ("garbage", "slow-garbage"):
        c.sendall(b"\x00\x00\x10\x00GARBAGE-NOT-BRLAPI")
    held.append(c)  # never closed, never answered further
