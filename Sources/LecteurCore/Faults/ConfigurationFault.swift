// SPDX-License-Identifier: GPL-3.0-or-later

/// How much of a configuration file is read. A real `lecteur.toml` is under 1 KiB with two
/// levels (`[morse]` `wpm`); these bounds keep a hostile or broken file (a key 40 000 levels
/// deep, 100 000 unknown keys) from crashing or flooding every subcommand that reads it.
public enum ConfigurationLimits {
    /// Largest file read, in bytes; a larger one is refused whole, with a message.
    public static let fileBytes = 64 * 1024
    /// Most dots and inline-table braces on one line of the file (a key's levels): past it the
    /// file is refused before it is parsed, so no deep document is ever built.
    public static let nestingPerLine = 16
    /// Most levels of a dotted key once flattened (`speech.rate` has two).
    public static let depth = 8
    /// Longest dotted key, in characters.
    public static let keyLength = 128
    /// Most keys read from one file; the rest are ignored with one message.
    public static let keys = 1_000
    /// Unknown keys named one by one; the others are counted in one message.
    public static let unknownKeysShown = 10
}

/// What is wrong in a configuration file (`lecteur.toml`), where: the line when it is known and
/// the dotted key it is about. The file reader reports it; `Messages/ConfigurationMessages.swift`
/// words it.
public struct ConfigurationFault: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case syntax, badValue(String), unknownKey, unreadable(InputFileError), notUTF8
        case keyTooLong, tooDeep, tooNested, tooManyKeys, moreUnknownKeys(Int)
    }
    public var kind: Kind
    public var line: Int?
    public var key: String?

    public init(kind: Kind, line: Int?, key: String?) {
        self.kind = kind
        self.line = line
        self.key = key
    }
}
