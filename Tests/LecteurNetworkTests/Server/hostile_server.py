#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Hostile HTTP replies for issue 17 (RobustnessTests / HardeningTests), on 127.0.0.1.
/seq/formations: a good catalogue the first time, [1,2,3] the second, then garbage;
/http09/...: a bare body (HTTP/0.9); /garbage/...: bytes that are not HTTP;
/bogus1xx/...: a final status of 199; /auth/...: a good catalogue only with
"Authorization: Bearer t0k3n" or Basic alice:s3cret, else 401; anything else: a good catalogue.
With two arguments (certificate, key) it speaks TLS. Prints "PORT n" once listening."""
import json, os, socket, ssl, sys, threading
good = json.dumps([{"id": i, "title": "Formation %d" % i, "duration": "1 jour", "level": "Débutant",
                    "price": 100 * i} for i in (1, 2)]).encode()
def http(status, body):
    return b"HTTP/1.1 %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\nConnection: close\r\n\r\n" % (status, len(body)) + body
counts = {}
def reply(path, headers=b""):
    kind = path.strip("/").split("/")[0]
    if kind == "auth":
        allowed = (b"authorization: bearer t0k3n", b"authorization: basic YWxpY2U6czNjcmV0")
        ok = any(line.strip().lower() == a.lower() for line in headers.split(b"\r\n") for a in allowed)
        return http(b"200 OK", good) if ok else http(b"401 Unauthorized", b'{"message": "no"}')
    n = counts[kind] = counts.get(kind, 0) + 1
    if kind == "seq":
        return http(b"200 OK", good) if n == 1 else http(b"200 OK", b"[1,2,3]") if n == 2 else b"\x00\x01garbage\r\n\r\n"
    if kind == "http09": return b"[1,2,3]\n"
    if kind == "garbage": return b"\x00\x01garbage\r\n\r\n"
    if kind == "bogus1xx": return b"HTTP/1.1 199 Bogus\r\nContent-Length: 2\r\n\r\n[]"
    return http(b"200 OK", good)
s = socket.socket()
s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
s.bind(("127.0.0.1", 0))
s.listen(16)
context = None
if len(sys.argv) > 2:
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(sys.argv[1], sys.argv[2])
print("PORT %d" % s.getsockname()[1], flush=True)
def handle(c):
    try:
        if context: c = context.wrap_socket(c, server_side=True)
        c.settimeout(10)
        request = b""
        while b"\r\n\r\n" not in request:
            chunk = c.recv(65536)
            if not chunk: return
            request += chunk
        c.sendall(reply(request.split(b" ")[1].decode(), request))
    except Exception:
        pass
    finally:
        c.close()
def stop_when_parent_goes():
    # The test closes our standard input when it is done (a SIGTERM may be ignored: dispositions
    # are inherited); two minutes is the longest any test needs us.
    sys.stdin.read()
    os._exit(0)
threading.Thread(target=stop_when_parent_goes, daemon=True).start()
s.settimeout(120)
while True:
    try: c, _ = s.accept()
    except Exception: break
    threading.Thread(target=handle, args=(c,), daemon=True).start()
