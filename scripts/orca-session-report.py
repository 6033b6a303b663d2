#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The measurement of scripts/orca-session.sh, from what it left in OUT.

speech-dispatcher's log at LogLevel 5 tells, for every message: the client that sent it (the fd
of its `DATA` lines, named by `SET self CLIENT_NAME`), its SSIP priority (`Queueing message |…|
with priority N`), and its fate: sent to the output module (`SPEAK`), then `701 BEGIN` and `702
END` (heard whole) or `703 STOP` (cut), or never sent (dropped from the queue). The terminal logs
(`script`) give what Lecteur printed; events.tsv when the driver did what.

    scripts/orca-session-report.py OUT     prints the report; exit status 1 when a check fails
"""
import html
import re
import sys
import time
from pathlib import Path

PRIORITY = {1: "important", 2: "message", 3: "text", 4: "notification", 5: "progress"}
STAMP = re.compile(r"^\[(\w{3} \w{3} +\d+ [\d:]+ \d{4}) : (\d+)\] speechd: +(.*)$")


def words(text):
    """Letters and digits only, lower case: what the ear can compare."""
    return "".join(c for c in text.lower() if c.isalnum())


def plain(ssml):
    return html.unescape(re.sub(r"<[^>]*>", "", ssml))


def same_speech(a, b):
    """Two SSML texts say the same: tags out, white space folded."""
    return " ".join(plain(a).split()) == " ".join(plain(b).split())


def log_times(lines, t0):
    """{line index: seconds from t0} for the log's stamped lines. speech-dispatcher writes the
    second from time(), which reads the kernel's coarse clock, and the microseconds from
    gettimeofday(): for a few milliseconds after each second begins its lines carry the second
    before (« 01:43:14 : 4142 » then « 01:43:15 : 4179 » in /tmp/pace2-run6), 1 s early. Such a
    line, followed within 50 ms of its second-later self by the next line, is moved on 1 s."""
    stamps = {}
    for index, raw in enumerate(lines):
        m = STAMP.match(raw)
        if m:
            stamps[index] = time.mktime(time.strptime(m.group(1), "%a %b %d %H:%M:%S %Y")) + int(m.group(2)) / 1e6 - t0
    following = None
    for index in sorted(stamps, reverse=True):
        stamp, micros = stamps[index], int(STAMP.match(lines[index]).group(2))
        if following is not None and micros < 50_000 and 0 <= following - (stamp + 1) < 0.05:
            stamp += 1
            stamps[index] = stamp
        following = stamp
    return stamps


def settle(capture, before, messages):
    """A `before:` text is kept; an `after:` text becomes the module text of the oldest message
    waiting whose queued text is the `before:` one. Returns the `before:` text to keep."""
    kind, text = capture[0], capture[1][:-1]
    if kind == "before":
        return text
    if before is not None:
        target = next((e for e in messages if not e.get("sent") and not e.get("closed") and "module" not in e
                       and same_speech(e["text"], before)), None)
        if target is not None:
            target["module"] = text
    return None


def read_log(path, t0):
    """Each queued message: time, client, priority, text, fate, begin and end (seconds from t0),
    and the index marks reached while it was spoken ([(mark, seconds)]: Orca names each word's
    mark by its character offsets in the text, « 36:37 »)."""
    clients, fd, messages, spoken = {}, None, [], None
    pending = None  # a message whose text spans lines
    capture = None  # a `before:` or `after:` text spanning lines: [kind, text]
    before = None  # the last `before:` text: the queued message about to be sent
    lines = Path(path).read_text(errors="replace").split("\n")
    stamps = log_times(lines, t0)
    for index, raw in enumerate(lines):
        m = STAMP.match(raw)
        if not m:
            if capture is not None:
                capture[1] += "\n" + raw
                if raw.endswith("|"):
                    before = settle(capture, before, messages)
                    capture = None
                continue
            if pending is not None:
                pending["text"] += "\n" + raw
                if "| with priority " in raw:
                    text, _, rest = pending["text"].rpartition("| with priority ")
                    pending["text"], pending["priority"] = text, int(rest.split()[0])
                    messages.append(pending)
                    pending = None
            continue
        stamp = stamps[index]
        line = m.group(3)
        data = re.match(r"(\d+):DATA:\|(.*)", line)
        if data:
            fd = int(data.group(1))
            name = re.match(r'SET self CLIENT_NAME "?[^:]*:([^:]*):', data.group(2), re.I)
            if name:
                clients[fd] = name.group(1).lower()
            # A client's CANCEL (or STOP) discards what it has waiting: none of it is spoken later.
            if re.match(r"(CANCEL|STOP) self", data.group(2), re.I):
                for entry in messages:
                    if entry["fd"] == fd and not entry.get("sent"):
                        entry["closed"] = True
        elif line.startswith("Queueing message |"):
            body = line[len("Queueing message |"):]
            entry = {"t": stamp, "fd": fd, "client": clients.get(fd, f"fd{fd}"), "fate": "dropped", "begin": None, "end": None}
            if "| with priority " in body:
                text, _, rest = body.rpartition("| with priority ")
                entry.update(text=text, priority=int(rest.split()[0]))
                messages.append(entry)
            else:
                entry["text"] = body
                pending = entry
        elif line.startswith(("before: |", "after: |")):
            # As a message goes to the module, speech-dispatcher logs its text `before:` and
            # `after:` its dictionaries named the signs (« ♪ » became « croche », « : » « deux
            # points : »): the module's text is known for the queued one. Matching the module's
            # text by the queued text's first letters took every « ♪ Question N » and « Juste :
            # K. » for dropped (issue 45).
            kind, _, text = line.partition(": |")
            capture = [kind, text]
            if text.endswith("|"):
                before = settle(capture, before, messages)
                capture = None
        elif line.startswith("Command sent to output module: |<speak>"):
            sent = line.split("|", 1)[1].rsplit("|", 1)[0]
            said = words(plain(sent))
            spoken = None
            waiting = [e for e in messages if not e.get("sent") and not e.get("closed")]
            # The oldest message waiting whose module text is this one; a message logged
            # without it (an older log level) by the first letters of its text, in queue order.
            found = next((e for e in waiting if "module" in e and same_speech(e["module"], sent)), None)
            if found is None:
                for entry in waiting:
                    if "module" in entry:
                        continue
                    q = words(plain(entry["text"]))
                    n = min(6, len(q), len(said))
                    if n and q[:n] == said[:n]:
                        found = entry
                        break
            if found is not None:
                found["sent"], spoken = True, found
        elif spoken is not None and "while speaking: |701 BEGIN" in line:
            spoken["begin"] = stamp
        elif spoken is not None and "while speaking: |700-" in line:
            spoken.setdefault("marks", []).append((line.split("|700-", 1)[1].strip(), stamp))
        elif spoken is not None and "while speaking: |702 END" in line:
            spoken.update(fate="heard", end=stamp)
            spoken = None
        elif spoken is not None and "while speaking: |703 STOP" in line:
            spoken.update(fate="cut", end=stamp)
            spoken = None
    for entry in messages:
        entry["raw"] = plain(entry["text"])
        entry["text"] = entry["raw"].replace("\n", " ⏎ ").strip()
    return messages


def printed_answers(path):
    """What Lecteur printed after each command typed at its prompt: [(command, [lines])]."""
    raw = Path(path).read_text(errors="replace")
    raw = re.sub(r"\x1b\[[0-9;?>]*[A-Za-z]", "", raw)
    lines = [segment.split("\r")[-1] for segment in raw.replace("\r\n", "\n").split("\n")]
    answers, current = [], None
    for line in lines:
        if line.startswith("lecteur> "):
            if current:
                answers.append(current)
            typed = line[len("lecteur> "):].strip()
            current = (typed, []) if typed else None
        elif current is not None and line.strip() and not line.startswith("Script done"):
            current[1].append(line.strip())
    if current:
        answers.append(current)
    return answers


def main():
    out = Path(sys.argv[1])
    t0 = float((out / "t0").read_text())
    messages = read_log(out / "speechd.log", t0)
    marks = [(float(t), label) for t, label in (l.split("\t", 1) for l in (out / "events.tsv").read_text().splitlines())]
    failures = []

    def at(label):
        return next((t for t, l in marks if l == label), None)

    print("## Every utterance (seconds from the session's start; wait = queued to begin)")
    print(f"{'queued':>7} {'wait':>5} {'client':8} {'priority':8} {'fate':7} text")
    for e in messages:
        wait = f"{e['begin'] - e['t']:.2f}" if e["begin"] is not None else "-"
        print(f"{e['t']:7.2f} {wait:>5} {e['client']:8} {PRIORITY.get(e['priority'], e['priority']):8} {e['fate']:7} {e['text'][:110]}")

    print("\n## Each command beside Orca: its printed answer, and how many times each line was heard")
    beside = [(t, l) for t, l in marks if l.startswith("enter: ")]
    answers = printed_answers(out / "terminal-1.log")
    for index, (t, label) in enumerate(beside):
        command = label[len("enter: "):]
        # Up to the driver's next act (what only reports, a prompt or a notice seen, does not end it).
        following = [m for m, l in marks if m > t and (l.startswith(("type", "enter", "focus", "orca:")) or l.endswith(": start"))]
        until = following[0] if following else float("inf")
        heard = [e for e in messages if t <= e["t"] < until and e["fate"] == "heard"]
        stream = words(" ".join(e["text"] for e in heard))
        lecteur = [e for e in messages if t <= e["t"] < until and e["client"] == "lecteur"]
        answer = next((lines for typed, lines in answers if typed == command), None)
        if answer is None:
            continue
        answers.remove((command, answer))
        if command == "actualiser":
            # The driver moves the focus away 1.5 s after it (the background event's scene):
            # Orca cuts its own reading of the terminal then, as it does for any focus change.
            print(f"- `{command}` (typed at {t:.2f} s): not counted, the focus left 1.5 s later")
            continue
        print(f"- `{command}` (typed at {t:.2f} s): printed {len(answer)} line(s); Lecteur's own speech: {len(lecteur)}")
        for line in answer:
            count = stream.count(words(line)) if words(line) else 0
            mark = "ok" if count == 1 else "FAIL"
            if count != 1:
                failures.append(f"`{command}`: « {line[:60]} » heard {count} times")
            print(f"  - {mark}: heard {count}× « {line[:100]} »")

    print("\n## Orca's own speech: held back by Lecteur's?")
    orca = [e for e in messages if e["client"] == "orca" and e["begin"] is not None]
    held = []
    for e in orca:
        for other in messages:
            if other["client"] == "lecteur" and other["begin"] is not None and other["begin"] <= e["t"] < (other["end"] or 0) \
                    and e["begin"] >= other["end"]:
                held.append((e, other))
    waits = sorted(e["begin"] - e["t"] for e in orca)
    if waits:
        longest = max(orca, key=lambda e: e["begin"] - e["t"])
        print(f"- {len(orca)} Orca utterances spoken; queued → begin: median {waits[len(waits) // 2]:.3f} s, max {waits[-1]:.3f} s"
              f" (« {longest['text'][:50]} », queued at {longest['t']:.2f} s)")
    print(f"- held behind a Lecteur utterance: {len(held)}")
    for e, other in held:
        failures.append(f"Orca's « {e['text'][:40]} » waited {e['begin'] - e['t']:.2f} s behind Lecteur's « {other['text'][:40]} »")

    print("\n## Orca started after Lecteur, quit before it")
    named, noticed = at("orca: named"), at("lecteur 1: noticed orca")
    if named is not None and noticed is not None:
        print(f"- started: Orca named `orca` at {named:.2f} s, « Orca a démarré » printed at {noticed:.2f} s: {noticed - named:.2f} s")
        if noticed - named >= 2:
            failures.append(f"Orca's start noticed after {noticed - named:.2f} s")
    else:
        failures.append("Orca's start was not noticed")
        print("- started: not noticed")
    # Orca can end from its SIGTERM on; the driver logs « gone » once it has reaped it, a few ms
    # after the end (after a SIGKILL, Lecteur has been seen to notice first).
    gone, signalled = at("orca: gone"), at("orca: SIGTERM")
    start = signalled if signalled is not None else gone
    said = next((e for e in messages if start is not None and e["t"] >= start and e["client"] == "lecteur"
                 and e["text"].startswith("Orca s'est arrêté")), None)
    if gone is not None and said is not None:
        print(f"- quit: Orca's process gone at {gone:.2f} s, « {said['text']} » queued at {said['t']:.2f} s: {said['t'] - gone:.2f} s ({said['fate']})")
        if said["t"] - gone >= 2:
            failures.append(f"Orca's end noticed after {said['t'] - gone:.2f} s")
    else:
        failures.append("Orca's end was not noticed")
        print("- quit: not noticed")

    print("\n## The terminal not focused: a background event")
    away, back = at("focus: other window"), at("focus: Lecteur")
    if away is not None and back is not None:
        background = [e for e in messages if away <= e["t"] < back and e["client"] == "lecteur"]
        for e in background:
            print(f"- Lecteur at {PRIORITY.get(e['priority'])}: « {e['text']} » ({e['fate']})")
        if not background or any(e["priority"] != 3 for e in background):
            failures.append("unfocused: no background event said at text" if not background else "unfocused: spoken at another priority than text")

    print("\n## Start-up beside Orca (Lecteur 2): lines printed before the first element")
    second = printed_answers(out / "terminal-2.log")
    raw = re.sub(r"\x1b\[[0-9;?>]*[A-Za-z]", "", (out / "terminal-2.log").read_text(errors="replace"))
    before = [l.split("\r")[-1].strip() for l in raw.replace("\r\n", "\n").split("\n")[1:]]
    before = before[:next((i for i, l in enumerate(before) if " sur " in l), len(before))]
    for line in before:
        if line:
            print(f"  « {line} »")
    count = sum(1 for l in before if l)
    if count > 2:
        failures.append(f"start-up beside Orca: {count} lines before the first element")
    del second

    print("\n## Result")
    for failure in failures:
        print(f"- FAIL: {failure}")
    print("- all checks hold" if not failures else f"- {len(failures)} check(s) failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
