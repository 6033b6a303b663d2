#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A fake, hostile BrlAPI server (issues 17 and 28). It accepts connections on 127.0.0.1 and:
- "silent": never answers;
- "garbage": answers bytes that are not BrlAPI ("slow-garbage": half a second after accepting,
  a display whose refusal comes after a short script has ended);
- "size:COLUMNSxROWS": speaks enough BrlAPI (protocol 8, no authentication) to announce a display
  of that size, whatever it is (4294967295x4294967295, 2147483648x1…), then acknowledges what it
  is asked and ignores what is written;
- "flood:RATE": a 40x1 display whose keys send RATE line-down presses a second, for ever.
BrlAPI host "127.0.0.1:N" means TCP port 4101 + N, so it listens on a free port above 4101 and
prints "PORT N". Each accepted connection appends "accept" to the file given as second argument,
and each packet received its type (the test counts them to see the reader retry). Exits when its
standard input closes."""
import os, socket, struct, sys, threading, time

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

def note(line):
    with open(log, "a") as f:
        f.write(line + "\n")

def packet(kind, payload=b""):
    return struct.pack(">II", len(payload), kind) + payload

VERSION, AUTH, SIZE, ACK, KEY = ord("v"), ord("a"), ord("s"), ord("A"), ord("k")
PARAM_REQUEST, PARAM_VALUE = (ord("P") << 8) + ord("R"), (ord("P") << 8) + ord("V")
PARAM_DISPLAY_SIZE = 6
LINE_DOWN = 0x20000002  # BRLAPI_KEY_TYPE_CMD | BRLAPI_KEY_CMD_LNDN

def read_exactly(c, n):
    data = b""
    while len(data) < n:
        chunk = c.recv(n - len(data))
        if not chunk:
            raise EOFError
        data += chunk
    return data

def flood(c, rate):
    """RATE line-down keys a second, sent in batches every 10 ms."""
    batch = packet(KEY, struct.pack(">II", 0, LINE_DOWN)) * max(1, rate // 100)
    try:
        while True:
            c.sendall(batch)
            time.sleep(0.01)
    except OSError:
        pass

def speak_brlapi(c, columns, rows, rate):
    try:
        c.sendall(packet(VERSION, struct.pack(">I", 8)))
        flooding = False
        while True:
            size, kind = struct.unpack(">II", read_exactly(c, 8))
            payload = read_exactly(c, size) if size else b""
            note("packet %s" % (chr(kind) if kind < 128 else hex(kind)))
            if kind == VERSION:
                c.sendall(packet(AUTH, struct.pack(">I", ord("N"))))
            elif kind == SIZE:
                c.sendall(packet(SIZE, struct.pack(">II", columns, rows)))
            elif kind == PARAM_REQUEST:
                flags, param, sub_hi, sub_lo = struct.unpack(">IIII", payload[:16])
                value = struct.pack(">II", columns, rows) if param == PARAM_DISPLAY_SIZE else b""
                c.sendall(packet(PARAM_VALUE, struct.pack(">IIII", 0, param, sub_hi, sub_lo) + value))
            elif kind == ord("w"):
                if rate and not flooding:
                    flooding = True
                    threading.Thread(target=flood, args=(c, rate), daemon=True).start()
            else:
                c.sendall(packet(ACK))
    except (EOFError, OSError, struct.error):
        pass

held = []
while True:
    c, _ = s.accept()
    note("accept")
    if mode.startswith("size:") or mode.startswith("flood:"):
        if mode.startswith("size:"):
            columns, rows = (int(v) for v in mode[5:].split("x"))
            rate = 0
        else:
            columns, rows, rate = 40, 1, int(mode[6:])
        threading.Thread(target=speak_brlapi, args=(c, columns, rows, rate), daemon=True).start()
        continue
    if mode == "slow-garbage":
        time.sleep(0.5)
    if mode in ("garbage", "slow-garbage"):
        c.sendall(b"\x00\x00\x10\x00GARBAGE-NOT-BRLAPI")
    held.append(c)  # never closed, never answered further
