#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""First sound and `stop` → silence of one or more `lecteur` binaries, measured at the monitor of a
private PulseAudio null sink (real espeak-ng, as `scripts/speechd-latency.py` and the speech test
suite measure them), the binaries taken in turn so that the machine's load weighs on each alike.

  scripts/speech-latency.py --pulse PULSE_SERVER --bin before=PATH --bin after=PATH
                            [--rounds 2] [--sends 6] [--catalog FILE] [--json OUT]

PULSE_SERVER is the one `scripts/pulse-test.sh start DIR` prints (its sink `cap`). For each round
and binary: a reader is started (`--speech on --speech-backend espeak --braille off`); `suivant` and
`précédent` are sent SENDS times, each once the monitor has been silent for 0.4 s (first sound = send to
the first loud sample at the monitor); then SENDS times `aide` (a minute of speech) and, 1.2 s after
it was heard, `stop` (stop → silence = send to the last loud sample after it). The monitor is
recorded by parec for the whole round; its start time is estimated from its first chunk, the same
for every binary, so compare binaries of one run rather than the absolute figures. A send after
which nothing is heard (or before which the reader was still sounding) is not a sample; fewer than
half the sends as samples is a failure. Prints a line per binary and, with --json, writes
{name: {"first_sound_ms": [...], "stop_to_silence_ms": [...]}}."""
import argparse, array, json, os, statistics, subprocess, sys, tempfile, time

RATE = 22050
LOUD = 500


class Recorder:
    """parec of the sink's monitor, read without blocking."""

    def __init__(self, server):
        self.proc = subprocess.Popen(["parec", "--server", server, "-d", "cap.monitor", "--rate=%d" % RATE,
                                      "--channels=1", "--format=s16le", "--latency-msec=5"], stdout=subprocess.PIPE)
        os.set_blocking(self.proc.stdout.fileno(), False)
        self.buf = bytearray()
        self.t0 = None

    def pump(self):
        try:
            data = self.proc.stdout.read()
        except BlockingIOError:
            data = None
        if data:
            if self.t0 is None:
                self.t0 = time.monotonic() - len(data) / 2 / RATE
            self.buf.extend(data)

    def wait(self, seconds):
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            self.pump()
            time.sleep(0.002)

    def samples(self):
        self.proc.terminate()
        self.proc.wait()
        return array.array("h", bytes(self.buf[: len(self.buf) // 2 * 2]))

    def index(self, moment):
        return int((moment - self.t0) * RATE)


def loud(samples, start, end):
    return any(abs(x) > LOUD for x in samples[max(start, 0):min(end, len(samples))])


def heard_since(rec, moment):
    """Whether the monitor has sounded since `moment` (the recording so far)."""
    samples = array.array("h", bytes(rec.buf[: len(rec.buf) // 2 * 2]))
    return loud(samples, rec.index(moment), len(samples))


def wait_quiet(rec, quiet=0.4, limit=10.0):
    """Until the monitor has been silent for `quiet` seconds (at most `limit` seconds)."""
    end = time.monotonic() + limit
    while time.monotonic() < end:
        rec.wait(0.05)
        samples = array.array("h", bytes(rec.buf[max(0, len(rec.buf) - int(quiet * RATE) * 2) // 2 * 2:]))
        if len(rec.buf) > quiet * RATE * 2 and not loud(samples, 0, len(samples)):
            return


def one_round(binary, server, catalog, sends, home):
    env = dict(os.environ, PULSE_SERVER=server, XDG_DATA_HOME=home + "/data", XDG_CONFIG_HOME=home + "/config",
               XDG_CACHE_HOME=home + "/cache", DBUS_SESSION_BUS_ADDRESS="", SPEECHD_ADDRESS="")
    rec = Recorder(server)
    rec.wait(0.5)
    if rec.t0 is None:
        raise SystemExit("speech-latency: parec recorded nothing from %s" % server)
    reader = subprocess.Popen([binary, "--catalog", catalog, "--speech", "on", "--speech-backend", "espeak",
                               "--braille", "off", "--transcript", "none"],
                              stdin=subprocess.PIPE, stderr=subprocess.PIPE, env=env)

    def send(line):
        rec.pump()
        moment = time.monotonic()
        reader.stdin.write((line + "\n").encode())
        reader.stdin.flush()
        return moment

    rec.wait(1.0)
    firsts = []
    for i in range(sends):
        wait_quiet(rec)  # the welcome, or the previous card's label, has been said
        firsts.append(send("suivant" if i % 2 == 0 else "précédent"))
        rec.wait(0.5)
    wait_quiet(rec)
    stops = []
    for _ in range(sends):
        asked = send("aide")
        deadline = asked + 3.0
        while not heard_since(rec, asked) and time.monotonic() < deadline:
            rec.wait(0.01)
        rec.wait(1.2)
        stops.append(send("stop"))
        rec.wait(1.5)
    reader.stdin.write(b"quitter\n")
    reader.stdin.close()
    try:
        status = reader.wait(timeout=20)
    except subprocess.TimeoutExpired:
        reader.kill()
        raise SystemExit("speech-latency: %s did not quit" % binary)
    if status != 0:
        raise SystemExit("speech-latency: %s exited %d: %s" % (binary, status, reader.stderr.read().decode()[-500:]))
    samples = rec.samples()

    first_ms = []
    for moment in firsts:
        i0 = rec.index(moment)
        if loud(samples, i0 - RATE // 20, i0):
            continue  # still sounding from before: not a latency
        for j in range(max(i0, 0), min(i0 + 3 * RATE, len(samples))):
            if abs(samples[j]) > LOUD:
                first_ms.append((j - i0) * 1000 / RATE)
                break
    stop_ms = []
    for moment in stops:
        i0 = rec.index(moment)
        if not loud(samples, i0 - RATE // 5, i0):
            continue  # in a pause of the help, or nothing playing: nothing to silence
        window = samples[i0:i0 + RATE]
        last = max((j for j, x in enumerate(window) if abs(x) > LOUD), default=0)
        if loud(samples, i0 + last + 1, i0 + int(1.4 * RATE)):
            continue  # sound again within the 1.4 s after: not silenced
        stop_ms.append(last * 1000 / RATE)
    return first_ms, stop_ms


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--pulse", required=True)
    parser.add_argument("--bin", action="append", required=True, help="NAME=PATH (repeatable)")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--sends", type=int, default=6)
    parser.add_argument("--catalog", help="catalogue file (default: 20 generated formations)")
    parser.add_argument("--json")
    args = parser.parse_args()
    bins = dict(entry.split("=", 1) for entry in args.bin)
    results = {name: {"first_sound_ms": [], "stop_to_silence_ms": []} for name in bins}
    with tempfile.TemporaryDirectory(prefix="lecteur-latency-") as home:
        catalog = args.catalog
        if catalog is None:
            catalog = os.path.join(home, "catalogue.json")
            records = ",".join('{"id": %d, "title": "Formation %d : IA et données", "description": "Description %d.",'
                               ' "duration": "2 jours", "level": "Débutant", "price": "990.00", "next_session": null,'
                               ' "category": {"id": 1, "name": "Données", "slug": "d", "color": "#000000", "icon": "i"}}'
                               % (i + 1, i, i) for i in range(20))
            with open(catalog, "w", encoding="utf-8") as f:
                f.write('{"data": [%s]}' % records)
        for _ in range(args.rounds):
            for name, binary in bins.items():
                first_ms, stop_ms = one_round(binary, args.pulse, catalog, args.sends, os.path.join(home, name))
                results[name]["first_sound_ms"] += first_ms
                results[name]["stop_to_silence_ms"] += stop_ms
    failed = False
    for name, measured in results.items():
        for key, values in measured.items():
            if len(values) < args.rounds * args.sends / 2:
                print("speech-latency: %s: only %d samples of %s out of %d sends" % (name, len(values), key, args.rounds * args.sends),
                      file=sys.stderr)
                failed = True
        first, stop = measured["first_sound_ms"], measured["stop_to_silence_ms"]
        if first and stop:
            print("%s: first sound p50 %.1f ms max %.1f (n %d); stop → silence p50 %.1f ms max %.1f (n %d)"
                  % (name, statistics.median(first), max(first), len(first), statistics.median(stop), max(stop), len(stop)))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f)
    sys.exit(1 if failed else 0)


main()
