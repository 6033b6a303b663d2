#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs the whole test suite on a fresh Debian 12 machine with Swift: installs the missing system
# packages, builds once, fuzzes the pure core, builds and checks the Debian package, checks that
# the private PulseAudio, speech-dispatcher and brltty the tests start can start here, runs the
# tests and judges the run from Swift Testing's event stream (scripts/test-events.py), not from
# the console.
#
#   scripts/test.sh                 the whole run (what .ci/run does, with CI=true)
#   scripts/test.sh ARGS...         outside CI only: ARGS go to both `swift test` runs
#                                   (--filter X…), and the count of tests run is not compared
#
# Under CI=true a test runs or fails: the run fails on any skipped or cancelled test (or test
# case), any known issue or warning, a fuzz target skipped, and when the tests that ran differ
# from `swift test list` minus the allow-list below; it takes no arguments (an argument could
# filter tests out). What each gate needs: docs/testing.md.
set -euo pipefail
cd "$(dirname "$0")/.."

ci=0
ci_value=$(printf '%s' "${CI:-}" | tr '[:upper:]' '[:lower:]')
if [ -n "$ci_value" ] && [ "$ci_value" != false ] && [ "$ci_value" != 0 ]; then ci=1; fi
if [ "$ci" -eq 1 ] && [ $# -gt 0 ]; then
  echo "test.sh: CI=$CI: the CI run takes no arguments (they could filter tests out); got: $*" >&2
  exit 2
fi

# The tests `swift test list` names that this run leaves out, each with its reason (a tab
# between). The run fails in CI when the tests that ran are not exactly the list minus these.
allow_list() {
  printf '%s\t%s\n' \
    'LecteurIntegrationTests.InstallTests/theInstalledReaderRunsWithTheBuildFolderHidden()' \
    'a second release build (scripts/install.sh) for what PackageTests checks on the Debian package; on demand: LECTEUR_INSTALL_TEST=1 (docs/testing.md)'
}

# Suites that start daemons (PulseAudio, speech-dispatcher, brltty, Chromium, Orca: every
# `.requires` gate; the local HTTP server whose retries are timed), record live sound, drive
# an interactive reader, a pseudo-terminal keyed in real time or a hostile braille server run
# one test at a time, after the others: their timings are real and a loaded machine is what
# made them flaky. The suites declared in a file that names one of these run that way; every
# other suite (the reducer, the audit, the decoders, readers on pipes) runs in parallel.
serial_markers='PseudoTerminal\.run|LocalCatalogueServer\.start|PrivatePulseServer|PrivateSpeechDispatcher|BrlttyRig|\.requires\(|MonitorRecorder|PULSE_SERVER|InteractiveLecteur|hostileBrlAPI|CountingLecteur'
package_test='LecteurIntegrationTests.PackageTests/'
# A suite's id has no trailing slash (« Target.Suite »): without `$` its own traits (a gate)
# would still be evaluated in a run that skips all its tests.
on_demand='[./](InstallTests|PackageTests)(/|$)'

steps=()
step_started=$SECONDS
step_done() { steps+=("$1|$((SECONDS - step_started))"); step_started=$SECONDS; }
print_steps() {
  local row
  echo "test.sh: time per step (load average at the end: $(cut -d' ' -f1-3 /proc/loadavg))"
  for row in "${steps[@]}"; do printf '  %-34s %5s s\n' "${row%|*}" "${row#*|}"; done
  printf '  %-34s %5s s\n' total "$SECONDS"
}

scripts/install-deps.sh test
step_done "install-deps"

source scripts/test-daemons.sh
work=$(mktemp -d /tmp/lecteur-test.XXXXXX)
pids=()
cleanup() {
  local pid
  for pid in "${pids[@]}"; do [ -z "$pid" ] || kill -- "-$pid" 2>/dev/null || true; done
  stop_test_daemons "$work"
}
trap cleanup EXIT

swift build --build-tests
step_done "debug build (with tests)"

swift test list --skip-build 2>/dev/null | grep -v '^$' > "$work/list.txt"
allow_list > "$work/allow.txt"
# The serial suites: top-level types declared in the files that name a marker, kept when
# `swift test list` has tests under them.
mapfile -t serial_files < <(grep -rlE --include='*.swift' "$serial_markers" Tests/Lecteur*Tests)
serial_suites=$(grep -hE '^(@Suite|struct|final class|class|enum|extension|actor)' "${serial_files[@]}" \
  | grep -E '(struct|class|enum|extension|actor) [A-Za-z0-9_]+' \
  | sed -E 's/.*(struct|class|enum|extension|actor) ([A-Za-z0-9_]+).*/\2/' | sort -u \
  | while read -r name; do grep -qE "[./]$name/" "$work/list.txt" && echo "$name"; done | paste -sd'|')
serial_filter="[./]($serial_suites)(/|\$)"
echo "test.sh: $(grep -cE "$serial_filter" "$work/list.txt") test(s) in $(tr '|' '\n' <<< "$serial_suites" | wc -l) suites run one at a time, the other $(grep -cvE "$serial_filter" "$work/list.txt") in parallel"

# Work that needs no test runs in the background at low priority while the tests run: most
# of the tests wait on real time (sound, braille, daemons) and leave the CPU idle, and niced
# processes take only what the tests leave, so the tests keep their timings.
# - The Debian package (scripts/build-deb.sh: a release build from nothing under debhelper,
#   then lintian, which fails the step on any error or warning). PackageTests then installs it
#   with dpkg, runs it and removes it (as root), after the other tests. Under CI it is
#   required: missing tools or root fail the run instead of skipping the package.
# - A short bounded fuzzing pass over the pure core (libFuzzer + ASan), two targets at a time,
#   each for its full 20 s; longer runs: scripts/fuzz.sh --time 300. A crash fails the run
#   (after the tests, so that one run says everything): its input is in .build-fuzz/artifacts
#   and becomes a regression test. Under CI a target skipped for a missing file fails too.
# Each runs in a process group of its own, so that an interrupted run stops it whole.
background() {
  local name=$1; shift
  setsid bash -c 'started=$SECONDS; status=0; "${@:2}" > "$1.out" 2> "$1.log" || status=$?
                  echo "$status $((SECONDS - started))" > "$1.status"' _ "$work/$name" nice -n 15 "$@" &
  pids+=("$!")
}
# Waits for a background step; prints its log; sets $result (its status) and $took (seconds).
finish() {
  local name=$1
  wait "${pids[$2]}" || true
  read -r result took < "$work/$name.status" || { result=1; took=?; }
  cat "$work/$name.log" "$work/$name.out" >&2
}
pids=()
package_status=0
fuzz_status=0
packaged=0
if [ "$(id -u)" -ne 0 ] || ! command -v dpkg-buildpackage >/dev/null || ! command -v lintian >/dev/null; then
  echo "package: not built (needs root, dpkg-buildpackage and lintian: scripts/install-deps.sh test)" >&2
  [ "$ci" -eq 1 ] && package_status=1
  pids+=("")
else
  background package scripts/build-deb.sh "$work/deb"
  packaged=1
fi
background fuzz scripts/fuzz.sh --time 20 --jobs 2

# A daemon that cannot start stops the run here, named with its log.
check_test_daemons "$work/check"
step_done "daemon check"

# Swift Testing runs a process's tests in parallel unless told --no-parallel.
# Each run writes Swift Testing's event stream (version 6.3: the first with warnings and
# cancelled test cases), which scripts/test-events.py judges at the end.
events=()
status=0
swift test --skip-build --skip "$serial_filter" --skip "$on_demand" "$@" \
  --event-stream-output-path "$work/events-parallel.jsonl" --event-stream-version 6.3 || status=$?
events+=("$work/events-parallel.jsonl")
step_done "tests in parallel"

# InstallTests is on the allow-list (not run here); PackageTests waits for the package.
swift test --skip-build --no-parallel --filter "$serial_filter" --skip "$on_demand" "$@" \
  --event-stream-output-path "$work/events-serial.jsonl" --event-stream-version 6.3 || status=$?
events+=("$work/events-serial.jsonl")
step_done "tests one at a time"

finish fuzz 1
fuzz_status=$result
echo "fuzz: built and run in $took s (in the background)" >&2
step_done "fuzz (waited for)"
if [ "$packaged" -eq 1 ]; then
  finish package 0
  echo "package: built and checked in $took s (in the background)" >&2
  if [ "$result" -eq 0 ]; then
    LECTEUR_PACKAGE_DEB=$(tail -1 "$work/package.out")
    export LECTEUR_PACKAGE_DEB
  else
    package_status=1
  fi
  step_done "package (waited for)"
fi
pids=()
swift test --skip-build --no-parallel --filter "$package_test" "$@" \
  --event-stream-output-path "$work/events-package.jsonl" --event-stream-version 6.3 || status=$?
events+=("$work/events-package.jsonl")
step_done "PackageTests"

judge=(--list "$work/list.txt" --allow "$work/allow.txt")
if [ "$ci" -eq 1 ]; then
  judge+=(--ci)
elif [ $# -gt 0 ]; then
  echo "test.sh: arguments given ($*): the tests run are not compared with swift test list"
fi
judged=0
scripts/test-events.py "${judge[@]}" "${events[@]}" || judged=$?
if [ "$ci" -eq 0 ] && [ $# -eq 0 ]; then
  # Outside CI skips are allowed (a missing daemon), but the count is still said.
  scripts/test-events.py --ci "${judge[@]}" "${events[@]}" > "$work/ci-verdict.txt" 2>&1 \
    || echo "test.sh: under CI=true this run would fail: $(tail -1 "$work/ci-verdict.txt")"
fi
print_steps

if [ "$status" -ne 0 ] || [ "$judged" -ne 0 ]; then
  echo "test.sh: the tests failed (see above)" >&2
  exit 1
fi
if [ "$package_status" -ne 0 ]; then
  echo "package: scripts/build-deb.sh failed or was not run (see above); the suite fails" >&2
  exit "$package_status"
fi
if [ "$fuzz_status" -ne 0 ]; then
  echo "fuzz: a target crashed, did not build or was skipped in CI (see above); the suite fails" >&2
  exit "$fuzz_status"
fi
