#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs the test suite under AddressSanitizer and/or ThreadSanitizer, each in its own scratch
# folder (.build-asan, .build-tsan: git-ignored, kept between runs so a rerun only rebuilds what
# changed). The integration tests then drive the sanitized `lecteur` built next to them, so the
# real binary runs instrumented too.
#
#   scripts/sanitizers.sh [address|thread|all] [swift test arguments...]
#   e.g. scripts/sanitizers.sh thread --filter LecteurIntegrationTests
#
# Like scripts/test.sh it starts the private PulseAudio and brltty the tests use when their
# scripts exist. Exit status: 0 when every chosen run passed.
set -euo pipefail
cd "$(dirname "$0")/.."

which="${1:-all}"
[ $# -gt 0 ] && shift
case "$which" in
  address) kinds=(address) ;;
  thread) kinds=(thread) ;;
  all) kinds=(address thread) ;;
  *) echo "sanitizers: address, thread or all" >&2; exit 64 ;;
esac

# The same check as scripts/test.sh: each daemon the tests start can start here.
source scripts/test-daemons.sh
work=$(mktemp -d /tmp/lecteur-sanitizers.XXXXXX)
trap 'stop_test_daemons "$work"' EXIT
check_test_daemons "$work"

# Reports go to standard error of whichever process fails (a test, or `lecteur` under a test).
# Leak checking is off by default: at exit LeakSanitizer reports XCTest's runner, Foundation's
# Process and URLSession internals and libcurl's globals, none of which the project can fix.
# LEAKS=1 turns it on to look at them (see the robustness notes in the report of issue 8).
leaks=0
[ "${LEAKS:-0}" = 1 ] && leaks=1
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=$leaks:halt_on_error=1}"
export TSAN_OPTIONS="${TSAN_OPTIONS:-halt_on_error=0:second_deadlock_stack=1}"

status=0
for kind in "${kinds[@]}"; do
  scratch=.build-asan
  [ "$kind" = thread ] && scratch=.build-tsan
  start=$SECONDS
  echo "sanitizers: building with --sanitize=$kind in $scratch…" >&2
  swift build --build-tests --sanitize="$kind" --scratch-path "$scratch"
  built=$SECONDS
  echo "sanitizers: testing with --sanitize=$kind…" >&2
  run=0
  swift test --skip-build --sanitize="$kind" --scratch-path "$scratch" --no-parallel "$@" || run=$?
  echo "sanitizers: $kind: build $((built - start)) s, tests $((SECONDS - built)) s, status $run" >&2
  [ "$run" -eq 0 ] || status=1
done
exit $status
