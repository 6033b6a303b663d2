// SPDX-License-Identifier: GPL-3.0-or-later
@testable import LecteurAudit
import LecteurCore
import Testing

/// The JSON escaper skips eight bytes at a time while none may need escaping: the word test
/// must flag every word holding a byte that does (a miss would leave a quote or a control
/// character raw in the report), and the escaped text must be the byte-by-byte escaper's.
@Suite struct AuditMarkupScanTests {
    static func needs(_ byte: UInt8) -> Bool { byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0xE2 }

    @Test func everyByteInEveryPlaceIsSeen() {
        for filler: UInt8 in [0x41, 0x20, 0xC3, 0xFF, 0x7F, 0x80, 0x21, 0x5D, 0xE1, 0xE3] {
            for byte in 0...255 {
                for place in 0..<8 {
                    var bytes = [UInt8](repeating: filler, count: 8)
                    bytes[place] = UInt8(byte)
                    let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
                    let expected = bytes.contains(where: Self.needs)
                    // Flagging a clean word only costs a byte-by-byte look; missing one is a defect.
                    if expected { #expect(AuditMarkup.mayNeedJSONEscape(word), "byte \(byte) at \(place) in \(filler)") }
                    if !expected && !Self.needs(filler) && byte >= 0x23 && byte != 0x5C && byte != 0xE2 {
                        #expect(!AuditMarkup.mayNeedJSONEscape(word))
                    }
                }
            }
        }
    }

    /// 3 000 texts of up to 40 pieces drawn from `alphabet`, from a fixed seed: a failing text can
    /// be drawn again (each failure message shows the text itself).
    static let seed: UInt64 = 0xa0d17
    static func randomTexts(_ alphabet: [String]) -> [String] {
        var rng = SeededRandom(seed: seed)
        return (0..<3_000).map { _ in
            (0..<Int.random(in: 0...40, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! }.joined()
        }
    }

    @Test func escapedTextIsTheSameOnRandomText() {
        let alphabet: [String] = ["a", "é", "\"", "\\", "\n", "\u{1}", "\u{1F}", "\u{2028}", "\u{2029}", "\u{2027}", "€", " ", "<", "Z",
                                  "\u{E000}", "😀", "\t", "\r", "\u{7F}"]
        for text in Self.randomTexts(alphabet) {
            var expected = "\""
            for scalar in text.unicodeScalars {
                switch scalar.value {
                case 0x22: expected += "\\\""
                case 0x5C: expected += "\\\\"
                case 0x0A: expected += "\\n"
                case 0x0D: expected += "\\r"
                case 0x09: expected += "\\t"
                case 0..<0x20:
                    let hex = String(scalar.value, radix: 16)
                    expected += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                case 0x2028: expected += "\\u2028"
                case 0x2029: expected += "\\u2029"
                default: expected.unicodeScalars.append(scalar)
                }
            }
            expected += "\""
            #expect(AuditMarkup.json(text) == expected, "seed \(Self.seed): \(Array(text.unicodeScalars))")
        }
    }

    /// XML and HTML text: markup characters as entities, characters XML 1.0 forbids or
    /// discourages dropped, the rest (tabs and newlines included) kept, scalar by scalar.
    @Test func escapedXMLIsTheSameOnRandomText() {
        // Noncharacters cannot be written as literals.
        let nonCharacters = [0xFFFE, 0xFFFF, 0xFDD0, 0xFDEF].map { String(Unicode.Scalar(UInt32($0))!) }
        let alphabet: [String] = ["a", "é", "&", "<", ">", "\"", "'", "\n", "\t", "\r", "\u{1}", "\u{7F}", "\u{80}", "\u{9F}", "\u{A0}",
                                  "\u{FFFD}", "\u{FDF0}", "\u{FDCF}", "€", "😀", "Ã"] + nonCharacters
        for text in Self.randomTexts(alphabet) {
            var expected = ""
            for scalar in text.unicodeScalars {
                switch scalar.value {
                case 0x26: expected += "&amp;"
                case 0x3C: expected += "&lt;"
                case 0x3E: expected += "&gt;"
                case 0x22: expected += "&quot;"
                case 0x27: expected += "&#39;"
                case 0x09, 0x0A, 0x0D: expected.unicodeScalars.append(scalar)
                case 0..<0x20, 0x7F, 0x80...0x9F, 0xFFFE, 0xFFFF, 0xFDD0...0xFDEF: break
                default: expected.unicodeScalars.append(scalar)
                }
            }
            #expect(AuditMarkup.xml(text) == expected, "seed \(Self.seed): \(Array(text.unicodeScalars))")
        }
    }
}
