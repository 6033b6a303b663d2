#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Builds and runs the reader on its built-in catalogue (arguments are passed to `lecteur`).
# Messages in French, or in English when the environment's language is English (as the reader).
set -euo pipefail
cd "$(dirname "$0")/.."

lang=fr
for v in "${LANGUAGE:-}" "${LC_ALL:-}" "${LC_MESSAGES:-}" "${LANG:-}"; do
  [ -n "$v" ] || continue
  case $v in en*) lang=en ;; esac
  break
done
say() { if [ $lang = en ]; then echo "$2" >&2; else echo "$1" >&2; fi; }

if ! command -v swift >/dev/null; then
  if [ -x /opt/swift/usr/bin/swift ]; then
    export PATH=/opt/swift/usr/bin:$PATH
  else
    say "Swift est introuvable : Lecteur se compile avec Swift 6.1 ou plus récent. Installez-le depuis https://www.swift.org/install/linux/ (archive pour Debian 12), mettez son dossier usr/bin dans PATH, puis relancez scripts/run.sh." \
        "Swift is not installed: Lecteur builds with Swift 6.1 or later. Install it from https://www.swift.org/install/linux/ (the Debian 12 archive), put its usr/bin folder on PATH, then run scripts/run.sh again."
    exit 1
  fi
fi

say "Vérification des paquets Debian nécessaires (installés s'ils manquent)…" \
    "Checking the Debian packages Lecteur needs (installing the missing ones)…"
scripts/install-deps.sh run
if [ ! -x .build/release/lecteur ]; then
  say "Première compilation de Lecteur : quelques minutes (3 à 4 sur une petite machine à 2 cœurs). Les lignes de compilation suivent ; le lecteur démarre ensuite." \
      "First build of Lecteur: a few minutes (3 to 4 on a small 2-core machine). Build lines follow; the reader starts afterwards."
else
  say "Compilation de ce qui a changé…" "Building what changed…"
fi
swift build -c release --product lecteur >&2
say "Démarrage du lecteur. Tapez « aide » pour la liste des commandes, « quitter » pour sortir." \
    "Starting the reader. Type “help” for the commands, “quit” to leave."
exec .build/release/lecteur "$@"
