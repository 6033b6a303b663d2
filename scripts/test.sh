#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs the whole test suite on a fresh Debian 12 machine with Swift: installs the missing system
# packages, starts the private PulseAudio and brltty the integration tests use, runs the tests,
# and stops the daemons whatever happens.
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

# Daemons for the integration tests.
start_test_daemons "$work"

# Suites share the daemons: run them one after the other.
swift test --skip-build --no-parallel "$@"

if [ "$fuzz_status" -ne 0 ]; then
  echo "fuzz: a target crashed or did not build (see above); the suite fails" >&2
  exit "$fuzz_status"
fi
