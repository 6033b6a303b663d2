// SPDX-License-Identifier: GPL-3.0-or-later
/// The echo of a key typed, as `régler écho` sets it: the character, the word it ends, or
/// nothing (speech is silenced all the same, NVDA's "speech interrupt for typed characters").
/// The terminal's keyboard and the braille display's both echo through it, so the two say the
/// same for the same key.
enum KeyEcho {
    static func say<Delegate>(_ character: Character?, word: String, _ setting: TypingEcho, _ out: inout ChildOutput<Delegate>) {
        var echo: String?
        switch (setting, character) {
        case (.characters, let character?) where !character.isWhitespace:
            echo = String(character)
        case (.words, let character?) where (character.isWhitespace || character.isPunctuation) && !word.isEmpty:
            echo = word
        default:
            break
        }
        if let echo {
            // The echo is the key's answer: it cuts what was playing, and leaves the answer
            // pending as it found it (the key's own answer may follow).
            out.interrupting(Announcement(.answer, echo, record: .terminal, display: .none, remember: false))
        } else {
            out.append(.silence)
        }
    }
}
