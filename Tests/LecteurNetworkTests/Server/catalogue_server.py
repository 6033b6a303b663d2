#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A private formations API for tests: serves the shapes a real server can send (good data,
slow answers, 5xx then 200, 4xx, truncated or non-JSON bodies, endless bodies) on 127.0.0.1 only.

Usage:  catalogue_server.py [--port 0] [--lifetime 300] [--data FILE]
Prints one line "PORT <n>" on stdout once it listens, then serves until the first of:
  - stdin reaches end of file (the parent test process closed its pipe or died),
  - --lifetime seconds have passed (hard bound, so a forgotten server cannot linger),
  - a request to /_shutdown.

Paths are  /<scenario>/<key>/formations  (or /<scenario>/formations). The key only isolates the
request counters and log of one test from another; any text without "/" will do.
Scenarios (N is an integer):
  ok              200, the sample catalogue (a JSON list, story 2.1)
  envelope        200, the same in a Laravel envelope {"data": [...]} with price strings
  slow-N          waits N seconds before answering, then 200 ok
  fail-N-then-ok  the first N requests get 500, the following ones 200 ok
  slow-N-then-ok  the first N requests wait 60 s (longer than any client timeout used), then 200 ok
  drop-N-then-ok  the first N requests are closed without an answer, then 200 ok
  status-N        always answers status N with a body that must never be shown to a user
  ok-then-status-N  the first request gets 200 ok, the following ones status N
  truncated       200, a JSON text cut in the middle
  not-json        200, an HTML page
  empty           200 with an empty body
  huge            200, Content-Length of 256 MiB announced, streamed until the client hangs up
  huge-chunked    200, no Content-Length, 256 MiB streamed until the client hangs up
  trickle         200, Content-Length announced, one byte a second (never finishes in time)
  redirect-ok     302 to the ok scenario (same key)
  redirect-file   302 to file:///etc/passwd (a client must refuse to follow)
Inspection:
  GET /_log/<scenario>/<key>  JSON list of the requests received for that path: time (Unix
  seconds, float), path, accept, content_type, and for streamed bodies bytes_sent before the
  client hung up.
"""
import argparse
import json
import os
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

SECRET_BODY = "SECRET-BODY-DO-NOT-SHOW token=abc123"
HUGE_BYTES = 256 * 1024 * 1024
CHUNK = 64 * 1024


def sample_catalogue():
    return [
        {"id": 1, "title": "Starter Pack - IA Générative",
         "description": "Découvrez les fondamentaux de l'IA générative.",
         "duration": "2 jours", "level": "Débutant", "price": 990.00,
         "next_session": "2026-02-15T09:00:00Z", "category": "IA Générative"},
        {"id": 2, "title": "Machine Learning avec Python",
         "description": "Préparer des données et entraîner des modèles supervisés.",
         "duration": "5 jours", "level": "Intermédiaire", "price": 2490,
         "next_session": None, "category": "Machine Learning"},
        {"id": 3, "title": "Éthique et conformité de l'IA",
         "description": "Le règlement européen sur l'IA et le RGPD.",
         "duration": "1 jour", "level": "Débutant", "price": 590,
         "next_session": "2026-01-29T13:30:00Z", "category": "Éthique"},
    ]


def envelope(items):
    out = []
    for i, item in enumerate(items):
        item = dict(item)
        item["price"] = "%.2f" % float(item["price"])
        name = item.get("category")
        if isinstance(name, str):
            item["category"] = {"id": 10 + i, "name": name, "slug": name.lower().replace(" ", "-")}
        out.append(item)
    return {"data": out}


class State:
    def __init__(self, data):
        self.lock = threading.Lock()
        self.counts = {}
        self.logs = {}
        self.data = data

    def record(self, key, entry):
        with self.lock:
            n = self.counts.get(key, 0) + 1
            self.counts[key] = n
            self.logs.setdefault(key, []).append(entry)
            return n


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "LecteurTestAPI/1"

    def log_message(self, fmt, *args):  # keep the test output clean
        pass

    def send_body(self, status, body, content_type="application/json; charset=utf-8"):
        payload = body if isinstance(body, bytes) else body.encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    def do_GET(self):
        state = self.server.state
        path = self.path.split("?", 1)[0]
        parts = [p for p in path.split("/") if p]
        if parts[:1] == ["_shutdown"]:
            self.send_body(200, "{}")
            threading.Thread(target=self.server.shutdown, daemon=True).start()
            return
        if parts[:1] == ["_log"]:
            key = "/".join(parts[1:])
            with state.lock:
                entries = list(state.logs.get(key, []))
            self.send_body(200, json.dumps(entries))
            return
        if len(parts) < 2 or parts[-1] != "formations":
            self.send_body(404, json.dumps({"message": "Not Found"}))
            return
        scenario = parts[0]
        key = "/".join(parts[:-1])
        entry = {"time": time.time(), "path": path,
                 "accept": self.headers.get("Accept"), "content_type": self.headers.get("Content-Type")}
        n = state.record(key, entry)
        self.serve(scenario, n, entry)

    def ok(self):
        self.send_body(200, json.dumps(self.server.state.data, ensure_ascii=False))

    def serve(self, scenario, n, entry):
        words = scenario.split("-")
        if scenario == "ok":
            return self.ok()
        if scenario == "envelope":
            return self.send_body(200, json.dumps(envelope(self.server.state.data), ensure_ascii=False))
        if len(words) == 2 and words[0] == "slow" and words[1].isdigit():
            time.sleep(min(int(words[1]), 120))
            return self.ok()
        if len(words) == 4 and words[2:] == ["then", "ok"] and words[1].isdigit():
            if n <= int(words[1]):
                if words[0] == "fail":
                    return self.send_body(500, json.dumps({"message": SECRET_BODY}))
                if words[0] == "slow":
                    time.sleep(60)
                    return self.ok()
                if words[0] == "drop":
                    self.close_connection = True
                    return
            return self.ok()
        if len(words) == 4 and words[:3] == ["ok", "then", "status"] and words[3].isdigit():
            if n == 1:
                return self.ok()
            return self.send_body(int(words[3]), json.dumps({"message": SECRET_BODY}))
        if len(words) == 2 and words[0] == "status" and words[1].isdigit():
            return self.send_body(int(words[1]), json.dumps({"message": SECRET_BODY}))
        if scenario == "truncated":
            text = json.dumps(self.server.state.data, ensure_ascii=False).encode("utf-8")
            return self.send_body(200, text[: len(text) // 2])
        if scenario == "not-json":
            return self.send_body(200, "<html><body>%s</body></html>" % SECRET_BODY, "text/html")
        if scenario == "empty":
            return self.send_body(200, b"")
        if scenario in ("huge", "huge-chunked"):
            return self.stream_huge(chunked=scenario == "huge-chunked", entry=entry)
        if scenario in ("redirect-ok", "redirect-file"):
            key = "/".join(self.path.split("?", 1)[0].split("/")[2:-1])
            target = "/ok/%s/formations" % key if scenario == "redirect-ok" else "file:///etc/passwd"
            self.send_response(302)
            self.send_header("Location", target)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        if scenario == "trickle":
            return self.trickle(entry)
        self.send_body(404, json.dumps({"message": "unknown scenario"}))

    def stream_huge(self, chunked, entry):
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        if chunked:
            self.send_header("Transfer-Encoding", "chunked")
        else:
            self.send_header("Content-Length", str(HUGE_BYTES))
        self.end_headers()
        # A valid JSON list that never ends within the cap: '[' then '0,' repeated.
        block = b"0," * (CHUNK // 2)
        sent = 0
        try:
            first = b"[" + block[1:]
            while sent < HUGE_BYTES:
                data = first if sent == 0 else block
                data = data[: HUGE_BYTES - sent]
                if chunked:
                    self.wfile.write(b"%x\r\n" % len(data) + data + b"\r\n")
                else:
                    self.wfile.write(data)
                sent += len(data)
                entry["bytes_sent"] = sent
            if chunked:
                self.wfile.write(b"0\r\n\r\n")
        except (BrokenPipeError, ConnectionResetError):
            pass
        entry["bytes_sent"] = sent
        entry["finished"] = time.time()
        self.close_connection = True

    def trickle(self, entry):
        body = json.dumps(self.server.state.data).encode("utf-8")
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        sent = 0
        try:
            for i in range(min(len(body), 120)):
                self.wfile.write(body[i:i + 1])
                self.wfile.flush()
                sent += 1
                entry["bytes_sent"] = sent
                time.sleep(1)
        except (BrokenPipeError, ConnectionResetError):
            pass
        entry["finished"] = time.time()
        self.close_connection = True


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--lifetime", type=float, default=300.0)
    parser.add_argument("--data", help="JSON file served as the catalogue (default: a 3-formation sample)")
    args = parser.parse_args()
    data = sample_catalogue()
    if args.data:
        with open(args.data, encoding="utf-8") as f:
            data = json.load(f)
    server = ThreadingHTTPServer(("127.0.0.1", args.port), Handler)
    server.daemon_threads = True
    server.state = State(data)

    def stop_when_parent_goes():
        try:
            while sys.stdin.buffer.read(4096):
                pass
        except Exception:
            pass
        server.shutdown()

    def stop_after_lifetime():
        time.sleep(args.lifetime)
        server.shutdown()

    threading.Thread(target=stop_when_parent_goes, daemon=True).start()
    threading.Thread(target=stop_after_lifetime, daemon=True).start()
    print("PORT %d" % server.server_address[1], flush=True)
    server.serve_forever(poll_interval=0.1)
    server.server_close()
    os._exit(0)  # handler threads still sleeping must not keep the process alive


if __name__ == "__main__":
    main()
