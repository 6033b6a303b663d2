#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A braille display of the project's own, for tests: it speaks the text protocol of BRLTTY's
Virtual driver (`brltty -b vr -d client:SOCKET`, see /usr/share/doc/brltty/Virtual.README.gz).

It listens on a unix socket (brltty connects to it and retries every ~5 s while it is absent),
announces `cells N`, records every line brltty sends, and forwards key commands to brltty.

  --socket PATH    unix socket brltty connects to (created here; must exist before brltty starts)
  --cells N        columns announced on each connection (default 40)
  --log PATH       JSON lines, one per event, flushed at once:
                     {"t": <CLOCK_MONOTONIC ns>, "event": "braille", "dots": "1|12|…", "unicode": "⠁⠃…"}
                     {"t": …, "event": "visual", "text": "…"}
                     {"t": …, "event": "connected"} / {"event": "disconnected"}
                     {"t": …, "event": "sent", "line": "LnDn"} / {"event": "dropped", "line": …}
                     {"t": …, "event": "other", "line": "…"}   (anything else brltty says)
  --control PATH   FIFO created here; each line written to it is sent to brltty as is
                   (`LnDn`, `LnUp`, `FwinLt`, `FwinRt`, `Home`, `Route 3`, `Return`, `Time`,
                   `cells 20`…, and the braille keyboard: `PassDots N` with N the dot mask 1-255,
                   `PassChar N` a code point, `KEY_ENTER`, `KEY_BACKSPACE`, `KEY_ESCAPE`).
                   brltty 6.5's vr driver refuses `PassDots 0` (the space bar alone) and any
                   mask above 255 (no DOTC chord).
                   brltty 6.5's vr driver handles one line per read of its socket: a second
                   line that arrived in the same read waits in the driver until more bytes
                   come (seen: `PassDots 1` and `PassDots 128` written together, the second
                   reached the BrlAPI client only when a third line was written 5 s later;
                   the last key of a burst never came). So lines go to brltty one at a time:
                   each is written once brltty has read every byte before it (the socket's
                   unread count, SIOCOUTQ, is 0), the others wait here, in order.
                   Keys written while brltty is not connected are dropped (and logged as such).
                   Note: brltty 6.5's vr driver passes `Route N` on to BrlAPI as 0-based cell N
                   (its README says 1-based) and refuses `Route 0`, so the first cell cannot be
                   routed through it; `Route 1` is the second cell.
  --pidfile PATH   where to write this process's pid

The timestamps use CLOCK_MONOTONIC so a test can compare them with its own clock (same machine).
Stop it with SIGTERM; it removes its socket and FIFO.
"""
import argparse, collections, fcntl, json, os, re, select, signal, socket, struct, sys, termios, time


def now_ns():
    return time.clock_gettime_ns(time.CLOCK_MONOTONIC)


def parse_string(text):
    """A Virtual-protocol string: quotes, with \\\\, \\" and \\Xhh escapes."""
    text = text.strip()
    if len(text) >= 2 and text[0] == '"' and text[-1] == '"':
        text = text[1:-1]
    out, i = [], 0
    while i < len(text):
        c = text[i]
        if c == "\\" and i + 1 < len(text):
            n = text[i + 1]
            if n in "Xx" and i + 3 < len(text):
                try:
                    out.append(chr(int(text[i + 2:i + 4], 16)))
                    i += 4
                    continue
                except ValueError:
                    pass
            out.append(n)
            i += 2
            continue
        out.append(c)
        i += 1
    return "".join(out)


def dots_to_unicode(dots):
    """`"1|12||78"` → "⠁⠃⠀⣀": each cell's dot numbers become the bits of U+2800 + n."""
    cells = []
    for cell in dots.split("|"):
        value = 0
        for ch in cell:
            if ch.isdigit() and "1" <= ch <= "8":
                value |= 1 << (int(ch) - 1)
        cells.append(chr(0x2800 + value))
    return "".join(cells)


class Display:
    def __init__(self, args):
        self.args = args
        self.log = open(args.log, "a", encoding="utf-8")
        self.client = None
        self.buffer = b""
        self.crlf = False
        # Lines for brltty not yet written: one at a time, once brltty has read the one before.
        self.waiting = collections.deque()

    def record(self, **event):
        event = {"t": now_ns(), **event}
        self.log.write(json.dumps(event, ensure_ascii=False) + "\n")
        self.log.flush()

    def send(self, line):
        if self.client is None:
            self.record(event="dropped", line=line)
            return
        self.waiting.append(line)
        self.send_waiting()

    def unread(self):
        """Bytes written to brltty that it has not read yet (SIOCOUTQ on a unix socket)."""
        try:
            return struct.unpack("i", fcntl.ioctl(self.client.fileno(), termios.TIOCOUTQ, b"\0" * 4))[0]
        except OSError:
            return 0

    def send_waiting(self):
        """Writes the next waiting line if brltty has read everything before it."""
        if self.client is None or not self.waiting or self.unread() > 0:
            return
        line = self.waiting.popleft()
        try:
            self.client.sendall((line + ("\r\n" if self.crlf else "\n")).encode("utf-8"))
            self.record(event="sent", line=line)
        except OSError:
            self.record(event="dropped", line=line)
            self.disconnect()

    def disconnect(self):
        if self.client is not None:
            try:
                self.client.close()
            except OSError:
                pass
            self.client = None
            self.buffer = b""
            self.record(event="disconnected")
            while self.waiting:
                self.record(event="dropped", line=self.waiting.popleft())

    def handle_line(self, raw):
        line = raw.rstrip("\r")
        match = re.match(r"\s*(\w+)\s*(.*)$", line)
        if not match:
            return
        word, rest = match.group(1), match.group(2)
        if word.lower() == "braille":
            dots = parse_string(rest)
            self.record(event="braille", dots=dots, unicode=dots_to_unicode(dots))
        elif word.lower() == "visual":
            self.record(event="visual", text=parse_string(rest))
        else:
            self.record(event="other", line=line)

    def run(self):
        listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        if os.path.exists(self.args.socket):
            os.unlink(self.args.socket)
        listener.bind(self.args.socket)
        listener.listen(4)
        if os.path.exists(self.args.control):
            os.unlink(self.args.control)
        os.mkfifo(self.args.control, 0o600)
        # O_RDWR keeps a writer open on our side, so the FIFO never reports EOF between clients.
        control = os.open(self.args.control, os.O_RDWR | os.O_NONBLOCK)
        control_buffer = b""
        if self.args.pidfile:
            with open(self.args.pidfile, "w") as f:
                f.write(str(os.getpid()))
        self.record(event="listening", socket=self.args.socket, cells=self.args.cells)
        print("ready", flush=True)

        def stop(*_):
            raise SystemExit(0)
        signal.signal(signal.SIGTERM, stop)
        signal.signal(signal.SIGINT, stop)
        try:
            while True:
                watched = [listener, control] + ([self.client] if self.client else [])
                # While lines wait for brltty to read, look again every 2 ms (a read of the
                # socket by the peer wakes nothing here).
                readable, _, _ = select.select(watched, [], [], 0.002 if self.waiting else None)
                self.send_waiting()
                if listener in readable:
                    conn, _ = listener.accept()
                    if self.client is not None:
                        self.disconnect()  # brltty restarted: the new connection wins
                    self.client = conn
                    self.record(event="connected")
                    self.send("cells %d" % self.args.cells)
                if control in readable:
                    try:
                        control_buffer += os.read(control, 4096)
                    except BlockingIOError:
                        pass
                    while b"\n" in control_buffer:
                        line, control_buffer = control_buffer.split(b"\n", 1)
                        text = line.decode("utf-8", "replace").strip()
                        if text:
                            self.send(text)
                if self.client is not None and self.client in readable:
                    try:
                        data = self.client.recv(65536)
                    except OSError:
                        data = b""
                    if not data:
                        self.disconnect()
                        continue
                    self.buffer += data
                    while b"\n" in self.buffer:
                        line, self.buffer = self.buffer.split(b"\n", 1)
                        self.crlf = line.endswith(b"\r")
                        self.handle_line(line.decode("utf-8", "replace"))
        finally:
            self.disconnect()
            for path in (self.args.socket, self.args.control):
                try:
                    os.unlink(path)
                except OSError:
                    pass
            self.record(event="stopped")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--socket", required=True)
    parser.add_argument("--cells", type=int, default=40)
    parser.add_argument("--log", required=True)
    parser.add_argument("--control", required=True)
    parser.add_argument("--pidfile")
    Display(parser.parse_args()).run()


if __name__ == "__main__":
    sys.exit(main())
