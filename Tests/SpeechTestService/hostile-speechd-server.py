#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A hostile speech-dispatcher for issue 28: it listens on the unix socket given as first
argument (use it as SPEECHD_ADDRESS=unix_socket:PATH) and, for each connection:
- "silent": accepts and never answers;
- "slow": answers every SSIP command, but only 5 seconds after it came;
- "close-handshake": closes each connection as soon as it is accepted, without a word;
- "close-mid-reply": reads the first command, sends the first line of a two-line reply, closes.
Each accepted connection appends "accept" to the file given as second argument. Exits when its
standard input closes."""
import os, socket, sys, threading, time

mode, path, log = sys.argv[1], sys.argv[2], sys.argv[3]
try:
    os.unlink(path)
except FileNotFoundError:
    pass
s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
s.bind(path)
s.listen(16)
print("READY", flush=True)

def stop_when_parent_goes():
    sys.stdin.read()
    os._exit(0)
threading.Thread(target=stop_when_parent_goes, daemon=True).start()

def commands(c):
    """Yields SSIP command lines (the text of SPEAK, up to its lone ".", is skipped)."""
    data = b""
    receiving = False
    while True:
        chunk = c.recv(4096)
        if not chunk:
            return
        data += chunk
        while b"\r\n" in data:
            line, data = data.split(b"\r\n", 1)
            if receiving:
                if line == b".":
                    receiving = False
                    yield b"."
                continue
            if line.upper() == b"SPEAK":
                receiving = True
            yield line

def serve(c):
    held = [c]
    try:
        if mode == "silent":
            while c.recv(4096):
                pass
        elif mode == "slow":
            for line in commands(c):
                time.sleep(5)
                if line.upper() == b"SPEAK":
                    c.sendall(b"230 OK RECEIVING DATA\r\n")
                elif line == b".":
                    c.sendall(b"225-1\r\n225 OK MESSAGE QUEUED\r\n")
                else:
                    c.sendall(b"208 OK\r\n")
        elif mode == "close-handshake":
            c.close()
        elif mode == "close-mid-reply":
            c.recv(4096)
            c.sendall(b"208-OK CLIENT\r\n")
            c.close()
    except OSError:
        pass

while True:
    c, _ = s.accept()
    with open(log, "a") as f:
        f.write("accept\n")
    threading.Thread(target=serve, args=(c,), daemon=True).start()
