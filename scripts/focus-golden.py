#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Merges the focus reports the store tests recorded into their golden (issue 51).

    LECTEUR_FOCUS_GOLDEN_RECORD=/tmp/focus swift test --skip-build --filter LecteurCoreTests
    scripts/focus-golden.py /tmp/focus

Each DIR/*.focus file is one report a store expectation helper found no golden entry for: its key
(the screen the state shows, the catalogue's size, what is said), then the report the reducer gave, as Swift.
They are added to Tests/LecteurCoreTests/ReaderTestStore+focusGolden.swift, sorted by key; an entry
already there is kept as it is (change one by deleting it, then recording again). Two different
reports recorded for one key fail: the key must tell them apart. Read the diff before committing:
the golden is what the tests expect, and a wrong report recorded is a wrong expectation.
"""
import json
import pathlib
import re
import sys

GOLDEN = pathlib.Path(__file__).resolve().parent.parent / "Tests/LecteurCoreTests/ReaderTestStore+focusGolden.swift"
HEAD = """// SPDX-License-Identifier: GPL-3.0-or-later
// Written by scripts/focus-golden.py from the reports the reader gave, then read entry by entry:
// the focus reports the store's expectation helpers expect (ReaderTestStore+focus.swift says how).
@testable import LecteurCore

extension ReaderTestStore {
    /// The screen the state shows, the catalogue's size, what is said with the focus: the report expected.
    static let focusGolden: [String: FocusReport] = [
"""
TAIL = """    ]
}
"""
KEY = re.compile(r'^        (".*"):$')


def entries(text):
    found, key, block = {}, None, []
    for line in text.splitlines():
        match = KEY.match(line)
        if match or line == "    ]":
            if key is not None:
                found[key] = "\n".join(block)
            key, block = (json.loads(match.group(1)), []) if match else (None, [])
        elif key is not None:
            block.append(line)
    return found


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    golden = entries(GOLDEN.read_text()) if GOLDEN.exists() else {}
    recorded, conflicts = {}, []
    for path in sorted(pathlib.Path(sys.argv[1]).glob("*.focus")):
        key, literal = path.read_text().rstrip("\n").split("\n", 1)
        block = "\n".join("            " + line for line in literal.splitlines()) + ","
        if key in recorded and recorded[key] != block:
            conflicts.append(key)
        recorded[key] = block
    if conflicts:
        sys.exit("focus-golden: different reports for one key: " + "; ".join(sorted(set(conflicts))))
    added = [key for key in recorded if key not in golden]
    golden.update({key: recorded[key] for key in added})
    body = "".join(f"        {json.dumps(key, ensure_ascii=False)}:\n{golden[key]}\n" for key in sorted(golden))
    # An empty dictionary literal is « [:] » in Swift.
    GOLDEN.write_text(HEAD + (body or "        :\n") + TAIL)
    print(f"focus-golden: {len(added)} entr{'y' if len(added) == 1 else 'ies'} added, {len(golden)} in all ({GOLDEN.name})")


if __name__ == "__main__":
    main()
