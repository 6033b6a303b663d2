#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Regenerates every golden the tests compare with, for review (the list: docs/testing.md).
# The tests never write a golden: on a mismatch each writes its actual output under
# .build/golden-actual/ (same path as the golden) and fails. This script finds the golden tests
# itself (every suite declared in a file that calls Golden.expect, or calls a helper that does),
# runs them, and copies every actual output over its golden, then prints the diff. It refuses to
# copy anything when the run failed for another reason than a golden that differs (another
# expectation, a crash, a skipped test): what those tests wrote may not be what the code says.
# Read the diff, then commit the goldens (or `git checkout -- Tests` to drop them).
#
#   scripts/update-goldens.sh [--no-build]
set -euo pipefail
cd "$(dirname "$0")/.."

actual=.build/golden-actual
[ "${1:-}" = --no-build ] || swift build --build-tests

# The files that compare with a golden: those calling Golden.expect, then those calling a
# function that a file of the first kind declares around its call (AuditFiles.expectGolden).
mapfile -t direct < <(grep -rl --include='*.swift' 'Golden\.expect(' Tests/Lecteur*Tests)
# Only functions declared at the top or in a type (not a closure's local helper), and not tests.
helpers=$(awk '/^(    )?((static|private|fileprivate|public|internal|mutating|nonisolated|@[A-Za-z]+) )*func [A-Za-z0-9_]+/ { match($0, /func [A-Za-z0-9_]+/); name = substr($0, RSTART + 5, RLENGTH - 5)
                                                    test = (prev ~ /@Test/ || $0 ~ /@Test/) }
               { if ($0 !~ /^[ \t]*$/) prev = $0 }
               /Golden\.expect\(/ && !test { print name }' "${direct[@]}" | sort -u)
files=("${direct[@]}")
for helper in $helpers; do
  mapfile -t -O "${#files[@]}" files < <(grep -rlw --include='*.swift' "$helper" Tests/Lecteur*Tests)
done
# Their top-level types, kept when `swift test list` knows them as suites.
list=$(swift test list --skip-build 2>/dev/null)
suites=$(grep -hE '^(@Suite|struct|final class|class|enum|extension|actor)' "${files[@]}" \
  | grep -E '(struct|class|enum|extension|actor) [A-Za-z0-9_]+' \
  | sed -E 's/.*(struct|class|enum|extension|actor) ([A-Za-z0-9_]+).*/\2/' | sort -u | while read -r name; do
      grep -qE "[./]$name/" <<< "$list" && echo "$name"
    done | paste -sd'|')
[ -n "$suites" ] || { echo "update-goldens: found no golden test (looked for Golden.expect under Tests/)" >&2; exit 1; }
echo "update-goldens: the golden suites: ${suites//|/, }"

rm -rf "$actual"
events=$(mktemp /tmp/lecteur-goldens.XXXXXX.jsonl)
log=${events%.jsonl}.log
# The tests fail when a golden differs: that failure is what is collected here.
swift test --skip-build --filter "[./]($suites)/" \
  --event-stream-output-path "$events" --event-stream-version 6.3 >"$log" 2>&1 || true

# Every issue must be a golden that differs or is missing (Golden.expect's two messages), and the
# run must have ended with no test skipped or cancelled.
if ! python3 - "$events" <<'EOF'
import json, sys
other, ended = [], False
for line in open(sys.argv[1], encoding="utf-8"):
    payload = json.loads(line)["payload"]
    kind = payload.get("kind")
    text = " ".join(m.get("text", "") for m in payload.get("messages", []))
    if kind == "runEnded":
        ended = True
    elif kind in ("testSkipped", "testCancelled", "testCaseCancelled"):
        other.append(f"{kind}: {payload.get('testID')}: {text}")
    elif kind == "issueRecorded" and "differs from its golden at line" not in text and "missing golden" not in text:
        other.append(f"{payload.get('testID')}: {text}")
if not ended:
    other.append("the test run did not end (a crash?)")
for entry in other:
    print("  " + entry, file=sys.stderr)
sys.exit(1 if other else 0)
EOF
then
  echo "update-goldens: the golden tests failed for another reason (above; console: $log): nothing copied" >&2
  exit 1
fi

if [ ! -d "$actual" ] || [ -z "$(find "$actual" -type f)" ]; then
  echo "update-goldens: every golden matches the current output; nothing to update."
  exit 0
fi
rewritten=()
while read -r file; do
  golden=${file#"$actual"/}
  mkdir -p "$(dirname "$golden")"
  cp "$file" "$golden"
  rewritten+=("$golden")
  echo "update-goldens: $golden rewritten"
done < <(find "$actual" -type f | sort)
git --no-pager diff --stat -- "${rewritten[@]}"
git --no-pager diff -- "${rewritten[@]}"
git status --short --untracked-files=all -- "${rewritten[@]}"
echo "update-goldens: review the diff above, then commit the goldens."
