#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Regenerates every golden the tests compare with, for review:
#   Tests/LecteurIntegrationTests/Golden/*   the audit reports of the built-in catalogue
#   Tests/Phonemes/fr.golden.txt             everything said in French, as espeak-ng pronounces it
#   Tests/LecteurCoreTests/Golden/spoken-*   what the spoken-text builder says of the screens, strings and fuzz corpus
#   Tests/LecteurCoreTests/Golden/catalogue-generated-documents.txt   what the decoder decides for 2 500 generated documents
#   Tests/LecteurCoreTests/Golden/presentation-lines.txt   what the speech and braille generators make of every element
#   Tests/LecteurCoreTests/Golden/strings-fill.txt   what Strings writes for 3 000 random templates and arguments
#   Tests/LecteurAuditTests/Golden/element-rule-findings.txt   what the audit's element rules find on random elements
# The tests never write a golden: on a mismatch each writes its actual output under
# .build/golden-actual/ (same path as the golden) and fails. This script runs those tests,
# copies every actual output over its golden and prints the diff. Read it, then commit the goldens
# (or `git checkout -- Tests` to drop them).
#
#   scripts/update-goldens.sh [--no-build]
set -euo pipefail
cd "$(dirname "$0")/.."

actual=.build/golden-actual
tests='AuditGoldenTests|PhonemeGoldenTests|SpokenTextPathTests|CatalogueFastPathTests|RuleSpansTests|StringsFillTests|PresentationGoldenTests'

[ "${1:-}" = --no-build ] || swift build --build-tests
rm -rf "$actual"
log=$(mktemp /tmp/lecteur-goldens.XXXXXX)
# The tests fail when a golden differs: that failure is what is collected here.
swift test --skip-build --filter "$tests" >"$log" 2>&1 || true

if [ ! -d "$actual" ] || [ -z "$(find "$actual" -type f)" ]; then
  if grep -q "recorded an issue" "$log"; then
    echo "update-goldens: the golden tests failed for another reason (log: $log):" >&2
    grep "recorded an issue" "$log" >&2
    exit 1
  fi
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
