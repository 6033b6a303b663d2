// SPDX-License-Identifier: GPL-3.0-or-later
import LecteurCore

/// A finding's identity across runs: the rule, the screen's path and the element's id. These are
/// built from the catalogue's ids, not from positions or wording, so a finding keeps its
/// fingerprint when formations are added, reordered or reworded, and a new screen or element
/// gets a new one. 128 bits of two FNV-1a hashes, written in hex: no crypto library is needed
/// and no collision is plausible among a few million findings.
public enum AuditFingerprint {
    public static func of(rule: String, path: String, element: String) -> String {
        var a: UInt64 = 0xcbf2_9ce4_8422_2325, b: UInt64 = 0x6c62_272e_07bb_0142
        func feed(_ text: String) {
            for byte in text.utf8 {
                a = (a ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
                b = (b ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
                b = b &+ (b >> 29)
            }
            a = (a ^ 0x1F) &* 0x0000_0100_0000_01B3
            b = (b ^ 0x1F) &* 0x0000_0100_0000_01B3
        }
        feed(rule); feed(path); feed(element)
        return hex(a) + hex(b)
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

/// CSS selectors for axe's `target`: `[data-screen="formations?filter=1"] #chip\.all`. The
/// element id is escaped as CSSOM's `CSS.escape` does, so every target parses as a selector.
public enum AuditSelector {
    public static func target(path: String, element: String) -> String {
        "[data-screen=\"" + quoted(path) + "\"] #" + identifier(element)
    }

    /// `target(path:element:)` as a JSON string literal, for the elements of one screen: the
    /// screen's part is escaped once (JSON escapes character by character, so the pieces escaped
    /// apart make the same literal).
    struct JSONLiterals {
        private let head: String

        init(path: String) {
            var head = ""
            AuditMarkup.json("[data-screen=\"" + quoted(path) + "\"] #", into: &head)
            head.removeLast()
            self.head = head
        }

        func target(element: String) -> String {
            var out = head
            AuditMarkup.jsonContent(identifier(element), into: &out)
            out += "\""
            return out
        }
    }

    static func quoted(_ text: String) -> String {
        // Most paths have nothing to escape: returned as they are, without a copy.
        let plain = text.utf8.allSatisfy { $0 >= 0x20 && $0 != 0x7F && $0 != 0x22 && $0 != 0x5C }
        return plain ? text : escapedQuoted(text)
    }

    static func escapedQuoted(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"", "\\": out += "\\" + String(scalar)
            case "\u{0}"..."\u{1F}", "\u{7F}": out += "\\" + String(scalar.value, radix: 16) + " "
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    static func identifier(_ text: String) -> String {
        isPlainIdentifier(text) ? text : escapedIdentifier(text)
    }

    /// CSSOM's escaping, byte by byte: every escaped case is an ASCII byte, and the positions
    /// that matter (first, second after "-") are then the first and second bytes.
    static func escapedIdentifier(_ text: String) -> String {
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 8)
        for (i, b) in bytes.enumerated() {
            let digit = (0x30...0x39).contains(b)
            if b == 0 { out += [0xEF, 0xBF, 0xBD]; continue }
            if (1...0x1F).contains(b) || b == 0x7F || (i == 0 && digit) || (i == 1 && digit && bytes[0] == 0x2D) {
                out.append(0x5C)
                out += String(b, radix: 16).utf8
                out.append(0x20)
                continue
            }
            if i == 0 && b == 0x2D && bytes.count == 1 { out += [0x5C, 0x2D]; continue }
            if b >= 0x80 || b == 0x2D || b == 0x5F || digit || (0x41...0x5A).contains(b) || (0x61...0x7A).contains(b) {
                out.append(b)
            } else {
                out += [0x5C, b]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether `identifier` would copy `text` unchanged: only name characters (letters, digits,
    /// "-", "_", non-ASCII), not starting with a digit or "-" and a digit, and not "-" alone.
    /// The escaped cases all fall on ASCII bytes, so bytes are enough to tell.
    private static func isPlainIdentifier(_ text: String) -> Bool {
        var plain = true, index = 0, first: UInt8 = 0
        for byte in text.utf8 {
            let digit = (0x30...0x39).contains(byte)
            let name = byte >= 0x80 || byte == 0x2D || byte == 0x5F || digit || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
            if !name || (index == 0 && digit) || (index == 1 && digit && first == 0x2D) { plain = false; break }
            if index == 0 { first = byte }
            index += 1
        }
        return plain && !(index == 1 && first == 0x2D)
    }
}
