// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The user's own text (`entraînement texte CHEMIN`) made into copy material: what came from a
/// file is outside text, so control characters and escape sequences go first
/// (`TextSanitizer`), then markup (`<b>`, `&amp;`), then every character Morse cannot send
/// (accented letters other than É lose their accent: « être à » is sent ETRE A). What is left is cut
/// into copies of at most `roundCharacters` characters on word boundaries (a braille line), at
/// most `CopyKind.countRange.upperBound` of them.
public enum CopyText {
    /// The longest file read: a book chapter; a larger one is refused before it is read.
    public static let fileLimit = 256 * 1024
    /// One copy: about one braille line, and about what a learner holds in mind.
    public static let roundCharacters = 40

    public struct Material: Hashable, Sendable {
        public let rounds: [String]
        /// Characters of the cleaned text that were not sent because the copies ran out.
        public let leftOut: Int
    }

    public static func material(_ raw: String, alphabet: MorseAlphabet = .standard) -> Material {
        let clean = Array(withoutMarkup(TextSanitizer.clean(raw)))
        var sendable = ""
        var index = 0
        while index < clean.count {
            let character = clean[index]
            index += 1
            // A prosign (`<SK>`, any case) is one character, sent and scored as one; spaces
            // around it keep it whole when a line is cut.
            if character == "<", let (prosign, end) = alphabet.prosign(in: clean, from: index - 1),
               let letters = prosign.prosign, MorseAlphabet.prosigns.contains(letters) {
                sendable += " <\(letters)> "
                index = end + 1
                continue
            }
            if character.isWhitespace { sendable.append(" "); continue }
            // Morse's French extensions (À, Ç, È, Ü) are not in the ITU alphabet most learners know:
            // they are sent as their plain letter, É (ITU) as itself.
            if let symbol = alphabet.symbol(for: character), !symbol.isExtension { sendable.append(symbol.character); continue }
            let folded = String(character).folding(options: [.diacriticInsensitive, .caseInsensitive], locale: Locale(identifier: "fr_FR"))
            if folded.count == 1, let plain = folded.first, let symbol = alphabet.symbol(for: plain) {
                sendable.append(symbol.character)
            } else {
                sendable.append(" ")
            }
        }
        var rounds: [String] = []
        var line = ""
        var leftOut = 0
        for word in sendable.split(separator: " ") {
            // A "word" longer than a copy (a run of digits, a URL) is cut where the copy ends.
            var rest = Substring(word)
            while !rest.isEmpty {
                if rounds.count == CopyKind.countRange.upperBound { leftOut += sentCount(rest); break }
                let room = line.isEmpty ? roundCharacters : roundCharacters - line.count - 1
                if rest.count <= room {
                    line += (line.isEmpty ? "" : " ") + rest
                    rest = ""
                } else if line.isEmpty {
                    line = String(rest.prefix(roundCharacters))
                    rest = rest.dropFirst(roundCharacters)
                } else {
                    rounds.append(line)
                    line = ""
                }
                if line.count == roundCharacters { rounds.append(line); line = "" }
            }
        }
        if !line.isEmpty {
            if rounds.count < CopyKind.countRange.upperBound { rounds.append(line) } else { leftOut += sentCount(line) }
        }
        return Material(rounds: rounds, leftOut: leftOut)
    }

    /// Characters as Morse sends them: a prosign (`<KN>`) is one. (A copy's length stays counted
    /// as written: it is a braille line.)
    static func sentCount(_ text: some StringProtocol) -> Int {
        var count = 0
        var inProsign = false
        for character in text {
            switch character {
            case "<": inProsign = true; count += 1
            case ">": inProsign = false
            default: if !inProsign { count += 1 }
            }
        }
        return count
    }

    /// Tags (`<p class="x">`) and character references (`&amp;`, `&#233;`) removed, a tag leaving
    /// a space so words on either side stay apart; a prosign (`<SK>`, `<kn>`) is text, kept.
    static func withoutMarkup(_ text: String) -> String {
        var out = ""
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == "<", let close = text[index...].firstIndex(of: ">"),
               text.distance(from: index, to: close) <= 200,
               !MorseAlphabet.prosigns.contains(text[text.index(after: index)..<close].uppercased()) {
                out += " "
                index = text.index(after: close)
                continue
            }
            if character == "&", let semicolon = text[index...].prefix(10).firstIndex(of: ";"),
               text[text.index(after: index)..<semicolon].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "#" }),
               semicolon > text.index(after: index) {
                out += " "
                index = text.index(after: semicolon)
                continue
            }
            out.append(character)
            index = text.index(after: index)
        }
        return out
    }
}
