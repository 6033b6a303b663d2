#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs the reader like any Linux program (optional; scripts/run.sh runs it from the checkout).
#
#   scripts/install.sh [--prefix DIR] [--destdir DIR]     builds and installs (prefix: /usr/local)
#   scripts/install.sh [--prefix DIR] [--destdir DIR] --uninstall
#
# What goes where (PREFIX, under DESTDIR when packaging):
#   bin/lecteur                                 release build, Swift standard library and Foundation
#                                               linked in (no toolchain needed at run time)
#   share/lecteur/locales/{fr,en}/              strings and lexicons (found from bin/../share)
#   share/man/man1/lecteur.1                    from the command definitions (scripts/gen-manpage.py)
#   share/bash-completion/completions/lecteur, share/zsh/site-functions/_lecteur,
#   share/fish/vendor_completions.d/lecteur.fish
#   share/applications/lecteur.desktop          opens the reader in a terminal
# The C libraries (espeak-ng, BrlAPI, liblouis, libspeechd, libcurl…) stay Debian's shared ones.
set -euo pipefail
cd "$(dirname "$0")/.."

prefix=/usr/local destdir="" uninstall=0
while [ $# -gt 0 ]; do
  case $1 in
    --prefix) prefix=$2; shift 2 ;;
    --prefix=*) prefix=${1#--prefix=}; shift ;;
    --destdir) destdir=$2; shift 2 ;;
    --destdir=*) destdir=${1#--destdir=}; shift ;;
    --uninstall) uninstall=1; shift ;;
    -h|--help) sed -n '3,19p' "$0"; exit 0 ;;
    *) echo "install.sh : option inconnue « $1 » (voir --help)" >&2; exit 2 ;;
  esac
done
case $prefix in /*) ;; *) echo "install.sh : --prefix doit être un chemin absolu" >&2; exit 2 ;; esac
root="$destdir$prefix"

files=(bin/lecteur share/man/man1/lecteur.1 share/bash-completion/completions/lecteur
       share/zsh/site-functions/_lecteur share/fish/vendor_completions.d/lecteur.fish
       share/applications/lecteur.desktop)

if [ $uninstall -eq 1 ]; then
  for f in "${files[@]}"; do rm -f "$root/$f"; done
  rm -rf "$root/share/lecteur"
  echo "Lecteur désinstallé de $root."
  exit 0
fi

scripts/install-deps.sh run
# LECTEUR_INSTALL_SCRATCH: another build folder (the install test runs inside `swift test`, which
# holds the lock of .build).
scratch=${LECTEUR_INSTALL_SCRATCH:-.build}
build=(swift build -c release --scratch-path "$scratch" --product lecteur --static-swift-stdlib)
"${build[@]}" >&2
binary="$("${build[@]}" --show-bin-path)/lecteur"

install -D -m 755 --strip "$binary" "$root/bin/lecteur"
for locale in Locales/*/; do
  name=$(basename "$locale")
  install -d "$root/share/lecteur/locales/$name"
  install -m 644 "$locale"*.json "$root/share/lecteur/locales/$name/"
done

# The man page, from the same command definitions as --help (`--experimental-dump-help`, the data
# swift-argument-parser's generate-manual reads; that tool drops non-ASCII characters, so
# scripts/gen-manpage.py renders it with the French text intact).
man_dir=$(mktemp -d)
trap 'rm -rf "$man_dir"' EXIT
LECTEUR_DATA_DIR="$root/share/lecteur" python3 scripts/gen-manpage.py "$root/bin/lecteur" \
  "$(LECTEUR_DATA_DIR="$root/share/lecteur" "$root/bin/lecteur" --version)" >"$man_dir/lecteur.1"
install -D -m 644 "$man_dir/lecteur.1" "$root/share/man/man1/lecteur.1"

run_installed() { LECTEUR_DATA_DIR="$root/share/lecteur" "$root/bin/lecteur" "$@"; }
run_installed --generate-completion-script bash | install -D -m 644 /dev/stdin "$root/share/bash-completion/completions/lecteur"
run_installed --generate-completion-script zsh | install -D -m 644 /dev/stdin "$root/share/zsh/site-functions/_lecteur"
run_installed --generate-completion-script fish | install -D -m 644 /dev/stdin "$root/share/fish/vendor_completions.d/lecteur.fish"

install -d "$root/share/applications"
cat >"$root/share/applications/lecteur.desktop" <<EOF
[Desktop Entry]
Type=Application
Name=Lecteur
GenericName=Lecteur de formations accessible
GenericName[en]=Accessible course reader
Comment=Catalogue de formations et alphabet Morse, à la parole et en braille
Comment[en]=Course catalogue and Morse alphabet, by speech and braille
Exec=$prefix/bin/lecteur
Terminal=true
Categories=Utility;Accessibility;ConsoleOnly;
Keywords=braille;morse;formations;accessibilité;
EOF

echo "Lecteur $(run_installed --version) installé dans $root."
