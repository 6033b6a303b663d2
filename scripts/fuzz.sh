#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Fuzzes the pure core with libFuzzer + AddressSanitizer, each target for a bounded time.
#
#   scripts/fuzz.sh [--time SECONDS] [--jobs N] [--min-inputs N] [TARGET...]
#                                                   run targets (default: all, 60 s each, N at once:
#                                                   default 1; each target gets its full time);
#                                                   with --min-inputs, a target that ran fewer
#                                                   inputs in its time (starved of CPU) goes on
#                                                   until it has, and one that still has not fails
#   scripts/fuzz.sh --quick ...                     the same, everything compiled -Onone, not -O: the
#                                                   core's ASan build takes a quarter of the CPU (37 s
#                                                   against 139 s, measured), each input runs slower;
#                                                   for CI's short pass (scripts/test.sh), which
#                                                   starts after the debug build and must end before
#                                                   the tests do
#   scripts/fuzz.sh --list                          list targets
#   scripts/fuzz.sh --repro TARGET FILE...          run a target once on saved inputs (a crash artifact)
#   scripts/fuzz.sh --check MODULES                 type-check every target (its file, FuzzSupport and
#                                                   its fuzz-build sources) against the modules of a
#                                                   debug build (MODULES: .build/debug/Modules), no
#                                                   libFuzzer, no ASan: seconds, not minutes. The test
#                                                   FuzzTargetsCompileTests runs it, so a change that
#                                                   breaks a target fails `swift test` and CI's first
#                                                   test run, not only this script (issue 51: the
#                                                   targets, built only here, broke unnoticed)
#
# A target is a file Tests/Fuzz/<Name>Fuzz.swift exposing LLVMFuzzerTestOneInput; its name is
# <name> in lower case. It is linked with Tests/Fuzz/FuzzSupport.swift and LecteurCore (all of
# Sources/LecteurCore, compiled here with coverage and ASan: no SwiftPM, no C dependency). Header
# lines in the target file extend the build:
#   // fuzz-requires: PATH        skip the target (with a note) until PATH exists in the checkout
#   // fuzz-build: ARGS...        extra swiftc arguments (sources, -I Modules/CLouis, -llouis)
# Seeds: Tests/Fuzz/Corpus/<name>/ (read only); dictionary: Tests/Fuzz/<name>.dict if present.
# Each seed is first run once whole (up to 384 KiB: the long-field seeds, a 300 KB title, 240 KB of
# braille text, must stay quick: a 10 s timeout per input), then the target is fuzzed with inputs of
# up to 4 KiB, where libFuzzer is fast.
# Everything generated goes to .build-fuzz/ (git-ignored): the growing corpus, crash artifacts.
# Exit status: 0 when no target crashed (nor ran fewer inputs than --min-inputs), 1 otherwise (the
# artifact path is printed). Under CI=true
# (as the tests' gates read it) a target skipped by fuzz-requires also fails the run: a CI run
# that skipped a target would go green without fuzzing what it claims.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=60
jobs=1
min_inputs=0
optimize=-O
mode=run
targets=()
while [ $# -gt 0 ]; do
  case "$1" in
    --time) seconds="$2"; shift 2 ;;
    --jobs) jobs="$2"; shift 2 ;;
    --min-inputs) min_inputs="$2"; shift 2 ;;
    --quick) optimize=-Onone; shift ;;
    --list) mode=list; shift ;;
    --repro) mode=repro; shift; break ;;
    --check) mode=check; modules="${2:?--check needs the Modules folder of a debug build}"; shift 2 ;;
    -h|--help) sed -n '3,42p' "$0"; exit 0 ;;
    *) targets+=("$1"); shift ;;
  esac
done

out=.build-fuzz
mkdir -p "$out/bin" "$out/lib" "$out/corpus" "$out/artifacts" "$out/logs"
# ld.gold warns about every ASan register thunk it cannot export: noise, not a problem.
quiet_link() { grep -v -e "Cannot export local symbol" -e "^$" || true; }
swift_flags=(-swift-version 6 -parse-as-library -sanitize=fuzzer,address "$optimize" -g)

all_targets() {
  for f in Tests/Fuzz/*Fuzz.swift; do
    b=$(basename "$f" Fuzz.swift)
    echo "${b,,}"
  done
}
target_file() {
  for f in Tests/Fuzz/*Fuzz.swift; do
    b=$(basename "$f" Fuzz.swift)
    [ "${b,,}" = "$1" ] && { echo "$f"; return 0; }
  done
  return 1
}

if [ "$mode" = list ]; then all_targets; exit 0; fi

# Type-checks one target as build_target compiles it, against a debug build's modules; prints
# the compiler's errors and returns 1 when it does not type-check. A target whose fuzz-requires
# path is missing is not checked (said).
check_target() {
  local name="$1" file required extra path
  file=$(target_file "$name")
  required=$(sed -n 's|^// fuzz-requires: *||p' "$file")
  for path in $required; do
    [ -e "$path" ] || { echo "fuzz: $name not checked: $path is not in this checkout" >&2; return 0; }
  done
  extra=$(sed -n 's|^// fuzz-build: *||p' "$file" | tr '\n' ' ')
  local args=()
  # Linker flags (-l) mean nothing to a type-check; the rest (-I, sources) is the build's.
  for word in $extra; do case "$word" in -l*) ;; *) args+=("$word") ;; esac; done
  if ! swiftc -typecheck -swift-version 6 -parse-as-library -I "$modules" \
      Tests/Fuzz/FuzzSupport.swift "$file" "${args[@]}" > "$out/logs/$name.check.log" 2>&1; then
    echo "fuzz: $name does not compile ($file):" >&2
    grep -E "error:" "$out/logs/$name.check.log" | head -20 >&2
    return 1
  fi
}
if [ "$mode" = check ]; then
  [ -e "$modules/LecteurCore.swiftmodule" ] || { echo "fuzz: no LecteurCore.swiftmodule in $modules (swift build first)" >&2; exit 2; }
  [ ${#targets[@]} -gt 0 ] || mapfile -t targets < <(all_targets)
  failed=0
  for name in "${targets[@]}"; do
    target_file "$name" > /dev/null || { echo "fuzz: no target named $name (see --list)" >&2; exit 2; }
    check_target "$name" || failed=1
  done
  [ "$failed" -eq 0 ] && echo "fuzz: ${#targets[@]} target(s) type-check against $modules" >&2
  exit "$failed"
fi

build_core() {
  local lib="$out/lib/libLecteurCore.a"
  local newest
  newest=$(find Sources/LecteurCore Sources/MorseKit -name '*.swift' -newer "$lib" 2>/dev/null | head -1 || true)
  if [ -f "$lib" ] && [ -z "$newest" ] && [ "$(find Sources/LecteurCore Sources/MorseKit -name '*.swift' | wc -l) $optimize" = "$(cat "$out/lib/count" 2>/dev/null)" ]; then
    return 0
  fi
  echo "fuzz: building LecteurCore with coverage and ASan…" >&2
  local start=$SECONDS
  # MorseKit first: the core imports it (issue 47), so it is a module and a library of its own.
  mapfile -t kit < <(find Sources/MorseKit -name '*.swift' | sort)
  rm -f "$out/lib/libMorseKit.a" "$lib"
  swiftc "${swift_flags[@]}" -module-name MorseKit -emit-library -static -wmo \
    -emit-module -emit-module-path "$out/lib/MorseKit.swiftmodule" \
    "${kit[@]}" -o "$out/lib/libMorseKit.a" 2>&1 | quiet_link
  [ -f "$out/lib/libMorseKit.a" ] || { echo "fuzz: MorseKit did not build" >&2; exit 2; }
  mapfile -t sources < <(find Sources/LecteurCore -name '*.swift' | sort)
  swiftc "${swift_flags[@]}" -module-name LecteurCore -emit-library -static -wmo -I "$out/lib" \
    -emit-module -emit-module-path "$out/lib/LecteurCore.swiftmodule" \
    "${sources[@]}" -o "$lib" 2>&1 | quiet_link
  [ -f "$lib" ] || { echo "fuzz: LecteurCore did not build" >&2; exit 2; }
  # The optimisation too: a -Onone core (--quick) is not reused for an -O run, nor the reverse.
  echo "$(( ${#sources[@]} + ${#kit[@]} )) $optimize" > "$out/lib/count"
  echo "fuzz: LecteurCore built in $((SECONDS - start)) s" >&2
}

# Prints the binary path, or nothing when the target is skipped.
build_target() {
  local name="$1" file
  file=$(target_file "$name") || { echo "fuzz: no target named $name (see --list)" >&2; exit 2; }
  local required
  required=$(sed -n 's|^// fuzz-requires: *||p' "$file")
  for path in $required; do
    if [ ! -e "$path" ]; then
      echo "fuzz: $name skipped: $path is not in this checkout yet" >&2
      return 0
    fi
  done
  local extra
  extra=$(sed -n 's|^// fuzz-build: *||p' "$file" | tr '\n' ' ')
  local bin="$out/bin/fuzz-$name"
  local inputs=("$file" Tests/Fuzz/FuzzSupport.swift "$out/lib/libLecteurCore.a" "$out/lib/libMorseKit.a")
  for word in $extra; do case "$word" in *.swift) inputs+=("$word") ;; esac; done
  if [ ! -x "$bin" ] || [ -n "$(find "${inputs[@]}" -newer "$bin" | head -1)" ]; then
    echo "fuzz: linking $name…" >&2
    # A failed link must not leave the last good binary to be fuzzed in its place.
    rm -f "$bin"
    # shellcheck disable=SC2086
    swiftc "${swift_flags[@]}" -I "$out/lib" -L "$out/lib" -lLecteurCore -lMorseKit \
      Tests/Fuzz/FuzzSupport.swift "$file" $extra -o "$bin" 2>&1 | quiet_link >&2
    [ -x "$bin" ] || { echo "fuzz: $name did not build" >&2; exit 2; }
  fi
  echo "$bin"
}

build_core

if [ "$mode" = repro ]; then
  name="$1"; shift
  bin=$(build_target "$name")
  [ -n "$bin" ] || exit 2
  SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0:malloc_context_size=0 exec "$bin" -rss_limit_mb=2048 "$@"
fi

[ ${#targets[@]} -gt 0 ] || mapfile -t targets < <(all_targets)

# Runs one built target (seeds whole, then fuzzing for the time asked); writes its summary row
# to $out/logs/NAME.row and returns 1 when it crashed.
fuzz_one() {
  local name="$1" bin="$2"
  local corpus="$out/corpus/$name" seeds="Tests/Fuzz/Corpus/$name" log="$out/logs/$name.log"
  mkdir -p "$corpus"
  local args=(-max_total_time="$seconds" -max_len=4096 -timeout=10 -rss_limit_mb=2048
              -artifact_prefix="$out/artifacts/$name-" -print_final_stats=1)
  [ -f "Tests/Fuzz/$name.dict" ] && args+=(-dict="Tests/Fuzz/$name.dict")
  echo "fuzz: $name for ${seconds} s…" >&2
  local status=0
  if [ -d "$seeds" ]; then
    SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0:malloc_context_size=0:quarantine_size_mb=16 "$bin" \
      -runs=0 -max_len=393216 -timeout=10 -rss_limit_mb=2048 -artifact_prefix="$out/artifacts/$name-" "$seeds" \
      > "$out/logs/$name.seeds.log" 2>&1 || { status=$?; cp "$out/logs/$name.seeds.log" "$log"; }
  fi
  [ "$status" -ne 0 ] || SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0:malloc_context_size=0:quarantine_size_mb=16 "$bin" "${args[@]}" "$corpus" $([ -d "$seeds" ] && echo "$seeds") > "$log" 2>&1 || status=$?
  local runs took
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  took=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$log" | tail -1)
  # The inputs a target ran are read from its own output and checked: a target that returns at
  # once, or was starved of CPU for its whole time (the pass runs at idle priority beside the
  # tests), must not pass as fuzzed. Starved, it goes on for the inputs missing (-runs, no time
  # limit but the per-input timeout); fewer than asked still fails.
  if [ "$status" -eq 0 ] && [ "$min_inputs" -gt 0 ] && [ "${runs:-0}" -lt "$min_inputs" ]; then
    echo "fuzz: $name ran ${runs:-0} inputs in ${seconds} s; going on for $((min_inputs - ${runs:-0})) more" >&2
    SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0:malloc_context_size=0:quarantine_size_mb=16 "$bin" \
      "${args[@]/#-max_total_time=*/-runs=$((min_inputs - ${runs:-0}))}" "$corpus" > "$log.more" 2>&1 || status=$?
    cat "$log.more" >> "$log"
    runs=$(( ${runs:-0} + $(sed -n 's/^stat::number_of_executed_units: *//p' "$log.more" | tail -1 | grep . || echo 0) ))
  fi
  if [ "$status" -ne 0 ]; then
    local artifact
    artifact=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log" | tail -1)
    echo "$name|CRASH|${runs:-?}|${took:-?}" > "$out/logs/$name.row"
    echo "fuzz: $name FAILED (status $status); input: ${artifact:-see $log}" >&2
    grep -m 3 -e "fuzz invariant" -e "Fatal error" -e "ERROR: AddressSanitizer" -e "ERROR: libFuzzer" "$log" >&2 || true
    return 1
  fi
  if [ "$min_inputs" -gt 0 ] && [ "${runs:-0}" -lt "$min_inputs" ]; then
    echo "$name|FEW|${runs:-0}|${took:-?}" > "$out/logs/$name.row"
    echo "fuzz: $name ran ${runs:-0} inputs, fewer than the $min_inputs asked (see $log)" >&2
    return 1
  fi
  echo "$name|ok|${runs:-?}|${took:-?}" > "$out/logs/$name.row"
}

failed=0
skipped=0
summary=()
# Linked one after the other (each link is short), then fuzzed N at once: libFuzzer runs on one
# core, so on a 2-core machine two targets take the wall time of one.
built=()
for name in "${targets[@]}"; do
  bin=$(build_target "$name")
  if [ -z "$bin" ]; then skipped=1; echo "$name|skipped|-|-" > "$out/logs/$name.row"; continue; fi
  built+=("$name|$bin")
done
running=0
for entry in "${built[@]}"; do
  if [ "$running" -ge "$jobs" ]; then
    wait -n || failed=1
    running=$((running - 1))
  fi
  fuzz_one "${entry%%|*}" "${entry#*|}" &
  running=$((running + 1))
done
while [ "$running" -gt 0 ]; do
  wait -n || failed=1
  running=$((running - 1))
done
for name in "${targets[@]}"; do summary+=("$(cat "$out/logs/$name.row")"); done

printf '%-12s %-8s %12s %8s\n' target result inputs seconds
for row in "${summary[@]}"; do
  IFS='|' read -r n r i t <<< "$row"
  printf '%-12s %-8s %12s %8s\n' "$n" "$r" "$i" "$t"
done
ci_value=$(printf '%s' "${CI:-}" | tr '[:upper:]' '[:lower:]')
if [ "$skipped" -ne 0 ] && [ -n "$ci_value" ] && [ "$ci_value" != false ] && [ "$ci_value" != 0 ]; then
  echo "fuzz: CI=$CI and a target was skipped (see above): in CI a target runs or fails" >&2
  failed=1
fi
exit $failed
