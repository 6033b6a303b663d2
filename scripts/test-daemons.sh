# SPDX-License-Identifier: GPL-3.0-or-later
# Sourced by scripts/test.sh and scripts/sanitizers.sh: the private PulseAudio, speech-dispatcher
# and brltty the integration tests use, in one work folder, with the environment they need exported.
#
#   start_test_daemons DIR   exports PULSE_SERVER, LECTEUR_TEST_SPEECHD_ADDRESS, BRLAPI_HOST,
#                            BRLAPI_AUTH, BRAILLE_* for the tests
#   stop_test_daemons DIR    stops them and removes DIR; safe to call twice or after a failed start
#
# The speech-dispatcher address is exported under the test's own name, not SPEECHD_ADDRESS: with
# SPEECHD_ADDRESS set, `--speech-backend auto` would send every other test's speech through it.

start_test_daemons() {
  local work=$1
  if [ -x scripts/pulse-test.sh ]; then
    PULSE_SERVER="$(scripts/pulse-test.sh start "$work/pulse")"
    export PULSE_SERVER
  fi
  if [ -n "${PULSE_SERVER:-}" ] && [ -x scripts/speechd-test.sh ] && scripts/speechd-test.sh available; then
    LECTEUR_TEST_SPEECHD_ADDRESS="$(scripts/speechd-test.sh start "$work/speechd")"
    export LECTEUR_TEST_SPEECHD_ADDRESS
  fi
  if [ -x scripts/brltty-test.sh ]; then
    set -a
    eval "$(scripts/brltty-test.sh start --dir "$work/brltty")"
    set +a
  fi
}

stop_test_daemons() {
  local work=$1
  [ -x scripts/speechd-test.sh ] && scripts/speechd-test.sh stop "$work/speechd" >/dev/null 2>&1 || true
  [ -x scripts/pulse-test.sh ] && scripts/pulse-test.sh stop "$work/pulse" >/dev/null 2>&1 || true
  [ -x scripts/brltty-test.sh ] && scripts/brltty-test.sh stop "$work/brltty" >/dev/null 2>&1 || true
  rm -rf "$work"
}
