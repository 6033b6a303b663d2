#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Issue 23's "keep" figures, measured side by side in one run: release binaries of a BEFORE
# commit and of this working tree, each measure taken for one then the other, turn about.
#
#   scripts/figures-23.sh [--before COMMIT] [--runs N] [--load-runs N] [--soak-commands N]
#                         [--latency-rounds N]
#
# - audit of 100 000 formations, text / JSON / SARIF: wall time (median of RUNS) and peak RSS;
# - load of 100 000 formations into the reader, plain (31.5 MB) and with long accented French
#   descriptions (115.7 MB), with `python3 json.load` of the same file in the same run (median
#   of LOAD-RUNS: a load takes about a second, so one busy moment weighs more)
#   (scripts/audit-scale.py, one process per measure under GNU time);
# - first sound and `stop` → silence: real espeak-ng into a private PulseAudio null sink recorded
#   at its monitor (scripts/pulse-test.sh, scripts/speech-latency.py);
# - the 100 000-command soak (scripts/soak.sh, no devices): RSS at the start, the middle and the
#   end; the two soaks run at the same time (they measure memory and answers, not speed).
# Prints one Markdown table on standard output (progress on standard error). Any build or
# measure that fails stops the run with a non-zero status: no figure is printed that was not
# measured.
#
# Defaults: BEFORE eb990d0 (main before issue 23's work began: the branch point of the core,
# runtime and wall branches), RUNS 2, LOAD-RUNS 5, 100 000 soak commands, 2 latency rounds
# of 6 sends each.
# BEFORE is built in a detached worktree /tmp/lecteur-figures-before-SHORT, kept for the next run
# (its build is then incremental; `git worktree remove --force DIR` removes it). This tree is
# built with `swift build -c release --product lecteur`. The measures took 8 minutes with the
# load average at 3–8 and 12 minutes at 8–16 (docs/performance.md); the builds come on top
# (a first release build about 37 minutes at a load average of 20, then seconds).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

before=eb990d0
runs=2
load_runs=5
soak_commands=100000
latency_rounds=2
while [ $# -gt 0 ]; do
  case "$1" in
    --before) before="$2"; shift 2 ;;
    --runs) runs="$2"; shift 2 ;;
    --load-runs) load_runs="$2"; shift 2 ;;
    --soak-commands) soak_commands="$2"; shift 2 ;;
    --latency-rounds) latency_rounds="$2"; shift 2 ;;
    -h|--help) sed -n '3,29p' "$0"; exit 0 ;;
    *) echo "figures-23: unknown argument $1" >&2; exit 64 ;;
  esac
done

fail() { echo "figures-23: $*" >&2; exit 1; }
say() { echo "figures-23: $(date -u +%H:%M:%S) $*" >&2; }

sha=$(git rev-parse --verify --quiet "$before^{commit}") || fail "no commit $before"
before_dir=/tmp/lecteur-figures-before-${sha:0:7}
after_rev="$(git rev-parse --short HEAD)$(git diff --quiet HEAD -- Sources Package.swift Locales || echo '+changes')"

work=$(mktemp -d /tmp/lecteur-figures.XXXXXX)
cleanup() {
  scripts/pulse-test.sh stop "$work/pulse" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

started=$(date +%s)
if [ ! -e "$before_dir/.git" ]; then
  say "worktree of ${sha:0:7} at $before_dir"
  git worktree add --detach "$before_dir" "$sha" >&2 || fail "cannot add the worktree $before_dir"
fi
[ "$(git -C "$before_dir" rev-parse HEAD)" = "$sha" ] || fail "$before_dir is not at $sha"
git -C "$before_dir" diff --quiet HEAD || fail "$before_dir has local changes"

say "building ${sha:0:7} (release) in $before_dir"
(cd "$before_dir" && swift build -c release --product lecteur) >"$work/build-before.log" 2>&1 \
  || { tail -n 40 "$work/build-before.log" >&2; fail "the release build of ${sha:0:7} failed"; }
say "building this tree ($after_rev, release)"
swift build -c release --product lecteur >"$work/build-after.log" 2>&1 \
  || { tail -n 40 "$work/build-after.log" >&2; fail "the release build of this tree failed"; }
before_bin=$before_dir/.build/release/lecteur
after_bin=$root/.build/release/lecteur
[ -x "$before_bin" ] && [ -x "$after_bin" ] || fail "a release binary is missing"
built=$(date +%s)
load_start=$(cut -d' ' -f1-3 /proc/loadavg)

say "load and audit of 100 000 formations, $runs run(s) each"
sync
python3 scripts/audit-scale.py --sizes 100000 --runs "$runs" --load-runs "$load_runs" --accented \
  --bin before="$before_bin" --bin after="$after_bin" --json "$work/scale.json" >"$work/scale.log" \
  || { cat "$work/scale.log" >&2; fail "audit-scale.py failed"; }
cat "$work/scale.log" >&2

say "first sound and stop → silence"
pulse=$(scripts/pulse-test.sh start "$work/pulse") || fail "the private PulseAudio did not start"
python3 scripts/speech-latency.py --pulse "$pulse" --rounds "$latency_rounds" \
  --bin before="$before_bin" --bin after="$after_bin" --json "$work/latency.json" >&2 \
  || fail "speech-latency.py failed"
scripts/pulse-test.sh stop "$work/pulse" >/dev/null

say "soak of $soak_commands commands, both binaries at once"
scripts/soak.sh --binary "$before_bin" --commands "$soak_commands" >"$work/soak-before.json" 2>"$work/soak-before.log" &
soak_before=$!
scripts/soak.sh --binary "$after_bin" --commands "$soak_commands" >"$work/soak-after.json" 2>"$work/soak-after.log" &
soak_after=$!
soak_failed=
wait "$soak_before" || soak_failed="$soak_failed before"
wait "$soak_after" || soak_failed="$soak_failed after"
if [ -n "$soak_failed" ]; then
  for side in before after; do echo "--- soak $side" >&2; tail -n 30 "$work/soak-$side.log" "$work/soak-$side.json" >&2; done
  fail "the soak failed for:$soak_failed"
fi
load_end=$(cut -d' ' -f1-3 /proc/loadavg)
finished=$(date +%s)

python3 - "$work" "${sha:0:7}" "$after_rev" "$runs $load_runs" "$soak_commands" "$load_start" "$load_end" \
  "$((built - started))" "$((finished - built))" <<'PYTHON'
import json, statistics, sys, time
work, before_rev, after_rev, runs, soak_commands, load_start, load_end, build_s, measure_s = sys.argv[1:10]

def fail(message):
    sys.exit("figures-23: " + message)

scale = json.load(open(work + "/scale.json"))
def scaled(document, what, binary):
    found = [r for r in scale if r["document"] == document and r["what"] == what and r["binary"] == binary]
    if len(found) != 1:
        fail("no single measure of %s %s %s in audit-scale.py's output" % (document, what, binary))
    return found[0]

def cell(r):
    return "%.2f s, %.0f MB" % (r["wall_s"], r["peak_mb"])

def ratio(b, a):
    t, m = a["wall_s"] / b["wall_s"], a["peak_mb"] / b["peak_mb"]
    flag = lambda x: " **(over 10 %)**" if x > 1.10 else ""
    return "time %+.1f %%%s, memory %+.1f %%%s" % (100 * (t - 1), flag(t), 100 * (m - 1), flag(m))

rows = []
for document, label in (("plain", "load into the reader"), ("accented", "load, accented descriptions")):
    b, a = scaled(document, "load into the reader", "before"), scaled(document, "load into the reader", "after")
    py = scaled(document, "python3 json.load", None)
    rows.append(("%s (%.1f MB)" % (label, a["file_mb"]), cell(b), cell(a), ratio(b, a),
                 "%s (after: %.2f× its time)" % (cell(py), a["wall_s"] / py["wall_s"])))
for fmt in ("text", "json", "sarif"):
    b, a = scaled("plain", "audit, " + fmt, "before"), scaled("plain", "audit, " + fmt, "after")
    rows.append(("audit, %s (report %.0f MB)" % ("JSON" if fmt == "json" else fmt.upper() if fmt == "sarif" else fmt, a["report_mb"] or 0),
                 cell(b), cell(a), ratio(b, a), ""))

latency = json.load(open(work + "/latency.json"))
def lat(name, key):
    values = latency[name][key]
    if not values:
        fail("no %s sample for %s" % (key, name))
    return values, "p50 %.0f ms, max %.0f ms (n %d)" % (statistics.median(values), max(values), len(values))
for key, label in (("first_sound_ms", "`suivant` → first sound at the sink"), ("stop_to_silence_ms", "`stop` → silence at the sink (during `aide`)")):
    (bv, bt), (av, at) = lat("before", key), lat("after", key)
    rows.append((label, bt, at, "p50 %+.1f ms" % (statistics.median(av) - statistics.median(bv)), ""))

def soak(name):
    result = json.load(open("%s/soak-%s.json" % (work, name)))
    if result.get("failure_count") != 0 or result.get("commands") != int(soak_commands):
        fail("soak %s: %r" % (name, result.get("failures")))
    samples = result["rss_samples"]
    middle = min(samples, key=lambda s: abs(s[0] - result["commands"] // 2))
    return result, samples[0][1], middle, samples[-1][1]
for_ratio = {}
cells = []
for name in ("before", "after"):
    result, start, middle, end = soak(name)
    for_ratio[name] = end - start
    cells.append("RSS %.1f → %.1f → %.1f MB (%.0f s)" % (start / 1024, middle[1] / 1024, end / 1024, result["seconds"]))
rows.append(("soak of %s commands, no devices: RSS at start → middle → end" % format(int(soak_commands), ",").replace(",", " "),
             cells[0], cells[1], "start to end: before +%.1f MB, after +%.1f MB" % (for_ratio["before"] / 1024, for_ratio["after"] / 1024), ""))

print("Measured %s UTC, before = %s, after = %s; audit: median of %s runs, loads: of %s, peak RSS the largest; "
      "load average %s at the start, %s at the end; builds %s s, measures %s s."
      % (time.strftime("%Y-%m-%d %H:%M", time.gmtime()), before_rev, after_rev,
         *runs.split(), load_start, load_end, build_s, measure_s))
print()
print("| 100 000 formations | before (%s) | after (%s) | after against before | python3 json.load, same file |" % (before_rev, after_rev))
print("|---|---|---|---|---|")
for row in rows:
    print("| " + " | ".join(row) + " |")
PYTHON
