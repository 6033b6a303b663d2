#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Command → first sound at the private PulseAudio null sink, espeak-ng path vs speech-dispatcher.
Sends `suivant`/`précédent` to a running reader every 3.5 s (each utterance ends before the next
command) and finds the first loud sample after each send in a parec recording of the sink's monitor.
The recording's start time is estimated from its first chunk, so compare backends measured in the
same run rather than trusting the absolute figures.

Usage (private daemons: scripts/pulse-test.sh, scripts/speechd-test.sh):
  scripts/speechd-latency.py PULSE_SERVER SPEECHD_ADDRESS LECTEUR_BINARY espeak|speechd"""
import array, os, statistics, subprocess, sys, time
P, A, B, backend = sys.argv[1:5]
env = dict(os.environ, PULSE_SERVER=P, SPEECHD_ADDRESS=A, XDG_DATA_HOME=os.path.join(os.environ.get("TMPDIR", "/tmp"), "lecteur-latency-" + backend), DBUS_SESSION_BUS_ADDRESS="")
rec = subprocess.Popen(["parec", "--server", P, "-d", "cap.monitor", "--rate=22050", "--channels=1", "--format=s16le", "--latency-msec=5"], stdout=subprocess.PIPE)
os.set_blocking(rec.stdout.fileno(), False)
buf = bytearray(); t0 = None
def pump():
    global t0
    try:
        d = rec.stdout.read()
    except BlockingIOError:
        d = None
    if d:
        if t0 is None: t0 = time.monotonic() - len(d)/2/22050
        buf.extend(d)
time.sleep(0.5); pump()
r = subprocess.Popen([B, "--speech", "on", "--speech-backend", backend, "--braille", "off", "--transcript", "none"], stdin=subprocess.PIPE, env=env)
time.sleep(2.5); pump()
sends = []
for i in range(10):
    pump()
    sends.append(time.monotonic())
    r.stdin.write(("suivant\n" if i % 2 == 0 else "précédent\n").encode()); r.stdin.flush()
    end = time.monotonic() + 3.5
    while time.monotonic() < end:
        pump(); time.sleep(0.002)
r.stdin.close(); r.wait(); rec.terminate(); pump()
a = array.array('h', bytes(buf[:len(buf)//2*2]))
lat = []
for s in sends:
    i0 = int((s - t0) * 22050)
    if any(abs(x) > 500 for x in a[max(i0 - 1100, 0):i0]):
        continue  # still sounding from before: not a latency
    for j in range(max(i0, 0), min(i0 + 22050, len(a)), 22):
        if abs(a[j]) > 500:
            lat.append((j - i0) / 22.05); break
print(backend, "n", len(lat), "p50 ms", round(statistics.median(lat), 1), "max", round(max(lat), 1))
