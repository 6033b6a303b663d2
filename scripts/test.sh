#!/usr/bin/env bash
# Runs the whole test suite on a fresh Debian 12 machine with Swift: installs the missing system
# packages, checks that the private PulseAudio, speech-dispatcher and brltty the tests start can
# start here, runs the tests, the install test, and ends with the count of skipped tests.
# Under CI=true (the CI entry point, .ci/run) a test runs or fails: a skipped test fails the run.
# What each gate needs: docs/testing.md.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh test

source scripts/test-daemons.sh
work=$(mktemp -d /tmp/lecteur-test.XXXXXX)
trap 'stop_test_daemons "$work"' EXIT

swift build --build-tests

# A short bounded fuzzing pass over the pure core (libFuzzer + ASan); longer runs: scripts/fuzz.sh --time 300.
# A crash fails the run (after the tests, so that one run says everything): its input is in
# .build-fuzz/artifacts and becomes a regression test.
fuzz_status=0
scripts/fuzz.sh --time 20 || fuzz_status=$?

# A daemon that cannot start stops the run here, named with its log.
check_test_daemons "$work/check"

# Suites that start daemons of their own run one after the other. The install test (a release
# build installed into a temporary prefix, as root) runs as a step of its own after the others.
log="$work/swift-test.log"
status=0
swift test --skip-build --no-parallel --skip InstallTests "$@" 2>&1 | tee "$log" || status=$?
if [ $# -eq 0 ]; then
  LECTEUR_INSTALL_TEST=1 swift test --skip-build --filter InstallTests 2>&1 | tee -a "$log" || status=$?
fi

# Swift Testing reports each skipped test as `➜ Test name() skipped: "reason"`.
skipped=$(grep -cE '^[^ ]+ Test .* skipped' "$log" || true)
echo "test.sh: $skipped skipped test(s)"
grep -E '^[^ ]+ Test .* skipped' "$log" || true

if [ "$status" -ne 0 ]; then
  exit "$status"
fi
if [ "$skipped" -ne 0 ] && [ -n "${CI:-}" ] && [ "${CI}" != false ] && [ "${CI}" != 0 ]; then
  echo "test.sh: CI=$CI and $skipped test(s) were skipped: in CI a test runs or fails (docs/testing.md)" >&2
  exit 1
fi
if [ "$fuzz_status" -ne 0 ]; then
  echo "fuzz: a target crashed or did not build (see above); the suite fails" >&2
  exit "$fuzz_status"
fi
