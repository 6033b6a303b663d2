// SPDX-License-Identifier: GPL-3.0-or-later
/// What the reader says while a line is typed on a terminal (NVDA's "speak typed characters /
/// words"): nothing, each character, or each word when it ends.
public enum TypingEcho: String, Hashable, Sendable, CaseIterable {
    case none, characters, words

    /// `régler écho …` in either language, accents and case ignored.
    public init?(userValue value: String) {
        switch FrenchCollation.fold(value.trimmingCharacters(in: .whitespaces)) {
        case "aucun", "aucune", "none", "off", "non": self = .none
        case "caracteres", "caractere", "characters", "chars", "lettres": self = .characters
        case "mots", "mot", "words": self = .words
        default: return nil
        }
    }

    public func name(_ strings: Strings) -> String {
        switch self {
        case .none: strings(.terminalEchoNone)
        case .characters: strings(.terminalEchoCharacters)
        case .words: strings(.terminalEchoWords)
        }
    }
}

/// How a terminal's keyboard drives the reader: typed command lines, or single keys (arrows,
/// Enter, quick-navigation letters, like NVDA's browse mode).
public enum InputMode: String, Hashable, Sendable, CaseIterable {
    case lines, keys

    /// `régler clavier …` and `--input …`, in either language.
    public init?(userValue value: String) {
        switch FrenchCollation.fold(value.trimmingCharacters(in: .whitespaces)) {
        case "lignes", "ligne", "lines", "line", "commandes": self = .lines
        case "touches", "touche", "keys", "key": self = .keys
        default: return nil
        }
    }

    public func name(_ strings: Strings) -> String {
        strings(self == .lines ? .terminalKeyboardLines : .terminalKeyboardKeys)
    }
}
