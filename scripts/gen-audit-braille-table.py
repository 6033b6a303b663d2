#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Regenerates Locales/fr/lexique-braille-fr-bfu-comp8.json: the cells liblouis gives every
character of the Basic Multilingual Plane with the French 8-dot computer braille table
(fr-bfu-comp8.utb, the table brltty's `-t fr` matches). The audit uses it, without liblouis, to
show the cells of each braille line and to find the characters the table does not cover
(liblouis turns those into a blank cell, like a space). Needs `lou_translate` (liblouis-bin).
The audit tests compare this file with the real liblouis on whole lines."""
import json, pathlib, subprocess

TABLE = "fr-bfu-comp8.utb"
root = pathlib.Path(__file__).resolve().parent.parent
# Controls and line separators are never sent to a display: the sanitiser removes them first.
skipped = set(range(0x7F, 0xA0)) | set(range(0xD800, 0xE000)) | {0x2028, 0x2029}
codepoints = [c for c in range(0x20, 0x10000) if c not in skipped]
text = "\n".join(chr(c) for c in codepoints) + "\n"
out = subprocess.run(["lou_translate", "--forward", "unicode.dis," + TABLE],
                     input=text.encode("utf-8"), capture_output=True, check=True).stdout.decode("utf-8")
lines = out.split("\n")
assert len(lines) >= len(codepoints), "lou_translate did not answer one line per character"
version = subprocess.run(["lou_translate", "--version"], capture_output=True, text=True).stdout.split("\n")[0]
cells = {}
for c, line in zip(codepoints, lines):
    # A blank cell for anything but a space means "not in the table".
    if c == 0x20 or (line and set(line) != {"\u2800"}):
        cells[chr(c)] = line
document = {"table": TABLE, "generator": version.strip(), "cells": cells}
target = root / "Locales/fr/lexique-braille-fr-bfu-comp8.json"
target.write_text(json.dumps(document, ensure_ascii=False, indent=0, sort_keys=True) + "\n", encoding="utf-8")
print(f"{target.relative_to(root)}: {len(cells)} characters")
