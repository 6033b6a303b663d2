# SPDX-License-Identifier: GPL-3.0-or-later
# Sourced by scripts/test.sh and scripts/sanitizers.sh.
#
# Every test that needs PulseAudio, speech-dispatcher or brltty starts its own (through
# scripts/pulse-test.sh, speechd-test.sh and brltty-test.sh, from Tests/LecteurTestSupport), so a
# test runs the same under scripts/test.sh and under a plain `swift test`, and nothing of this
# script reaches the tests or the readers they start. What this script does is make sure, before
# the suite, that each daemon starts on this machine: one that does not stops the run here, with
# its name and its log, instead of as a failure in every test that needs it.
#
#   check_test_daemons DIR   starts PulseAudio, speech-dispatcher (playing into that PulseAudio)
#                            and brltty with the test display in DIR, then stops them; exits the
#                            shell with status 1 naming the daemon and its log if one does not start
#   stop_test_daemons DIR    stops whatever a failed check left behind and removes DIR; safe to
#                            call twice

# Prints the last lines of each log that exists, for the reader of a failed run.
_show_logs() {
  local log
  for log in "$@"; do
    [ -s "$log" ] || continue
    echo "---- $log (last lines)" >&2
    tail -n 15 "$log" >&2
  done
}

_daemon_failed() {
  local daemon=$1; shift
  echo "test daemons: $daemon did not start; its log: $*" >&2
  _show_logs "$@"
  exit 1
}

check_test_daemons() {
  local work=$1 pulse_server
  mkdir -p "$work"

  if ! pulse_server=$(scripts/pulse-test.sh start "$work/pulse" 2>"$work/pulse-start.err"); then
    _daemon_failed "PulseAudio (scripts/pulse-test.sh)" "$work/pulse-start.err" "$work/pulse/pulse.err" "$work/pulse/pulse.log"
  fi

  if ! PULSE_SERVER=$pulse_server scripts/speechd-test.sh start "$work/speechd" >/dev/null 2>"$work/speechd-start.err"; then
    _daemon_failed "speech-dispatcher (scripts/speechd-test.sh)" "$work/speechd-start.err" "$work/speechd/speechd.out" \
      "$work/speechd/log/speech-dispatcher.log"
  fi

  if ! scripts/brltty-test.sh start --dir "$work/brltty" >/dev/null 2>"$work/brltty-start.err"; then
    _daemon_failed "brltty with the test display (scripts/brltty-test.sh)" "$work/brltty-start.err" \
      "$work/brltty/brltty.log" "$work/brltty/display.out"
  fi

  echo "test daemons: PulseAudio, speech-dispatcher and brltty start here (each test starts its own)" >&2
  _stop_daemons "$work"
}

_stop_daemons() {
  local work=$1
  scripts/speechd-test.sh stop "$work/speechd" >/dev/null 2>&1 || true
  scripts/pulse-test.sh stop "$work/pulse" >/dev/null 2>&1 || true
  scripts/brltty-test.sh stop "$work/brltty" >/dev/null 2>&1 || true
}

stop_test_daemons() {
  local work=$1
  _stop_daemons "$work"
  rm -rf "$work"
}
