// SPDX-License-Identifier: GPL-3.0-or-later
/// French typography's spaces: a narrow no-break space (U+202F) before « : ; ? ! » and inside
/// « », so that a line is never broken between a word and its colon or guillemet (`--help`
/// wrapped « «⏎ clavier », the manual page « copie⏎ : »). Applied where a text is wrapped by
/// something else: the `--help` texts before swift-argument-parser wraps them (it breaks at
/// ASCII spaces only) and, in `scripts/gen-manpage.py`, the manual pages (groff keeps U+202F
/// whole). What is spoken and brailled turns it back into a plain space
/// (`SpokenTextBuilder.plainSpaces`, `BrailleTextNormalizer`): espeak-ng reads « oui\u{202F}! »
/// with another melody than « oui ! », and liblouis' French tables show it as dot 7.
public enum FrenchTypography {
    public static let narrowNoBreakSpace: Character = "\u{202F}"

    /// The text with French spaces, for a French interface; any other language's as it is.
    public static func apply(_ text: String, localeCode: String) -> String {
        localeCode.hasPrefix("fr") ? spaced(text) : text
    }

    /// Every ASCII space before « : ; ? ! » or « » » (unless it follows a comma), or after « «,
    /// made narrow and no-break.
    public static func spaced(_ text: String) -> String {
        guard text.contains(" ") else { return text }
        let characters = Array(text)
        var out = ""
        out.reserveCapacity(text.utf8.count + 8)
        for (i, character) in characters.enumerated() {
            guard character == " " else { out.append(character); continue }
            let next = i + 1 < characters.count ? characters[i + 1] : nil
            let previous = i > 0 ? characters[i - 1] : nil
            // Not after a comma: there the mark is a name in a list (« aide, ? »), not punctuation.
            let before = previous != "," && (next.map { ":;?!»".contains($0) } ?? false)
            out.append(before || previous == "«" ? narrowNoBreakSpace : character)
        }
        return out
    }
}
