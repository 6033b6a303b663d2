// SPDX-License-Identifier: GPL-3.0-or-later
/// What a key does in single-key mode.
public enum KeyBinding: Hashable, Sendable {
    case command(Command)
    /// `/`: a line is read (with editing) and searched for.
    case search
    /// `:`: a whole command line is read (with editing) and run.
    case commandLine
}

/// One line of the key table: the keys, what they do, and how `aide` says it.
public struct KeyEntry: Sendable {
    public let keys: [Key]
    public let binding: KeyBinding
    public let help: L10n
}

/// The keys of single-key mode, in one place: the terminal loop and `aide` both read this table.
public enum KeyTable {
    public static let entries: [KeyEntry] = [
        KeyEntry(keys: [.down], binding: .command(.next), help: .terminalKeyDown),
        KeyEntry(keys: [.up], binding: .command(.previous), help: .terminalKeyUp),
        // The review cursor inside the focused element, as NVDA's and Orca's caret keys.
        KeyEntry(keys: [.right], binding: .command(.review(.character, .next)), help: .reviewKeyRight),
        KeyEntry(keys: [.left], binding: .command(.review(.character, .previous)), help: .reviewKeyLeft),
        KeyEntry(keys: [.wordRight], binding: .command(.review(.word, .next)), help: .reviewKeyWordRight),
        KeyEntry(keys: [.wordLeft], binding: .command(.review(.word, .previous)), help: .reviewKeyWordLeft),
        KeyEntry(keys: [.home], binding: .command(.first), help: .terminalKeyHome),
        KeyEntry(keys: [.end], binding: .command(.last), help: .terminalKeyEnd),
        KeyEntry(keys: [.enter], binding: .command(.activate), help: .terminalKeyEnter),
        KeyEntry(keys: [.escape, .backspace], binding: .command(.back), help: .terminalKeyBack),
        KeyEntry(keys: [.character("h")], binding: .command(.nextItem(.heading)), help: .terminalKeyNextHeading),
        KeyEntry(keys: [.character("H")], binding: .command(.previousItem(.heading)), help: .terminalKeyPreviousHeading),
        KeyEntry(keys: [.character("f")], binding: .command(.nextItem(.course)), help: .terminalKeyNextCourse),
        KeyEntry(keys: [.character("F")], binding: .command(.previousItem(.course)), help: .terminalKeyPreviousCourse),
        KeyEntry(keys: [.character("c")], binding: .command(.nextItem(.chip)), help: .terminalKeyNextChip),
        KeyEntry(keys: [.character("C")], binding: .command(.previousItem(.chip)), help: .terminalKeyPreviousChip),
        KeyEntry(keys: [.character("/")], binding: .search, help: .terminalKeySearch),
        KeyEntry(keys: [.character(":")], binding: .commandLine, help: .terminalKeyCommandLine),
        KeyEntry(keys: [.character("?")], binding: .command(.help(topic: nil)), help: .terminalKeyHelp),
        KeyEntry(keys: [.character("q")], binding: .command(.askToQuit), help: .terminalKeyQuit),
        KeyEntry(keys: [.control("c")], binding: .command(.stop), help: .terminalKeyStop),
        KeyEntry(keys: [.control("d")], binding: .command(.quit), help: .terminalKeyQuitNow),
    ]

    private static let index: [Key: KeyBinding] = {
        var index: [Key: KeyBinding] = [:]
        for entry in entries { for key in entry.keys { index[key] = entry.binding } }
        return index
    }()

    /// nil: the key does nothing but silence speech (every key does that first).
    public static func binding(for key: Key) -> KeyBinding? { index[key] }
}
