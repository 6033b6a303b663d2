#!/usr/bin/env bash
# Runs the whole test suite on a fresh Debian 12 machine with Swift: installs the missing system
# packages, starts the private PulseAudio and brltty the integration tests use, runs the tests,
# and stops the daemons whatever happens.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh test

work=$(mktemp -d /tmp/lecteur-test.XXXXXX)
export LECTEUR_TEST_DIR="$work"
cleanup() {
  [ -x scripts/pulse-test.sh ] && scripts/pulse-test.sh stop "$work/pulse" >/dev/null 2>&1 || true
  [ -x scripts/brltty-test.sh ] && scripts/brltty-test.sh stop "$work/brltty" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

swift build --build-tests

# A short bounded fuzzing pass over the pure core (libFuzzer + ASan); longer runs: scripts/fuzz.sh --time 300.
# A crash fails the run (after the tests, so that one run says everything): its input is in
# .build-fuzz/artifacts and becomes a regression test.
fuzz_status=0
scripts/fuzz.sh --time 20 || fuzz_status=$?

# Daemons for the integration tests (each script prints the environment the tests need).
if [ -x scripts/pulse-test.sh ]; then
  PULSE_SERVER="$(scripts/pulse-test.sh start "$work/pulse")"
  export PULSE_SERVER
fi
if [ -x scripts/brltty-test.sh ]; then
  set -a
  eval "$(scripts/brltty-test.sh start --dir "$work/brltty")"
  set +a
fi

# Suites share the daemons: run them one after the other.
swift test --skip-build --no-parallel "$@"

if [ "$fuzz_status" -ne 0 ]; then
  echo "fuzz: a target crashed or did not build (see above); the suite fails" >&2
  exit "$fuzz_status"
fi
