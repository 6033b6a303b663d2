#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs the whole test suite on a fresh Debian 12 machine with Swift: installs the missing system
# packages, builds once, type-checks the fuzz targets (the fuzzing itself: `make fuzz`), builds
# and checks the Debian package, checks that
# the private PulseAudio, speech-dispatcher and brltty the tests start can start here, runs the
# tests and judges the run from Swift Testing's event stream (scripts/test-events.py), not from
# the console.
#
#   scripts/test.sh                 the whole run (what .ci/run does, with CI=true)
#   scripts/test.sh ARGS...         outside CI only: ARGS go to every `swift test` run (the
#                                   daemon group then in one process), and the count is not compared
#
# Under CI=true a test runs or fails: the run fails on any skipped or cancelled test (or test
# case), any known issue or warning, and when the tests that ran differ
# from `swift test list` minus the allow-list below; it takes no arguments (an argument could
# filter tests out). What each gate needs: docs/testing.md.
set -euo pipefail
cd "$(dirname "$0")/.."

# ---- The run's limit (issue 51) -------------------------------------------------------------
# A run cannot hang: test.sh runs itself under `timeout`, in a process group of its own, and past
# LECTEUR_TEST_RUN_LIMIT seconds (default 1800: three times a fresh-clone run on 2 cores) the
# whole group is stopped (TERM, then KILL 60 s later), the run's cleanup stops the background
# steps and the daemons, and the step that was running is named. Ctrl-C reaches the inner run
# the same way.
if [ -z "${LECTEUR_TEST_STEP_FILE:-}" ]; then
  run_limit=${LECTEUR_TEST_RUN_LIMIT:-1800}
  LECTEUR_TEST_STEP_FILE=$(mktemp /tmp/lecteur-test-step.XXXXXX)
  export LECTEUR_TEST_STEP_FILE
  echo "start" > "$LECTEUR_TEST_STEP_FILE"
  timeout -k 60 "$run_limit" "$PWD/scripts/test.sh" "$@" &
  limited_pid=$!
  trap 'kill -TERM "$limited_pid" 2>/dev/null || true' INT TERM
  limited=0
  while :; do
    if wait "$limited_pid"; then limited=0; break; else limited=$?; fi
    kill -0 "$limited_pid" 2>/dev/null || break
  done
  if [ "$limited" -eq 124 ] || [ "$limited" -eq 137 ]; then
    echo "test.sh: the run passed its limit of $run_limit s (LECTEUR_TEST_RUN_LIMIT) during the step" \
      "« $(cat "$LECTEUR_TEST_STEP_FILE") »: stopped" >&2
  fi
  rm -f "$LECTEUR_TEST_STEP_FILE"
  exit "$limited"
fi
# The step now running, for the limit's message.
step_now() { echo "$1" > "$LECTEUR_TEST_STEP_FILE"; }
# TERM (from the limit or Ctrl-C) ends the run through its EXIT trap (cleanup, below).
trap 'exit 143' TERM INT
# ---- end of the run's limit -----------------------------------------------------------------

ci=0
ci_value=$(printf '%s' "${CI:-}" | tr '[:upper:]' '[:lower:]')
if [ -n "$ci_value" ] && [ "$ci_value" != false ] && [ "$ci_value" != 0 ]; then ci=1; fi
if [ "$ci" -eq 1 ] && [ $# -gt 0 ]; then
  echo "test.sh: CI=$CI: the CI run takes no arguments (they could filter tests out); got: $*" >&2
  exit 2
fi

# The tests `swift test list` names that this run leaves out, each with its reason (a tab
# between). The run fails in CI when the tests that ran are not exactly the list minus these.
# None since issue 51: InstallTests runs in the package step, on the package's release build.
allow_list() {
  :
}

# Suites that start daemons (PulseAudio, speech-dispatcher, brltty, Chromium, Orca: every
# `.requires` gate; the local HTTP server whose retries are timed), record live sound, drive
# an interactive reader, a pseudo-terminal or a hostile braille server are kept out of the
# first, in-process parallel run: the suites declared in a file that names one of these. Every
# other suite (the reducer, the audit, the decoders, readers on pipes) runs in that first run.
# Each test of these starts its own daemons in a folder of its own, so they run side by side,
# one suite to a `swift test` process, a few processes at once (the daemon group), except the
# tests that judge time (below), which run one at a time in a lane of their own.
# A rig is started by `BrlttyRig.start` (issue 51: the bare type name also matched files that only
# use `BrlttyRig.root` for a path, RuleSpansTests and InstallDepsTests, and sent them here).
serial_markers='PseudoTerminal\.run|LocalCatalogueServer\.start|PrivatePulseServer|PrivateSpeechDispatcher|BrlttyRig\.start|\.requires\(|MonitorRecorder|PULSE_SERVER|InteractiveLecteur|hostileBrlAPI|CountingLecteur'
package_test='LecteurIntegrationTests.PackageTests/'
# The tests that judge time: a rhythm, a latency, Morse keyed in real time, an element's length
# at the sound server, a retry's delay. Anything beside them would be part of what they measure
# (a loaded machine is what made them flaky), so they run one at a time, in a lane whose
# priority is above everything else in the run (below).
# A suite (`Suite`) or one test (`Suite/test`), a tab, the reason. A test judges time when an
# assertion depends on a wall-clock interval; a suite whose tests do not all do is named test by
# test (issue 51: `BesideScreenReaderTests`' five others, 36 s of the lane in run 5, check what is
# said and shown beside a screen reader, not when, and run in the daemon group).
# A bound that load can only satisfy (a wait at least as long as asked) with a hang guard of
# seconds above it does not judge time: `CatalogueClientServerTests` (time-outs and the back-off
# of 1, 2 and 4 s on the wire, each at least its delay and under it + 5 s; 17.6 s of the lane's
# first part in run 9) left the lane in issue 51's third round, shown passing three times in three
# beside two CPU hogs (load 12: 32 to 37 s).
timing_tests() {
  printf '%s\t%s\n' \
    BrailleRhythmTimingTests 'the flashes within 20 ms of the tones (median) on a real brltty' \
    BrailleRhythmTests 'the rhythm flashed in time with the tones' \
    BrailleLatencyTests 'the latency of a write to a real brltty' \
    SoundServerSuites 'latency percentiles at the sink; a one-second tone heard 0.8 to 1.3 s' \
    CaptureTests 'element and gap lengths through the sound server, to the sample' \
    MorseTrainerTests/latencyTracksTheRealDelay 'the time to answer read within 0.7 s of the real delay' \
    SendingSessionTests 'Morse keyed on a pseudo-terminal in real time, its marks judged in ms' \
    SendingEveryHandTests 'Morse keyed on a pseudo-terminal at 8 to 25 WPM, 97 % read right' \
    SendingThroughTheBinaryTests 'Morse keyed on a pseudo-terminal in real time' \
    SendingSpeedChangeTests 'Morse keyed on a pseudo-terminal in real time, changing speed; 95 % read right' \
    SendingPaddlesTests 'paddles pressed on a pseudo-terminal in real time; the sidetone timed at the sink' \
    SendingRecordedTests 'a straight key on a pseudo-terminal; the silences in the WAV within 5 ms of the key' \
    ReflexDrillSessionTests 'the name 1.5 s ± 50 ms after its tones at the sink; answers timed, within 100 ms' \
    TouchPracticeSessionTests 'each question on a real brltty display within 1 s of being asked' \
    BrailleReadingSessionTests/atStartUpTheWarningAndTheLoadAreEachOnTheDisplayForTheirWholeTime \
      'two messages each 1.4 s at least on a real brltty display (1.5 asked): beside the group one was shown 0.2 s late' \
    TypedKeySilenceTests 'the delay from a typed key to silence at the sink' \
    FrenchNormaliserHostileInputTests 'linear growth judged by the clock: ten times the text within 40 times the time' \
    SoundServerFaultTests 'the sound dropped and queued, in ms, when the server dies' \
    BesideScreenReaderTests/orcaStartedAfterAndQuitBeforeTheReaderIsNoticedOnceEachWithinTwoSeconds \
      'a screen reader started or stopped is noticed within 2 s' \
    BesideScreenReaderTests/besideOrcaTheNextPracticeQuestionWaitsForEnter \
      'the next practice question within 2 s of Enter' \
    BesideScreenReaderTests/besideOrcaAWrongAnswersCorrectionComesAfterTheEchoAndItsVerdictAfterIt \
      'a correction after the 2.5-s echo allowance, its verdict after its tones' \
    QuitOnDisplaySessionTests/withNoDisplayConnectedQuittingIsImmediate 'quitter with no display ends within 1 s (the bug: 4 s)' \
    StartupLinesTests/besideAScreenReader \
      'the first element alone on the terminal for 0.5 s at least (1 s asked) before the count, as the driver reads it' \
    BrailleTtyTests/eachModeTakesItsTtyAndReachesTheDisplay \
      'counts the ttys the reader takes in brltty: beside the daemon group at load 15 it took one twice' \
    DeviceHardeningTests/aSpeechDispatcherStoppedOrKilledMidSessionIsSaidOnceAndQuitIsImmediate \
      'speech queued in ms, and quitter within 1.5 s' \
    DeviceHardeningTests/aFloodOfDisplayKeysDelaysNoTypedCommandAndGrowsNoMemory \
      'the time état takes under a flood of display keys (a BENCH figure)'
}
# How many `swift test` processes run the daemon group at once. Its tests mostly wait (on
# brltty, a daemon, a reader's answer). Three until issue 51's fifth round, when its suites
# (about 860 s in all) made it the middle's critical path: 3 processes could not end before
# 290 s, and the machine was never idle only because the idle-class package took what they left
# (fresh-clone run 25, `vmstat`: 0 % idle from the build's end to the quiet part). The parallel
# run beside it lost about 100 s of CPU that round (the decoder's tests), so a fourth fits.
daemon_workers=4
# The daemon group's suites start longest first (a long one started last would end the group
# alone); only the order depends on this list, which suites run does not. Ordered by each suite's
# own time in the fresh-clone run 9 (`scripts/test-durations.py` on
# .build/test-events/events-daemon-*.jsonl: 57, 38, 37, 36, 34, 33, 30, 27 s…), and for the suites
# split or changed by issue 51's third round by their time measured alone (load 10 to 17:
# `BrailleInputSessionTests`, 125 s in run 5, is now four suites of 33, 27, 20 and 13 s, its keys
# no longer 150 ms apart; `MorseTrainerTests`, 69 s, three of 32, 30 and 29 s); a suite under
# 3 s, or not named, starts after these, in `swift test list` order. With three processes the
# group's length is about its suites' sum over three (736 s: 268 s by a longest-first schedule
# of these times with 1.3 s a process, where run 9's order and times give 274 s).
daemon_first='AuditHTMLBrowserTests HardeningTests BesideScreenReaderTests TerminalPromptTests BrailleReadingSessionTests
  BrailleInputSessionTests ScreenReaderTests MorseTrainerTests SpeechSessionTests MorseTrainerGroupCopyTests
  MorseTrainerKochWindowTests BrailleInputTerminalTests BrailleFaultTests DeviceHardeningTests SpeechDispatcherTests
  BandConditionsWAVTests BrailleInputFloodTests HardeningRoundFiveTests BrailleSessionTests ScreenReaderSwitchTests
  CatalogueClientServerTests
  BrailleDisplayTests BrailleInputKochTests PipedInterruptionTests HardeningHistoryTests QuitOnDisplaySessionTests
  RobustnessTests StartupLinesTests ScreenReaderSwitchMonitorTests TerminalKeyboardSessionTests BrlAPIEdgeCaseTests
  HardeningInputsTests MorseQuestionLeakTests BrailleReviewTests LongAnswerWindowsSessionTests MorseMaterialBinaryTests
  ConfigurationTests'
# A suite's id has no trailing slash (« Target.Suite »): without `$` its own traits (a gate)
# would still be evaluated in a run that skips all its tests.
on_demand='[./](InstallTests|PackageTests|FuzzTargetsCompileTests)(/|$)'

steps=()
step_started=$SECONDS
step_now "install-deps"
step_done() { steps+=("$1|$((SECONDS - step_started))"); step_started=$SECONDS; }
print_steps() {
  local row
  echo "test.sh: time per step (load average at the end: $(cut -d' ' -f1-3 /proc/loadavg))"
  for row in "${steps[@]}"; do printf '  %-34s %5s s\n' "${row%|*}" "${row#*|}"; done
  printf '  %-34s %5s s\n' total "$SECONDS"
}

scripts/install-deps.sh test
step_done "install-deps"
step_now "debug build (with tests)"

source scripts/test-daemons.sh
work=$(mktemp -d /tmp/lecteur-test.XXXXXX)
# The tests' binary, run as `swift test --skip-build` runs it for Swift Testing, the last of its
# three runs: before it SwiftPM loads the package (compiling and linking some dependencies'
# manifests again, each time), lists the XCTest cases and runs them (there are none). A
# `swift test` of one small suite took 1.7 core-seconds, the binary alone 0.5, and the run
# starts some sixty (issue 51). `lecteur-tests ARGUMENTS` in the run's own bin folder (first on
# its PATH, below), with NO_COLOR: Swift Testing colours its console on a pipe, `swift test`'s
# did not.
# The run's temporary files in the work folder, which goes at the end (issue 51). SwiftPM's
# `swift test` leaves five empty `TemporaryDirectory.XXXXXX` folders in the temporary folder each
# time it runs (`TMPDIR=D swift test --skip-build --filter LabelTests` left 5 in D; the test
# binary run alone left none), and a run starts about fifty; Foundation's `write(…, atomically:
# true)` leaves them too (the tests write with `writeWhole`, Tests/LecteurTestSupport/WholeFile.swift).
# 3 170 had piled up in /tmp by issue 51. The run fails if one appears in the machine's temporary
# folder all the same (something that does not follow TMPDIR): those there before are listed
# here, and only new ones count.
machine_tmp=${TMPDIR:-/tmp}
leftovers() { find "$machine_tmp" -maxdepth 1 -name 'TemporaryDirectory.*' -printf '%f\n' 2>/dev/null | sort; }
leftovers > "$work/leftovers-before.txt"
mkdir "$work/tmp"
export TMPDIR="$work/tmp"
# `python3` straight to the interpreter that install-deps.sh gave the tests' modules: where it
# is reached through a version manager's shim (pyenv's is a bash script that runs `pyenv exec`,
# more bash and readlink), every one of the run's hundreds of python3 starts (the pseudo-terminal
# driver, the test display, Chromium's driver) took 119 ms where the interpreter alone takes 56
# (20 starts with the driver's imports, issue 51), and the shims' bash was 2 % of the run's CPU.
mkdir "$work/bin"
ln -s "$(python3 -c 'import sys; print(sys.executable)')" "$work/bin/python3"
printf '#!/bin/sh\nNO_COLOR=1 exec "%s" --testing-library swift-testing "$@"\n' \
  "$PWD/.build/debug/LecteurPackageTests.xctest" > "$work/bin/lecteur-tests"
chmod +x "$work/bin/lecteur-tests"
export PATH="$work/bin:$PATH"
pids=()
cleanup() {
  local pid
  for pid in "${pids[@]}"; do [ -z "$pid" ] || kill -- "-$pid" 2>/dev/null || true; done
  # The timing lane (a session of its own) and the daemon group's processes, when the run
  # stops before they end.
  [ -z "${timing_pid:-}" ] || kill -- "-$timing_pid" 2>/dev/null || true
  [ -z "${parallel_pid:-}" ] || kill -- "-$parallel_pid" 2>/dev/null || true
  for pid in $(jobs -p); do kill "$pid" 2>/dev/null || true; done
  stop_test_daemons "$work"
}
trap cleanup EXIT

# Work that needs no test runs in the background from before the debug build (issue 51: started
# after it, the package took 610 s, which a ten-minute run cannot hold after a 182 s build; the
# build's own idle moments now go to it), at the lowest priority:
# its session's autogroup at nice 19 (where the kernel groups sessions, CPU time is shared
# between sessions first, so a process's own nice or class would only rank it within its
# session), and the scheduler's idle class (SCHED_IDLE, or nice 19 where that class is
# refused). A test process that wakes takes the core back at once, so the tests keep their
# timings. Most of the tests wait on real time (sound, braille, daemons) and leave the CPU idle
# for it.
# - The Debian package (scripts/build-deb.sh: a release build from nothing under debhelper,
#   then lintian, which fails the step on any error or warning). PackageTests then installs it
#   with dpkg, runs it and removes it (as root), after the other tests. Under CI it is
#   required: missing tools or root fail the run instead of skipping the package.
# - Once the debug build is done, the fuzz targets' type-check (FuzzTargetsCompileTests, below).
#   The fuzzing pass itself (libFuzzer + ASan, every target 5 s and at least 500 inputs) left
#   CI in issue 51's fourth round: it compiled the core a third time (ASan, coverage) and the ten
#   targets, at least 91 s of CPU (measured alone) of a run that had none to spare, for a smoke
#   test that a 5-s pass rarely fails, and under load its -Onone inputs hit libFuzzer's 10-s
#   timeout (docs/testing.md); a target that stops compiling still fails the run, from the
#   type-check. `make fuzz` runs that pass, `make fuzz-long` the real one (scripts/fuzz.sh).
#   Then, once the debug build is done, `InstallTests` (issue 51: it never ran in CI): scripts/install.sh
#   in the tree the package was just built in (LECTEUR_DEB_WORK keeps it), whose release build
#   `make` finds done, so no second release build; its events are judged with the others.
# Each runs in a process group of its own, so that an interrupted run stops it whole.
idle=(nice -n 19)
chrt --idle 0 true 2>/dev/null && idle=(chrt --idle 0 nice -n 19)
background() {
  local name=$1; shift
  setsid bash -c '[ ! -w /proc/self/autogroup ] || echo 19 > /proc/self/autogroup 2>/dev/null || true
                  started=$SECONDS; status=0; "${@:2}" > "$1.out" 2> "$1.log" || status=$?
                  echo "$status $((SECONDS - started))" > "$1.status"' _ "$work/$name" "${idle[@]}" "$@" &
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
  # xz level 0 for the two packages' data (issue 51's fourth round): dpkg-deb's default level 6
  # took 38 + 11 s of CPU for the 66 MB package and its 25 MB of debug symbols, level 0 4.5 +
  # 2.7 s; the files installed are the same, lintian passes it the same. A release made with
  # scripts/build-deb.sh keeps the default.
  background package bash -c 'DPKG_DEB_COMPRESSOR_TYPE=xz DPKG_DEB_COMPRESSOR_LEVEL=0 \
      LECTEUR_DEB_WORK="$1/deb-tree" scripts/build-deb.sh "$1/deb" || exit
    while [ ! -e "$1/debug-build.done" ]; do sleep 1; done
    LECTEUR_INSTALL_TEST=1 LECTEUR_INSTALL_TREE="$1/deb-tree/lecteur" lecteur-tests \
      --no-parallel --filter "[./]InstallTests(/|\$)" --event-stream-output-path "$1/events-install.jsonl" \
      --event-stream-version 6.3 > "$1/install-test.log" 2>&1 || true' _ "$work"
  packaged=1
fi

# The build's own warnings (the project's sources, not its dependencies') fail a CI run, so that
# the build stays free of them; outside CI they are counted (and SwiftPM's about the package
# itself, named after its folder: files it does not handle).
# Under CI the debug build writes line tables for its debug information instead of full types
# and variables (-gline-tables-only: a crash's backtrace still names files and lines; a debugger
# could no longer show variables): issue 51's fourth round, compiling LecteurAudit alone took
# 9.8 s of CPU as SwiftPM builds it and 8.3 s so (docs/testing.md). The index store stays:
# SwiftPM on Linux finds the XCTest cases through it (`--disable-index-store` fails the build at
# LecteurPackageDiscoveredTests, fresh-clone run 15). Outside CI the build keeps SwiftPM's
# defaults, so that a developer's next `swift build` does not rebuild everything for other flags.
build_flags=()
[ "$ci" -eq 0 ] || build_flags=(-Xswiftc -gline-tables-only)
swift build --build-tests "${build_flags[@]}" 2>&1 | tee "$work/build.log"
own_warnings=$(grep -aE "^$PWD/(Sources|Tests|Benchmarks)/[^:]+:[0-9]+:[0-9]+: warning:|^warning: '$(basename "$PWD")':" \
  "$work/build.log" | sort -u || true)
if [ -n "$own_warnings" ]; then
  printf 'test.sh: the build warns:\n%s\n' "$own_warnings" >&2
  [ "$ci" -eq 0 ] || exit 1
fi
step_done "debug build (with tests)"
touch "$work/debug-build.done"
# The fuzz targets' type-check (FuzzTargetsCompileTests, a listed test), in the background at
# idle priority: in the parallel run it took 246 s of CPU beside the daemon group (run 10,
# contended). A target that does not compile fails the run, from here. (The fuzzing pass is
# `make fuzz`, out of CI since issue 51's fourth round: above.)
background fuzz bash -c 'lecteur-tests --no-parallel --filter "[./]FuzzTargetsCompileTests(/|\$)" \
    --event-stream-output-path "$1/events-fuzz-check.jsonl" --event-stream-version 6.3 > "$1/fuzz-check.log" 2>&1 \
    || { cat "$1/fuzz-check.log"; exit 1; }' _ "$work"
step_now "swift test list and the lanes"

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
# The tests that judge time, checked against the list: an entry that names nothing would let a
# renamed test run beside others unnoticed.
timing_tests | cut -f1 > "$work/timing.txt"
while read -r entry; do
  grep -qE "[./]$entry(/|\(|\$)" "$work/list.txt" \
    || { echo "test.sh: timing_tests: $entry names no test of \`swift test list\`" >&2; exit 2; }
done < "$work/timing.txt"
timing_filter="[./]($(paste -sd'|' "$work/timing.txt"))(/|\(|\$)"
# Of those, the ones judging a few milliseconds (a flash against its tone's onset, a write's
# latency) run last in the lane, once the daemon group and the parallel run have ended (the lane
# waits for them):
# beside it, one flash in twelve came 57 ms late at 12 WPM in a fresh run. The hands keyed at
# 8 to 25 WPM join them: beside the group a 10 WPM hand once had a dit read as a dah (37 of 40).
# The hand changing speed joins them (issue 48): 95 % of 40 characters a row, keyed in real time.
# Since issue 51's third round CI keys one hand (10 WPM, about 20 s) and one change (25 → 10
# WPM, about 36 s), the rows of the bugs they guard: 75 + 71 s of run 9's quiet part before.
# The paddles join them (issue 51): beside the group the live sidetone starved once (« C » heard
# as « ? », a space 963 ms off at the sink).
# The key-to-silence test leaves them (issue 51): its bounds are hundreds of milliseconds (speech
# heard 0.3 s in the second before the key, none from 1 s after it; the delay, 0 to 30 ms in runs
# 4 and 5, is printed, and bounded at 1 s as a hang guard), so the lane's priority is enough for it
# beside the groups, and its 33 s came off the run's critical path.
# The keying through the binary joins them (fresh-clone runs 17 and 18): beside the group at the
# lane's priority the 15 WPM hand of the random groups was read 15 of 20 (« 6LK9A » as « ?DK9A »,
# a dit of 7 read as a dah), and the press-and-release test's last group « GX.6Z » as « M È.6Z »,
# where alone each reads 19 or 20: the key stamps waited for the scheduler, as the 10 WPM hand's
# had.
# The recorded sending stays with them: moved beside the group (run 17's reasoning: its 5 ms are
# between the WAV's silences and the gaps the reader measured, which a late stamp moves alike),
# it failed run 23 with a first gap 5.6 ms off: the WAV's silences are not the measured gaps
# alone, load moves them apart.
quiet_timing='BrailleRhythmTimingTests|BrailleRhythmTests|BrailleLatencyTests|SendingEveryHandTests|SendingSpeedChangeTests|SendingPaddlesTests|SendingRecordedTests|SendingThroughTheBinaryTests|SendingSessionTests|ReflexDrillSessionTests/thePassiveNameComesItsPauseAfterTheTonesAtTheSink|ReflexDrillSessionTests/theActiveWindowStartsWhenTheTonesEndAtTheSink|ReflexDrillSessionTests/thePassiveDrillNamesEachCharacterAfterItsPause'
quiet_filter="[./]($quiet_timing)(/|\(|\$)"
# The keyed sendings of the trainer's own suite join them (issue 51's fifth round): beside four
# daemon processes a straight key's release was stamped 200 ms late at the lane's priority
# (marks 734, 482, 534 ms for « -.- », fresh-clone run 26).
# In the quiet part the judges of milliseconds at the sound server or the display (the flashes,
# a write's latency, the WAV's silences, the paddles' sidetone) run first, one at a time; then
# the hands keyed on a pseudo-terminal run three at once: the keying through the binary, the
# 10 WPM hand with the speed change, and the trainer's sendings (issue 51's fifth round: 54 s
# beside 54 s, where one after the other they took 108 s of the run's last 163). Each keyer is a
# test thread asleep until its next edge and a reader decoding a few marks a second: beside each
# other they take a few per cent of a core, a load known and bounded, not the daemon group's
# (load 16 to 18) that read a dit as a dah. What they read is printed for the margin.
quiet_alone='BrailleRhythmTimingTests|BrailleRhythmTests|BrailleLatencyTests|SendingRecordedTests|SendingPaddlesTests'
quiet_keyers_one='SendingThroughTheBinaryTests'
quiet_keyers_two='SendingSpeedChangeTests|SendingEveryHandTests'
quiet_keyers_three='SendingSessionTests'
# The reflex drill's two tests at the sink (its name 1.5 s ± 50 ms after its tones) join the quiet
# part beside the keyers, a fourth at once (fresh-clone run 27: 106 ms late beside four daemon
# processes, at the lane's priority); the passive drill's names timed on the transcript join
# them (fresh-clone run 59: question 1's line read 230 ms late beside the daemon group, its name
# then 2 045 ms after it where 2 168 is the floor; 2 178 to 2 280 in every run before); its other
# two stay in the lane's first part.
quiet_reflex='ReflexDrillSessionTests/thePassiveNameComesItsPauseAfterTheTonesAtTheSink|ReflexDrillSessionTests/theActiveWindowStartsWhenTheTonesEndAtTheSink|ReflexDrillSessionTests/thePassiveDrillNamesEachCharacterAfterItsPause'
[ "$(printf '%s|%s|%s|%s|%s' "$quiet_alone" "$quiet_keyers_one" "$quiet_keyers_two" "$quiet_keyers_three" "$quiet_reflex" \
    | tr '|' '\n' | sort | paste -sd'|')" \
  = "$(tr '|' '\n' <<< "$quiet_timing" | sort | paste -sd'|')" ] \
  || { echo "test.sh: the quiet part's three lists do not name the quiet suites exactly" >&2; exit 2; }
quiet_part() { printf '[./](%s)(/|\\(|$)' "$1"; }
# The daemon group: the serial suites with a test left once the timing tests are taken out,
# longest first (daemon_first), one `swift test` process each.
mapfile -t daemon_suites < <(
  { tr -s ' \n' '\n' <<< "$daemon_first"; tr '|' '\n' <<< "$serial_suites"; } | awk 'NF && !seen[$0]++' \
    | grep -xE "($serial_suites)" \
    | while read -r name; do
        grep -E "[./]$name/" "$work/list.txt" | grep -vE "$timing_filter" | grep -qvE "$on_demand" && echo "$name"
      done)
echo "test.sh: $(grep -cvE "$serial_filter|$timing_filter" "$work/list.txt") test(s) in one parallel run;" \
  "$(grep -E "$serial_filter" "$work/list.txt" | grep -vE "$timing_filter" | grep -cvE "$on_demand") in ${#daemon_suites[@]} suites," \
  "$daemon_workers processes at once; $(grep -cE "$timing_filter" "$work/list.txt") judging time, one at a time, beside them at a higher priority"


# A daemon that cannot start stops the run here, named with its log.
step_now "daemon check"
check_test_daemons "$work/check"
step_done "daemon check"

# From here every test runs with a home of its own, and the run fails if the real one changed
# (scripts/test-home.sh; the build and the background package keep the real home).
source scripts/test-home.sh
private_home_begin "$work/private-home"

# The tests that judge time start now, one at a time, in a session of their own whose autogroup
# runs at nice -10 (as root), so that everything else in the run yields the CPU to them. Where
# the kernel groups processes by session (/proc/sys/kernel/sched_autogroup_enabled, on by
# default in Debian's kernels) CPU time is shared between sessions first, and a process's own
# nice only ranks it within its session; a process's nice would not reach the tests anyway:
# `swift test` starts the test binary at nice 0 whatever its own nice, and Foundation's Process
# starts the reader at 0 again (both measured). A test process or daemon of the other groups
# then yields its core whenever one of these (or the reader it started) wakes up; the package
# and the fuzzing only ever get a core nobody else wants. A daemon that puts itself in a session
# of its own leaves the lane's autogroup: PulseAudio does (--daemonize; seen at nice 0). Without
# autogroups (or without root) the lane runs at the priority of the rest, which is said.
# Its console is printed when it ends.
events=()
status=0
if [ "$(cat /proc/sys/kernel/sched_autogroup_enabled 2>/dev/null)" != 1 ] || [ "$(id -u)" -ne 0 ]; then
  echo "test.sh: no autogroup or not root: the tests judging time run at the priority of the others beside them"
fi
timing_started=$SECONDS
# The lane's own PulseAudio daemons leave its session (--daemonize): scripts/pulse-test.sh puts
# each in the lane's autogroup nice (LECTEUR_TEST_AUTOGROUP_NICE), so the sound a test judges is
# played at the lane's priority, not the daemon group's.
setsid -w bash -c '[ ! -w /proc/self/autogroup ] || echo -10 > /proc/self/autogroup 2>/dev/null || true
  export LECTEUR_TEST_AUTOGROUP_NICE=-10
  status=0
  lecteur-tests --no-parallel --filter "$1" --skip "$2" --skip "$3" "${@:10}" \
    --event-stream-output-path "$4/events-timing.jsonl" --event-stream-version 6.3 || status=$?
  # The run leaves this file when the daemon group and the parallel run have both ended (the
  # run stops the lane if they never do).
  while [ ! -e "$4/groups.ended" ]; do sleep 1; done
  echo "test.sh: the daemon group and the parallel run have ended: the millisecond judges run"
  lecteur-tests --no-parallel --filter "$5" --skip "$3" "${@:10}" \
    --event-stream-output-path "$4/events-timing-quiet.jsonl" --event-stream-version 6.3 || status=$?
  echo "test.sh: the keyers and the reflex drill at the sink, four at once"
  keyers=()
  for n in 1 2 3 4; do
    lecteur-tests --no-parallel --filter "${@:5+n:1}" --skip "$3" "${@:10}" \
      --event-stream-output-path "$4/events-timing-keyers-$n.jsonl" --event-stream-version 6.3 > "$4/keyers-$n.log" 2>&1 &
    keyers+=("$!")
  done
  for pid in "${keyers[@]}"; do wait "$pid" || status=$?; done
  cat "$4/keyers-1.log" "$4/keyers-2.log" "$4/keyers-3.log" "$4/keyers-4.log"
  exit $status' _ "$timing_filter" "$quiet_filter" "$on_demand" "$work" \
    "$(quiet_part "$quiet_alone")" "$(quiet_part "$quiet_keyers_one")" "$(quiet_part "$quiet_keyers_two")" \
    "$(quiet_part "$quiet_keyers_three")" "$(quiet_part "$quiet_reflex")" "$@" > "$work/timing.log" 2>&1 &
timing_pid=$!
events+=("$work/events-timing.jsonl" "$work/events-timing-quiet.jsonl" "$work/events-timing-keyers-1.jsonl"
         "$work/events-timing-keyers-2.jsonl" "$work/events-timing-keyers-3.jsonl" "$work/events-timing-keyers-4.jsonl")

# Swift Testing runs a process's tests in parallel unless told --no-parallel.
# Each run writes Swift Testing's event stream (version 6.3: the first with warnings and
# cancelled test cases), which scripts/test-events.py judges at the end.
# The parallel run starts with the daemon group, beside it (issue 51: one after the other they
# took 110 + 266 s of the 711 s run 5, the critical path with the lane's last part). It keeps
# both cores busy with tests that compute, where the daemon group's mostly wait on a daemon, a
# display or a reader; in a session of its own (autogroup nice 0, as the daemon group's), the
# two get half the CPU each when both want it, and the timing lane (nice -10) stays above both.
# Its console is printed when it ends.
parallel_started=$SECONDS
setsid -w bash -c 'status=0
  lecteur-tests --skip "$1" --skip "$2" --skip "$3" "${@:5}" \
    --event-stream-output-path "$4/events-parallel.jsonl" --event-stream-version 6.3 || status=$?
  exit $status' _ "$serial_filter" "$timing_filter" "$on_demand" "$work" "$@" > "$work/parallel.log" 2>&1 &
parallel_pid=$!
events+=("$work/events-parallel.jsonl")

# One daemon-group suite in a `swift test` process of its own, its tests one at a time. Several
# run at once in one checkout: --ignore-lock, as --skip-build builds nothing. Its
# console is printed whole when it ends, under a lock, so that suites do not interleave.
run_suite() {
  local suite=$1 result=0
  lecteur-tests --no-parallel --filter "[./]$suite(/|\$)" \
    --skip "$timing_filter" --skip "$on_demand" \
    --event-stream-output-path "$work/events-daemon-$suite.jsonl" --event-stream-version 6.3 \
    > "$work/daemon-$suite.log" 2>&1 || result=$?
  flock "$work/console.lock" cat "$work/daemon-$suite.log"
  return "$result"
}
step_now "daemon group"
if [ $# -eq 0 ]; then
  declare -A running=()
  for suite in "${daemon_suites[@]}"; do
    while [ "${#running[@]}" -ge "$daemon_workers" ]; do
      wait -n -p ended "${!running[@]}" || status=$?
      unset "running[$ended]"
    done
    run_suite "$suite" &
    running[$!]=$suite
  done
  while [ "${#running[@]}" -gt 0 ]; do
    wait -n -p ended "${!running[@]}" || status=$?
    unset "running[$ended]"
  done
  for suite in "${daemon_suites[@]}"; do events+=("$work/events-daemon-$suite.jsonl"); done
else
  # Outside CI with arguments (a --filter of one's own): one process, as the arguments ask.
  lecteur-tests --no-parallel --filter "$serial_filter" --skip "$timing_filter" --skip "$on_demand" "$@" \
    --event-stream-output-path "$work/events-daemon.jsonl" --event-stream-version 6.3 || status=$?
  events+=("$work/events-daemon.jsonl")
fi
step_done "daemon group ($daemon_workers at once)"
step_now "tests in parallel (waited for)"
wait "$parallel_pid" || status=$?
cat "$work/parallel.log"
echo "test.sh: the parallel run took $((SECONDS - parallel_started)) s (beside the daemon group)"
step_done "tests in parallel (waited for)"
touch "$work/groups.ended"

step_now "tests judging time (after the daemon group)"
wait "$timing_pid" || status=$?
cat "$work/timing.log"
echo "test.sh: the tests judging time took $((SECONDS - timing_started)) s (beside the other groups)"
step_done "tests judging time (waited for)"

step_now "fuzz (waited for)"
finish fuzz 1
fuzz_status=$result
# Judged with the others: missing (the step failed before it), it is a listed test that did not run.
[ ! -e "$work/events-fuzz-check.jsonl" ] || events+=("$work/events-fuzz-check.jsonl")
echo "fuzz: the targets type-checked in $took s (in the background; the fuzzing pass is \`make fuzz\`)" >&2
step_done "fuzz (waited for)"
if [ "$packaged" -eq 1 ]; then
  step_now "package and InstallTests (waited for)"
  finish package 0
  [ ! -e "$work/install-test.log" ] || cat "$work/install-test.log"
  echo "package: built and checked, then InstallTests run on its release build, in $took s (in the background)" >&2
  # Judged with the others: missing (the package failed), it is a listed test that did not run.
  [ ! -e "$work/events-install.jsonl" ] || events+=("$work/events-install.jsonl")
  if [ "$result" -eq 0 ]; then
    LECTEUR_PACKAGE_DEB=$(tail -1 "$work/package.out")
    export LECTEUR_PACKAGE_DEB
  else
    package_status=1
  fi
  step_done "package and InstallTests (waited for)"
fi
pids=()
step_now "PackageTests"
lecteur-tests --no-parallel --filter "$package_test" "$@" \
  --event-stream-output-path "$work/events-package.jsonl" --event-stream-version 6.3 || status=$?
events+=("$work/events-package.jsonl")
step_done "PackageTests"

judge=(--list "$work/list.txt" --allow "$work/allow.txt")
if [ "$ci" -eq 1 ]; then
  judge+=(--ci)
elif [ $# -gt 0 ]; then
  echo "test.sh: arguments given ($*): the tests run are not compared with swift test list"
fi
step_now "judging the events"
judged=0
scripts/test-events.py "${judge[@]}" "${events[@]}" || judged=$?
if [ "$ci" -eq 0 ] && [ $# -eq 0 ]; then
  # Outside CI skips are allowed (a missing daemon), but the count is still said.
  scripts/test-events.py --ci "${judge[@]}" "${events[@]}" > "$work/ci-verdict.txt" 2>&1 \
    || echo "test.sh: under CI=true this run would fail: $(tail -1 "$work/ci-verdict.txt")"
fi
print_steps
# The slowest tests of this run, from the same events (scripts/test-durations.py --top N for
# more), but for the parallel run: there every test starts at once and waits its turn, so its
# times say nothing of the test.
# The event files stay in .build/test-events (the work folder goes at the end), for
# scripts/test-durations.py and scripts/test-events.py after the run.
rm -rf .build/test-events && mkdir -p .build/test-events && cp "${events[@]}" .build/test-events/ 2>/dev/null || true
mapfile -t timed < <(printf '%s\n' "${events[@]}" | grep -v '/events-parallel.jsonl$')
scripts/test-durations.py --top 15 "${timed[@]}" || true

private_home_check "$work/private-home" || status=1
left=$(leftovers | comm -13 "$work/leftovers-before.txt" -)
if [ -n "$left" ]; then
  echo "test.sh: the run left $(wc -l <<< "$left") TemporaryDirectory.* folder(s) in $machine_tmp, outside its" \
    "TMPDIR (Foundation's atomically: true; test files are written with writeWhole):" \
    "$(head -3 <<< "$left" | paste -sd' ')" >&2
  status=1
fi
# Processes a test left running: every test's home, daemon folder and session is made in the
# run's TMPDIR, so anything still alive whose HOME is there was started by a test and not stopped
# (issue 51: a private Orca session's two dconf-service, which ignore SIGTERM, outlived every run
# while the bus looked only for homes inside its folder). Named, killed, and the run fails.
stray=$(for dir in /proc/[0-9]*; do
  home=$({ tr '\0' '\n' < "$dir/environ"; } 2>/dev/null | grep -m1 "^HOME=$TMPDIR/") || continue
  echo "${dir#/proc/} $(cat "$dir/comm" 2>/dev/null) ${home#HOME=}"
done)
if [ -n "$stray" ]; then
  echo "test.sh: the tests left $(wc -l <<< "$stray") process(es) running with a home in the run's TMPDIR (pid, name, home):" >&2
  echo "$stray" >&2
  kill -KILL $(cut -d' ' -f1 <<< "$stray") 2>/dev/null || true
  status=1
fi
if [ "$status" -ne 0 ] || [ "$judged" -ne 0 ]; then
  echo "test.sh: the tests failed (see above)" >&2
  exit 1
fi
if [ "$package_status" -ne 0 ]; then
  echo "package: scripts/build-deb.sh failed or was not run (see above); the suite fails" >&2
  exit "$package_status"
fi
if [ "$fuzz_status" -ne 0 ]; then
  echo "fuzz: a target does not compile (see above); the suite fails" >&2
  exit "$fuzz_status"
fi
