# SPDX-License-Identifier: GPL-3.0-or-later
# Sourced by scripts/test.sh: the suite runs with a home of its own and fails if it wrote into
# the real one (issue 50, item 11). A fresh-clone run with HOME on an empty folder left GNOME's
# `screen-reader-enabled` key in .config/dconf/user (on a desktop, that switch starts Orca), a
# migrated Lecteur database, Chromium's and fish's folders and a PulseAudio cookie there.
#
#   private_home_begin DIR   notes the real home's names and modification times, then exports
#                            HOME and the XDG_*_HOME folders and XDG_RUNTIME_DIR under DIR (made
#                            here) and drops the session bus (dconf writes the real home through it)
#   private_home_check DIR   compares the real home with the note: prints each path added,
#                            removed or modified, returns 1 if there is one
#
# What the build writes in the real home is not judged: SwiftPM's and clang's caches (the Debian
# package is built in the background with the real home: debian/rules needs SwiftPM's cache), and
# the checkout itself when it lies under the home. LECTEUR_TEST_HOME_IGNORE adds paths relative
# to the home, colon-separated, for what the machine's own programs write meanwhile (a desktop's
# session, an editor): never the test's.

_private_home_ignored=(.cache/org.swift.swiftpm .swiftpm .cache/clang .cache/org.swift.foundation.URLCache)

# One line per path under $1 but the ignored ones: its modification time, a tab, its path.
_private_home_snapshot() {
  local home=$1 prune=() path extra
  IFS=: read -r -a extra <<< "${LECTEUR_TEST_HOME_IGNORE:-}"
  for path in "${_private_home_ignored[@]}" "${extra[@]}"; do
    [ -n "$path" ] && prune+=(-path "$home/$path" -o)
  done
  case "$PWD/" in "$home"/*) prune+=(-path "$PWD" -o) ;; esac
  prune+=(-false)
  find "$home" -xdev \( "${prune[@]}" \) -prune -o -printf '%T@\t%p\n' 2>/dev/null | LC_ALL=C sort -t$'\t' -k2
}

private_home_begin() {
  local dir=$1
  _private_home_real=${HOME:?}
  mkdir -p "$dir/home" "$dir/runtime"
  chmod 700 "$dir/runtime"
  _private_home_snapshot "$_private_home_real" > "$dir/home-before.txt"
  export HOME="$dir/home"
  export XDG_CONFIG_HOME="$HOME/.config" XDG_DATA_HOME="$HOME/.local/share" XDG_CACHE_HOME="$HOME/.cache"
  export XDG_STATE_HOME="$HOME/.local/state" XDG_RUNTIME_DIR="$dir/runtime"
  unset DBUS_SESSION_BUS_ADDRESS
}

private_home_check() {
  local dir=$1 changes
  _private_home_snapshot "$_private_home_real" > "$dir/home-after.txt"
  changes=$(diff "$dir/home-before.txt" "$dir/home-after.txt" | sed -n 's/^[<>] [^\t]*\t//p' | LC_ALL=C sort -u)
  [ -z "$changes" ] && return 0
  echo "test.sh: the suite changed the real home ($_private_home_real), which it must leave alone:" >&2
  sed 's/^/  /' <<< "$changes" >&2
  return 1
}
