// SPDX-License-Identifier: GPL-3.0-or-later
@testable import LecteurAudit
import Testing

/// Targets are written for every element of a large audit, so the selector escaping returns
/// plain ids and paths as they are and the JSON format escapes a screen's part once: both must
/// give exactly what escaping character by character gives.
@Suite struct AuditSelectorTests {
    static let samples = [
        "", "-", "--", "-1", "-a", "1a", "a1", "_", "_1", "é", "-é", "é1", "a b", "a.b", "chip.#26", "card.1", "card.-1",
        "a\u{0}b", "\u{1}", "a\u{7F}", "a\"b", "a\\b", "formations?filter=26", "détail/12", "\u{2028}x", "x\u{2029}",
        "a\tb", "😀-2", "A-Z_09",
    ]

    /// CSSOM's `CSS.escape` as its specification states it, scalar by scalar: the oracle for
    /// the byte-wise escaping.
    static func cssEscape(_ text: String) -> String {
        var out = ""
        let scalars = Array(text.unicodeScalars)
        for (i, scalar) in scalars.enumerated() {
            let v = scalar.value
            if v == 0 { out += "\u{FFFD}"; continue }
            if (1...0x1F).contains(v) || v == 0x7F || (i == 0 && (0x30...0x39).contains(v))
                || (i == 1 && (0x30...0x39).contains(v) && scalars[0] == "-") {
                out += "\\" + String(v, radix: 16) + " "
                continue
            }
            if i == 0 && v == 0x2D && scalars.count == 1 { out += "\\-"; continue }
            if v >= 0x80 || v == 0x2D || v == 0x5F || (0x30...0x39).contains(v) || (0x41...0x5A).contains(v) || (0x61...0x7A).contains(v) {
                out.unicodeScalars.append(scalar)
            } else {
                out += "\\" + String(scalar)
            }
        }
        return out
    }

    @Test(arguments: samples)
    func idsAreEscapedAsCSSOMSaysAndPlainTextIsReturnedAsItIs(_ text: String) {
        #expect(AuditSelector.identifier(text) == Self.cssEscape(text))
        #expect(AuditSelector.escapedIdentifier(text) == Self.cssEscape(text))
        #expect(AuditSelector.quoted(text) == AuditSelector.escapedQuoted(text))
    }

    @Test func aScreensLiteralsAreTheTargetsEscapedWhole() {
        for path in Self.samples {
            let literals = AuditSelector.JSONLiterals(path: path)
            for element in Self.samples {
                #expect(literals.target(element: element) == AuditMarkup.json(AuditSelector.target(path: path, element: element)))
            }
        }
        #expect(AuditSelector.target(path: "formations?filter=1", element: "chip.all") == "[data-screen=\"formations?filter=1\"] #chip\\.all")
        #expect(AuditSelector.target(path: "a", element: "1x") == "[data-screen=\"a\"] #\\31 x")
    }
}
