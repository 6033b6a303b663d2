#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Prints the slowest tests and suites of a run, from Swift Testing's event stream.

    scripts/test-durations.py [--top N] [--files] EVENTS.jsonl...

Each EVENTS file is what `swift test --event-stream-output-path FILE --event-stream-version 6.3`
wrote (scripts/test.sh keeps one per step). A test's time is its `testStarted` to its `testEnded`;
a suite's is the sum of its tests' times (in a parallel run tests overlap, so a suite's sum can
exceed the run's wall time) and its span, first start to last end. The console's « passed after
N seconds » is rounded and absent for a failed parameterized case; the events are not.

With several files (scripts/test.sh writes one per `swift test` process) the tests and suites
are ranked together; --files also prints each file's test count and wall time.
Times on a loaded machine are inflated: compare a test with itself, before and after.
"""
import argparse
import sys

from swift_test_events import events, list_id as test_id


def suite_of(test):
    return test.split("/")[0]


def read(path, started, ended, functions, runs):
    """Adds one file's function starts and ends (seconds) to the dictionaries."""
    run = [None, None]
    for payload in events(path, functions):
        kind = payload.get("kind")
        instant = payload.get("instant", {}).get("absolute")
        if kind == "runStarted":
            run[0] = instant
        elif kind == "runEnded":
            run[1] = instant
        elif kind in ("testStarted", "testEnded") and payload.get("testID") in functions:
            target = started if kind == "testStarted" else ended
            # A test id appears once per run; the key keeps the file so two runs do not mix.
            target[(path, payload["testID"])] = instant
    runs.append((path, run[0], run[1]))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--top", type=int, default=15, help="how many tests and suites to print (15)")
    parser.add_argument("--files", action="store_true", help="print each file's count and wall time")
    parser.add_argument("events", nargs="+")
    args = parser.parse_args()

    started, ended, functions, runs = {}, {}, set(), []
    for path in args.events:
        read(path, started, ended, functions, runs)

    tests = []  # (seconds, list id, file)
    unfinished = []
    for key, start in started.items():
        path, raw = key
        if key in ended:
            tests.append((ended[key] - start, test_id(raw), path))
        else:
            unfinished.append(test_id(raw))
    suites = {}  # suite -> [sum, first start, last end, count]
    for key, start in started.items():
        if key not in ended:
            continue
        suite = suite_of(test_id(key[1]))
        entry = suites.setdefault(suite, [0.0, start, ended[key], 0])
        entry[0] += ended[key] - start
        entry[1] = min(entry[1], start)
        entry[2] = max(entry[2], ended[key])
        entry[3] += 1

    for path, begin, end in runs if args.files or len(runs) == 1 else []:
        wall = f"{end - begin:.1f} s" if begin is not None and end is not None else "did not end"
        count = sum(1 for t in tests if t[2] == path)
        total = sum(t[0] for t in tests if t[2] == path)
        print(f"{path}: {count} test(s), run {wall}, tests' times summed {total:.1f} s")

    print(f"slowest {min(args.top, len(tests))} test(s) of {len(tests)}:")
    for seconds, test, _ in sorted(tests, reverse=True)[: args.top]:
        print(f"  {seconds:8.1f} s  {test}")
    ranked = sorted(suites.items(), key=lambda item: item[1][0], reverse=True)
    print(f"slowest {min(args.top, len(ranked))} suite(s) of {len(ranked)} (sum of tests; span first start to last end):")
    for suite, (total, first, last, count) in ranked[: args.top]:
        print(f"  {total:8.1f} s  span {last - first:7.1f} s  {count:3d} test(s)  {suite}")
    # A run still going (or one that crashed) has many; the first few say which.
    for test in unfinished[:5]:
        print(f"  did not end: {test}")
    if len(unfinished) > 5:
        print(f"  … and {len(unfinished) - 5} more did not end")
    return 0


if __name__ == "__main__":
    sys.exit(main())
