// SPDX-License-Identifier: GPL-3.0-or-later

/// A process limit too low for the reader to start at all (`ulimit -n`, `ulimit -v`, `ulimit -f`), with the
/// least it needs; worded in `Messages/StartupMessages.swift`.
public enum ResourceShortage: Hashable, Sendable {
    case tooFewOpenFiles(limit: Int, needed: Int)
    case tooLittleAddressSpace(limitMiB: Int, neededMiB: Int)
    /// `ulimit -f`: past it a write killed the reader with SIGXFSZ, without a word.
    case fileSizeTooSmall(limitKiB: Int, neededKiB: Int)
}
