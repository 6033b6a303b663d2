#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Judges a test run from Swift Testing's event stream, not from the console.

    scripts/test-events.py --list LIST --allow ALLOW [--ci] EVENTS.jsonl...

LIST is `swift test list` (one test a line, `Target.Suite/test()`); ALLOW holds the tests the run
leaves out on purpose, `ID<TAB>reason` a line; each EVENTS file is what
`swift test --event-stream-output-path FILE --event-stream-version 6.3` wrote (version 6.3: the
first to carry warning-level issues and cancelled test cases).

It prints what ran and every test that did not simply pass, then exits 1 when a test failed,
and under --ci also when a test was skipped or cancelled (a whole test or one of its cases), an
issue was known (`withKnownIssue`) or a warning, or the tests that ended differ from LIST minus
ALLOW (a suite filtered out, a test missing or one run twice). The console says « passed » for a
parameterized test whose cases were cancelled and nothing at all of a warning outside the
summary: only the events say it all.
"""
import argparse
import sys

from swift_test_events import events, list_id


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--list", required=True)
    parser.add_argument("--allow", required=True)
    parser.add_argument("--ci", action="store_true")
    parser.add_argument("events", nargs="+")
    args = parser.parse_args()

    listed = [line.strip() for line in open(args.list, encoding="utf-8") if line.strip()]
    allowed = {}
    for line in open(args.allow, encoding="utf-8"):
        if not line.strip() or line.startswith("#"):
            continue
        test, _, reason = line.rstrip("\n").partition("\t")
        if not reason.strip():
            sys.exit(f"test-events: the allow-list entry {test!r} gives no reason")
        allowed[test.strip()] = reason.strip()
    unknown = sorted(set(allowed) - set(listed))
    if unknown:
        # An entry that names nothing would hide a renamed test that no longer runs.
        sys.exit("test-events: allow-list entries not in `swift test list`: " + ", ".join(unknown))

    functions = set()        # ids of test functions (not suites) the runs declared
    ended = {}               # list id -> how many times a test function ended
    problems = {"failed": [], "skipped": [], "cancelled": [], "known issue": [], "warning": []}
    not_run = set()          # list ids of tests skipped or cancelled (whole, or one of their cases)
    runs_ended = 0
    for path in args.events:
        for payload in events(path, functions):
            kind = payload.get("kind")
            test = payload.get("testID", "")
            where = f"{list_id(test)}" if test else "(the run)"
            text = " ".join(m.get("text", "") for m in payload.get("messages", []))
            if kind == "runEnded":
                runs_ended += 1
            elif kind == "testEnded" and test in functions:
                ended[list_id(test)] = ended.get(list_id(test), 0) + 1
            elif kind == "testSkipped":
                not_run.add(list_id(test))
                problems["skipped"].append(f"{where}: {text}")
            elif kind in ("testCancelled", "testCaseCancelled"):
                not_run.add(list_id(test))
                problems["cancelled"].append(f"{where} ({kind}): {text}")
            elif kind == "issueRecorded":
                issue = payload.get("issue", {})
                if issue.get("isKnown"):
                    problems["known issue"].append(f"{where}: {text}")
                elif issue.get("severity") == "warning" or issue.get("isFailure") is False:
                    problems["warning"].append(f"{where}: {text}")
                else:
                    problems["failed"].append(f"{where}: {text}")

    # A cancelled test also ends: it is counted by what it was, not as run.
    ran = {test for test in ended if test not in not_run}
    expected = set(listed) - set(allowed)
    missing = sorted(expected - ran)
    extra = sorted(ran - set(listed))
    twice = sorted(test for test, count in ended.items() if count > 1)

    print(f"test-events: {len(ran)} test(s) ran of {len(listed)} listed, {len(allowed)} left out on purpose; "
          + ", ".join(f"{k}: {len(v)}" for k, v in problems.items()))
    for test, reason in sorted(allowed.items()):
        print(f"  left out: {test}: {reason}")
    status = 0
    for kind, entries in problems.items():
        for entry in entries:
            print(f"  {kind}: {entry}")
    if runs_ended != len(args.events):
        print(f"test-events: {len(args.events)} run(s) started, {runs_ended} ended (a test process crashed?)")
        status = 1
    if problems["failed"]:
        status = 1
    if args.ci:
        counted = [k for k in ("skipped", "cancelled", "known issue", "warning") if problems[k]]
        if counted:
            print("test-events: CI: " + ", ".join(counted) + ": in CI a test runs and passes cleanly or the run fails")
            status = 1
        if missing or extra or twice:
            for test in missing[:40]:
                print(f"  not run: {test}")
            if len(missing) > 40:
                print(f"  … and {len(missing) - 40} more not run")
            for test in extra:
                print(f"  ran but not listed: {test}")
            for test in twice:
                print(f"  ran more than once: {test}")
            print(f"test-events: CI: {len(ran)} test(s) ran where `swift test list` minus the allow-list "
                  f"gives {len(expected)}")
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
