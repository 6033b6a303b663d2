# SPDX-License-Identifier: GPL-3.0-or-later
"""Reading Swift Testing's event stream (`--event-stream-version 6.3`), shared by
scripts/test-events.py (the judge) and scripts/test-durations.py (the timings), so that both
name a test and walk a file the same way."""
import json


def list_id(event_id):
    """The event stream's `Target.Suite/test()/File.swift:12:6` as `swift test list` writes it."""
    parts = event_id.split("/")
    if len(parts) > 2 and ".swift:" in parts[-1]:
        parts = parts[:-1]
    return "/".join(parts)


def events(path, functions):
    """Yields each event record's payload of one file, in order. Test declarations are not
    yielded: the ids of test functions (not suites) are added to `functions` instead, so a
    caller can tell a test's start and end from its suite's."""
    for line in open(path, encoding="utf-8"):
        record = json.loads(line)
        payload = record["payload"]
        if record["kind"] == "test":
            if payload.get("kind") == "function":
                functions.add(payload["id"])
            continue
        yield payload
