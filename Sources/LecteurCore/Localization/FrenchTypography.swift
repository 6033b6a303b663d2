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
        guard text.utf8.contains(UInt8(ascii: " ")) else { return text }
        // Over scalars, not Characters: every mark looked at is one scalar, and splitting the
        // text into grapheme clusters cost the reader's start 5 million instructions for the
        // help texts it builds (callgrind, issue 49).
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        out.reserveCapacity(scalars.count + 8)
        for (i, scalar) in scalars.enumerated() {
            guard scalar == " " else { out.append(scalar); continue }
            let next = i + 1 < scalars.count ? scalars[i + 1] : nil
            // A space that a combining mark extends is another character: left as it is.
            if let next, next.properties.isGraphemeExtend { out.append(scalar); continue }
            let previous = i > 0 ? scalars[i - 1] : nil
            // Not after a comma: there the mark is a name in a list (« aide, ? »), not punctuation.
            let before = previous != "," && (next.map { ":;?!»".unicodeScalars.contains($0) } ?? false)
            out.append(before || previous == "«" ? narrowNoBreakScalar : scalar)
        }
        return String(out)
    }

    /// `narrowNoBreakSpace`'s one scalar, for the walk over scalars.
    private static let narrowNoBreakScalar = narrowNoBreakSpace.unicodeScalars.first!
}
