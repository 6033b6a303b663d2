#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The measurement of scripts/orca-pace.sh (issue 45, « done when »), from what it left in OUT.

Times are seconds from the session's start (OUT/t0). Orca's speech: speech-dispatcher's log
(scripts/orca-session-report.py's reader: each message's client, begin `701` and end `702`/`703`)
and the recording of its sink `cap` (speech.raw); Lecteur's tones: the recording of its own sink
`reader` (tones.raw). Each recording starts at OUT/NAME.start.

    scripts/orca-pace-report.py OUT     prints the report; exit status 1 when a check fails
"""
import array
import importlib.util
import re
import sys
from pathlib import Path

here = Path(__file__).resolve().parent
spec = importlib.util.spec_from_file_location("orca_session_report", here / "orca-session-report.py")
session_report = importlib.util.module_from_spec(spec)
spec.loader.exec_module(session_report)
read_log, words = session_report.read_log, session_report.words

RATE = 22050
WINDOW = 110  # 5 ms


def sounds(out, name, gap):
    """(begin, end) of each sound in OUT/name.raw: 5-ms windows above a threshold, joined when
    less than `gap` seconds of silence part them."""
    start = float((out / f"{name}.start").read_text())
    data = array.array("h")
    raw = (out / f"{name}.raw").read_bytes()
    data.frombytes(raw[: len(raw) // 2 * 2])
    spans, begin, last = [], None, None
    for i in range(0, len(data) - WINDOW, WINDOW):
        window = data[i:i + WINDOW]
        if max(window) > 300 or -min(window) > 300:
            t = start + i / RATE
            if begin is None:
                begin = t
            elif t - last > gap:
                spans.append((begin, last))
                begin = t
            last = t + WINDOW / RATE
    if begin is not None:
        spans.append((begin, last))
    return spans


def terminal_lines(out):
    """The terminal's lines as printed (escape sequences out, each line's last rewrite)."""
    raw = (out / "terminal.log").read_text(errors="replace")
    raw = re.sub(r"\x1b\[[0-9;?>]*[A-Za-z]", "", raw)
    raw = re.sub(r"\x1b\][^\x07]*\x07", "", raw)
    return [segment.split("\r")[-1] for segment in raw.replace("\r\n", "\n").split("\n")]


def answers(lines):
    """[(command typed at `lecteur> `, [lines printed after it])], in order."""
    result, current = [], None
    for line in lines:
        if line.startswith("lecteur> "):
            if current is not None:
                result.append(current)
            current = (line[len("lecteur> "):].strip(), [])
        elif current is not None and line.strip() and not line.startswith("Script done"):
            current[1].append(line.strip())
    if current is not None:
        result.append(current)
    return result


def overlap(a, b):
    return max(0.0, min(a[1], b[1]) - max(a[0], b[0]))


def main():
    out = Path(sys.argv[1])
    t0 = float((out / "t0").read_text())
    messages = read_log(out / "speechd.log", t0)
    marks = [(float(t), label) for t, label in (l.split("\t", 1) for l in (out / "events.tsv").read_text().splitlines())]
    failures = []

    def at(label):
        return next((t for t, l in marks if l == label), None)

    spoken = [(e["begin"], e["end"], e) for e in messages if e["begin"] is not None and e["end"] is not None]
    speech = sounds(out, "speech", 0.25)
    tones = sounds(out, "tones", 0.4)

    print("## Every utterance (seconds from the session's start)")
    print(f"{'queued':>7} {'begin':>7} {'end':>7} {'client':8} {'fate':7} text")
    for e in messages:
        begin = f"{e['begin']:7.2f}" if e["begin"] is not None else "      -"
        end = f"{e['end']:7.2f}" if e["end"] is not None else "      -"
        print(f"{e['t']:7.2f} {begin} {end} {e['client']:8} {e['fate']:7} {e['text'][:100]}")
    print("\n## Driver")
    for t, label in marks:
        print(f"{t:7.2f} {label}")

    # (c) Start-up.
    print("\n## (c) Start-up beside Orca: `lp` and Enter in the shell → the first element heard")
    started = [float(l.replace(",", ".")) - t0 for l in (out / "lecteur.started").read_text().split()]
    enter = at("enter: lp")
    lines = terminal_lines(out)
    launch = next(i for i, l in enumerate(lines) if l.startswith("$ lp"))
    before = []
    for line in lines[launch + 1:]:
        line = line[len("lecteur> "):] if line.startswith("lecteur> ") else line
        if line.strip():
            before.append(line.strip())
        if " sur " in line:
            break
    for line in before:
        print(f"  printed: « {line} »")
    element = before[-1] if before else ""
    heard_first = next((e for e in messages if e["client"] == "orca" and e["t"] >= enter and e["fate"] == "heard"
                        and words(element)[:30] in words(e["text"])), None)
    if heard_first is None or not element:
        failures.append("start-up: the first element was never heard whole")
        print("- the first element was never heard whole")
    else:
        # Heard whole when the voice reached the word after it (Orca marks each word with its
        # offsets in the text: « 47:57 »), or at the utterance's end when nothing follows it.
        whole, after_it = heard_first["end"], "the utterance's end"
        at_char = heard_first["raw"].find(element)
        if at_char >= 0:
            end_char = at_char + len(element)
            for name, stamp in heard_first.get("marks", []):
                offsets = re.match(r"(\d+):\d+$", name)
                if offsets and int(offsets.group(1)) >= end_char:
                    whole, after_it = stamp, f"index mark {name}, the next word's"
                    break
        took = whole - enter
        print(f"- Enter at {enter:.2f} s, Lecteur started {started[0] - enter:.3f} s later; first element « {element[:60]} »"
              f" in Orca's utterance {heard_first['begin']:.2f}–{heard_first['end']:.2f} s (« {heard_first['text'][:70]} »);"
              f" heard whole at {whole:.2f} s ({after_it}): {took:.2f} s after Enter")
        # The element as an utterance of its own: the prompt may follow it, nothing else (read
        # in one breath, « …filtre 1 sur 7 14 formations chargées » ran the count into it).
        others = [l.strip() for l in heard_first["raw"].split("\n") if l.strip() and l.strip() != element.strip()
                  and not l.strip().startswith("lecteur>")]
        if others:
            print(f"  the utterance holds more than the element and the prompt: « {heard_first['text'][:120]} »")
            failures.append(f"start-up: the first element read in one utterance with « {others[0][:50]} »")
        if took > 6:
            failures.append(f"start-up: the first element heard {took:.2f} s after Enter (limit 6 s)")
    if len(before) > 3:
        failures.append(f"start-up: {len(before) - 1} lines before the first element")

    # (a) The lesson: each question's tones against Orca's speech.
    print("\n## (a) Koch lesson: each question's tones against Orca's speech")
    lesson_start, reading = at("enter: entrainement koch"), at("reading: start")
    enters = [(t, l[len("enter: "):]) for t, l in marks if l.startswith("enter: ") and lesson_start <= t < reading]
    n = 0
    print(f"{'what':12} {'tones':>15} {'speech (log) overlap':>22} {'speech (sink) overlap':>22} {'last speech end → tones':>24} {'tones end → next speech':>24}")
    for sound in (s for s in tones if lesson_start <= s[0] < reading):
        cause = [(t, typed) for t, typed in enters if t <= sound[0]]
        typed = cause[-1][1] if cause else "?"
        question = typed in ("", "entrainement koch")
        if question:
            n += 1
            what = f"question {n}"
        else:
            what = f"correction ({typed})"
        logged = sum(overlap(sound, (b, e)) for b, e, m in spoken)
        sunk = sum(overlap(sound, s) for s in speech)
        before_end = max((e for b, e in speech if e <= sound[0] + 0.001), default=None)
        after_begin = min((b for b, e in speech if b >= sound[1] - 0.001), default=None)
        gap_before = f"{sound[0] - before_end:.2f}" if before_end is not None else "-"
        gap_after = f"{after_begin - sound[1]:.2f}" if after_begin is not None else "-"
        print(f"{what:12} {sound[0]:7.2f}–{sound[1]:7.2f} {logged:22.2f} {sunk:22.2f} {gap_before:>24} {gap_after:>24}")
        # The log and Lecteur's sink are two clocks (the recording's start is known within
        # parec's 10-ms latency): under 30 ms of overlap by the log is no overlap; the two sinks
        # share theirs.
        # By the log, « ♪ Question N » (printed once its tones have been played) begins up to
        # 20 ms before they end at Lecteur's sink, never under them at Orca's sink: two clocks,
        # the recording's start known within parec's 10-ms latency and 5-ms windows. Under 30 ms
        # by the log is no overlap; the two sinks share one clock and are held to none.
        if question and (logged > 0.03 or sunk > 0):
            who = [m["text"][:40] for b, e, m in spoken if overlap(sound, (b, e)) > 0]
            failures.append(f"{what}: tones {sound[0]:.2f}–{sound[1]:.2f} under speech ({logged:.2f} s by the log, {sunk:.2f} s at the sink): {who}")
    if n != 10:
        failures.append(f"lesson: {n} questions' tones recorded, not 10")

    # (b) `tout lire`, a screen at a time.
    print("\n## (b) `tout lire` beside Orca")
    # The reading's lines: everything printed between the `tout lire` typed and the `stop`
    # (the prompt, redrawn after each line printed, is no part of it); a screen ends at « Pour
    # la suite… ».
    begin_at = next(i for i, l in enumerate(lines) if l.startswith("lecteur> ") and l[9:].strip() == "tout lire")
    stop_at = next(i for i, l in enumerate(lines) if i > begin_at and l.startswith("lecteur> ") and l[9:].strip() == "stop")
    screens, screen = [], []
    for line in lines[begin_at + 1:stop_at]:
        text = line[len("lecteur> "):] if line.startswith("lecteur> ") else line
        if not text.strip():
            continue
        screen.append(text.strip())
        if text.startswith("Pour la suite"):
            screens.append(screen)
            screen = []
    if screen:
        screens.append(screen)
    replies = answers(lines)
    where = next((printed for command, printed in replies if command in ("où", "ou")), [])
    window = (at("enter: tout lire"), at("reading: end"))
    stops = [t for t, l in marks if l == "enter: stop" and t > window[0]]
    heard = [m for m in messages if window[0] <= m["t"] < (stops[0] if stops else window[1]) and m["fate"] == "heard"]
    cut = [m for m in messages if window[0] <= m["t"] < (stops[0] if stops else window[1]) and m["fate"] != "heard"]
    stream = words(" ".join(m["text"] for m in heard))
    last_heard = None
    for number, printed in enumerate(screens, 1):
        print(f"- screen {number}: {len(printed)} lines")
        for line in printed:
            w = words(line)
            whole = bool(w) and w in stream
            if whole and " sur " in line:
                last_heard = line
            print(f"  - {'heard' if whole else 'NOT HEARD whole'}: « {line[:90]} »")
            if not whole and " sur " in line:
                failures.append(f"tout lire: « {line[:50]} » not heard from its first word")
    for m in cut:
        print(f"  - cut or dropped: « {m['text'][:80]} » ({m['fate']})")
    print(f"- `où` after `stop`: « {' '.join(where)[:100]} »; last element heard: « {(last_heard or '')[:80]} »")
    position = re.search(r"(\d+) sur (\d+)", " ".join(where))
    expected = re.search(r"(\d+) sur (\d+)", last_heard or "")
    if not position or not expected or position.groups() != expected.groups():
        failures.append("tout lire: `où` does not name the last element heard")

    # (d) Quitting.
    print("\n## (d) `quitter` with no display")
    enter, back = at("enter: quitter"), at("shell: prompt back")
    ended = [float(l.replace(",", ".")) - t0 for l in (out / "lecteur.ended").read_text().split()] if (out / "lecteur.ended").exists() else []
    if enter is None or back is None or not ended:
        failures.append("quitter: the shell's prompt did not come back")
        print("- the prompt did not come back")
    else:
        print(f"- Enter at {enter:.3f} s; Lecteur ended {ended[-1] - enter:.3f} s later; the shell's prompt seen {back - enter:.3f} s later"
              " (the driver polls the terminal's log every 10 ms)")
        if back - enter > 0.2:
            failures.append(f"quitter: the prompt came back {back - enter:.3f} s after Enter (limit 0.2 s)")

    print("\n## Result")
    for failure in failures:
        print(f"- FAIL: {failure}")
    print("- all checks hold" if not failures else f"- {len(failures)} check(s) failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
