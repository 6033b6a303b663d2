#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Soak: drives the real `lecteur` with many scripted commands (navigation, filters, errors,
# help, history, Morse playback, Morse settings, practice rounds) in JSON Lines mode and checks
# that every command is answered, memory stays flat and nothing backs up.
#
#   scripts/soak.sh [--commands N] [--binary PATH] [--max-seconds S] [--seed N] [-- READER ARGS...]
#
# Defaults: 100000 commands, .build/debug/lecteur, 1800 s bound, seed 1, reader arguments
# "--speech off --braille off". Arguments after "--" replace those (for instance
# "-- --speech on --braille on" once the devices are wired, with the private PulseAudio and
# brltty of scripts/test.sh in the environment).
#
# Each command is followed by the marker "où", whose answer (a notice "where") closes the
# command's share of the transcript: a command with no event of its own is a failure. Markers
# are not counted. The reader's VmRSS, thread count and open descriptors are read from /proc at
# the start, every 5000 commands and at the end; every 500 commands "état" reports the audio
# output's queue, the speech queue and the display state (a "status" event), so the device
# queues are shown not to grow; the round-trip time of each command is kept, so a queue inside
# the reader shows as latency that grows. Exit status 0 only if every check passed.
set -euo pipefail
cd "$(dirname "$0")/.."

commands=100000
binary=.build/debug/lecteur
max_seconds=1800
seed=1
reader_args=(--speech off --braille off)
while [ $# -gt 0 ]; do
  case "$1" in
    --commands) commands="$2"; shift 2 ;;
    --binary) binary="$2"; shift 2 ;;
    --max-seconds) max_seconds="$2"; shift 2 ;;
    --seed) seed="$2"; shift 2 ;;
    --) shift; reader_args=("$@"); break ;;
    -h|--help) sed -n '3,18p' "$0"; exit 0 ;;
    *) echo "soak: unknown argument $1" >&2; exit 64 ;;
  esac
done
[ -x "$binary" ] || { echo "soak: $binary not found (swift build --product lecteur)" >&2; exit 2; }

home=$(mktemp -d /tmp/lecteur-soak.XXXXXX)
trap 'rm -rf "$home"' EXIT

exec python3 - "$binary" "$commands" "$max_seconds" "$seed" "$home" "${reader_args[@]}" <<'PYTHON'
import json, os, random, select, statistics, subprocess, sys, time

binary, total, max_seconds, seed, home = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
reader_args = sys.argv[6:]
rng = random.Random(seed)

WORDS = ["SOS", "PARIS", "Noël", "élève", "50 %", "CQ CQ DE F4ABC", "à bientôt", "Ç'est ça", "73", "?"]
SIMPLE = [
    (30, ["suivant", "précédent", "next", "p", "répéter"]),
    (6, ["premier", "dernier", "activer", "retour", "a", "b"]),
    (3, ["onglet morse", "onglet formations"]),
    (3, ["filtre ia", "filtre tout", "filtre bureautique", "filtre zzz"]),
    (2, ["aide", "aide filtre", "historique"]),
    (3, ["suivnt", "blabla", "onglet cuisine", "set", "set vitesse 999"]),
]

def command_unit():
    """One unit: the lines sent and the least number of events they must produce."""
    r = rng.random()
    if r < 0.06:
        return ["morse " + rng.choice(WORDS)], 1
    if r < 0.08:
        return [rng.choice(["set vitesse %d" % rng.randint(15, 30), "set tonalité %d" % rng.randint(500, 900),
                            "set verbosité %s" % rng.choice(["brief", "full"]), "set farnsworth non"])], 1
    if r < 0.085:
        # "stop" silences speech and Morse and writes a notice (not spoken).
        return ["stop"], 1
    if r < 0.09:
        answers = [rng.choice("etaniskm") for _ in range(rng.randint(1, 4))]
        # start, then each answer says something and plays the next symbol; the marker's
        # "stop" ends the round
        return ["entraînement"] + answers, len(answers) + 1
    weights = [w for w, _ in SIMPLE]
    group = rng.choices(SIMPLE, weights)[0][1]
    return [rng.choice(group)], 1

env = dict(os.environ, XDG_DATA_HOME=home + "/data", XDG_CACHE_HOME=home + "/cache",
           XDG_CONFIG_HOME=home + "/config", TZ="Europe/Paris", LECTEUR_PRACTICE_SEED=str(seed))
proc = subprocess.Popen([binary, "--transcript", "jsonl"] + reader_args, stdin=subprocess.PIPE,
                        stdout=subprocess.PIPE, stderr=open(home + "/stderr", "wb"), env=env)
out = proc.stdout
buffer = b""
failures = []
started = time.monotonic()

def read_event(deadline):
    global buffer
    while b"\n" not in buffer:
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError
        ready, _, _ = select.select([out], [], [], left)
        if ready:
            chunk = os.read(out.fileno(), 1 << 16)
            if not chunk:
                raise EOFError
            buffer += chunk
    line, buffer = buffer.split(b"\n", 1)
    try:
        return json.loads(line)
    except ValueError:
        failures.append("not JSON: %r" % line[:200])
        return {"type": "invalid"}

def sample():
    status = {}
    with open("/proc/%d/status" % proc.pid) as f:
        for row in f:
            key, _, value = row.partition(":")
            status[key] = value.strip()
    return {"rss_kib": int(status["VmRSS"].split()[0]), "hwm_kib": int(status["VmHWM"].split()[0]),
            "threads": int(status["Threads"]), "fds": len(os.listdir("/proc/%d/fd" % proc.pid))}

def send(lines):
    proc.stdin.write(("\n".join(lines) + "\n").encode())
    proc.stdin.flush()

# Activating a symbol card's "S'entraîner" starts practice, where "où" would be an answer:
# after a line that may start practice the marker is "stop" (ends practice, or silences) + "où".
MAY_PRACTISE = {"activer", "a", "entraînement"}

def run_unit(lines, least):
    """Sends the lines then the marker; returns the unit's own events."""
    marker = ["stop", "où"] if any(l.split(" ")[0] in MAY_PRACTISE for l in lines) else ["où"]
    send(lines + marker)
    deadline = time.monotonic() + 30
    events = []
    while True:
        event = read_event(deadline)
        if event.get("type") == "notice" and event.get("code") == "where":
            # The marker's own speech follows its notice: read it so it is not counted next time.
            speech = read_event(deadline)
            if speech.get("type") != "speech":
                failures.append("marker without speech: %r" % speech)
            return events
        events.append(event)

# Start-up: everything up to the first marker's answer.
run_unit([], 0)
samples = [(0, sample())]
sent = 0
units = 0
current = []
latencies = []
kinds = {}
statuses = []
try:
    while sent < total:
        if time.monotonic() - started > max_seconds:
            failures.append("time bound of %d s reached after %d commands" % (max_seconds, sent))
            break
        lines, least = command_unit()
        current = lines
        t0 = time.monotonic()
        events = run_unit(lines, least)
        latencies.append(time.monotonic() - t0)
        if len(events) < least:
            failures.append("unanswered: %r gave %d events" % (lines, len(events)))
        for e in events:
            kinds[e.get("type")] = kinds.get(e.get("type"), 0) + 1
        sent += len(lines)
        units += 1
        if units % 500 == 0:
            status_events = [e for e in run_unit(["état"], 1) if e.get("type") == "status"]
            if not status_events:
                failures.append("état gave no status event after %d commands" % sent)
            else:
                statuses.append((sent, status_events[0]))
        if units % 5000 == 0:
            samples.append((sent, sample()))
            print("soak: %d commands, RSS %d KiB, %.0f s" % (sent, samples[-1][1]["rss_kib"], time.monotonic() - started),
                  file=sys.stderr, flush=True)
    samples.append((sent, sample()))
    send(["quitter"])
    proc.stdin.close()
    status = proc.wait(timeout=30)
except (TimeoutError, EOFError) as error:
    failures.append("reader stopped answering after %d commands (%s) at %r" % (sent, type(error).__name__, current))
    proc.kill()
    status = proc.wait()

elapsed = time.monotonic() - started
first, last = samples[0][1], samples[-1][1]
tenth = max(1, len(latencies) // 10)
early, late = latencies[:tenth], latencies[-tenth:]
def ms(values, q):
    values = sorted(values)
    return 1000 * values[min(len(values) - 1, int(q * len(values)))]

# Flat memory: after the first tenth (allocator and caches warm), RSS may not keep climbing.
warm = next((s for n, s in samples if n >= sent // 10), first)
growth_kib = last["rss_kib"] - warm["rss_kib"]
if growth_kib > 8 * 1024:
    failures.append("RSS grew by %d KiB after warm-up" % growth_kib)
# Threads are judged after warm-up too: the braille message timers and read-all waits start
# libdispatch's worker threads in the first seconds (a bounded pool), which is no leak.
if last["threads"] > warm["threads"] + 2 or last["fds"] > first["fds"] + 2:
    failures.append("threads %d→%d→%d, descriptors %d→%d" % (first["threads"], warm["threads"], last["threads"],
                                                            first["fds"], last["fds"]))
if ms(late, 0.5) > 3 * ms(early, 0.5) + 2:
    failures.append("median round trip grew from %.2f ms to %.2f ms" % (ms(early, 0.5), ms(late, 0.5)))
if status != 0:
    failures.append("exit status %d" % status)

# Device queues: what waits in the audio output when "état" is asked (the rest of the previous
# announcement; "aide" alone is a minute of speech) may not creep up, and speech never backs up.
def series(key):
    return [(n, e[key]) for n, e in statuses if isinstance(e.get(key), int)]
queued, pending = series("sound_queued_ms"), series("speech_pending")
device_report = {}
if queued:
    tenth_q = max(1, len(queued) // 10)
    q_early = [v for _, v in queued[:tenth_q]]
    q_late = [v for _, v in queued[-tenth_q:]]
    device_report["sound_queued_ms"] = {"max": max(v for _, v in queued), "first_tenth_median": statistics.median(q_early),
                                        "last_tenth_median": statistics.median(q_late),
                                        "largest_ever": statuses[-1][1].get("sound_largest_queued_ms"),
                                        "dropped": statuses[-1][1].get("sound_dropped_ms")}
    if statistics.median(q_late) > statistics.median(q_early) + 2000:
        failures.append("audio queue grew: median %d ms → %d ms" % (statistics.median(q_early), statistics.median(q_late)))
    if max(v for _, v in queued) > 120000:
        failures.append("audio queue reached %d ms" % max(v for _, v in queued))
if pending:
    device_report["speech_pending_max"] = max(v for _, v in pending)
    if max(v for _, v in pending) > 2:
        failures.append("speech queue reached %d utterances" % max(v for _, v in pending))
if statuses:
    last_status = statuses[-1][1]
    device_report["sound"] = last_status.get("sound")
    device_report["braille"] = last_status.get("braille")
    device_report["status_samples"] = len(statuses)
    # Devices asked for with "on" must have stayed connected the whole soak.
    args = " ".join(reader_args)
    for key, flag in (("sound", "--speech on"), ("braille", "--braille on")):
        states = {e.get(key) for _, e in statuses}
        if flag in args and states != {"connected"}:
            failures.append("%s was %s during the soak (after command: %s)" % (key, sorted(str(x) for x in states),
                            [(n, e.get(key)) for n, e in statuses if e.get(key) != "connected"][:5]))

print(json.dumps({
    "commands": sent, "units": units, "markers": units + 1, "seconds": round(elapsed, 1),
    "exit_status": status, "events": kinds,
    "rss_kib": {"start": first["rss_kib"], "after_first_tenth": warm["rss_kib"], "end": last["rss_kib"],
                "peak": last["hwm_kib"]},
    "threads": [first["threads"], warm["threads"], last["threads"]], "fds": [first["fds"], last["fds"]],
    "round_trip_ms": {"first_tenth_median": round(ms(early, 0.5), 3), "last_tenth_median": round(ms(late, 0.5), 3),
                      "first_tenth_p99": round(ms(early, 0.99), 3), "last_tenth_p99": round(ms(late, 0.99), 3)},
    "devices": device_report,
    "rss_samples": [[n, s["rss_kib"]] for n, s in samples],
    "failures": failures[:20], "failure_count": len(failures),
}, ensure_ascii=False, indent=1))
sys.exit(1 if failures else 0)
PYTHON
