// SPDX-License-Identifier: GPL-3.0-or-later
/// Escaping for the formats written by hand (JSON, XML, HTML): the reports of a 100 000-formation
/// catalogue hold a million elements, and writing them directly is several times faster than
/// building a tree for an encoder, with an output that never depends on dictionary order.
/// Every character to escape is ASCII (or, for JSON, U+2028/U+2029), so the scan reads UTF-8
/// bytes and copies unescaped runs whole.
enum AuditMarkup {
    /// A JSON string literal, quotes included.
    static func json(_ text: String, into out: inout String) {
        out += "\""
        escape(text, into: &out, json: true)
        out += "\""
    }

    /// What goes between the quotes of a JSON string literal.
    static func jsonContent(_ text: String, into out: inout String) {
        escape(text, into: &out, json: true)
    }

    static func json(_ text: String) -> String {
        var out = ""
        json(text, into: &out)
        return out
    }

    /// Text for XML or HTML content and attribute values (both quotes escaped). Characters XML 1.0
    /// forbids (C0 controls, U+FFFE, U+FFFF) are dropped; the sanitiser already removes them from catalogue text.
    static func xml(_ text: String, into out: inout String) {
        escape(text, into: &out, json: false)
    }

    static func xml(_ text: String) -> String {
        var out = ""
        xml(text, into: &out)
        return out
    }

    private static func replacement(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int, json: Bool) -> (String, Int)? {
        let b = bytes[i]
        if json {
            switch b {
            case 0x22: return ("\\\"", 1)
            case 0x5C: return ("\\\\", 1)
            case 0x0A: return ("\\n", 1)
            case 0x0D: return ("\\r", 1)
            case 0x09: return ("\\t", 1)
            case 0x00..<0x20:
                let hex = String(b, radix: 16)
                return ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex, 1)
            case 0xE2 where i + 2 < bytes.count && bytes[i + 1] == 0x80 && (bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9):
                return (bytes[i + 2] == 0xA8 ? "\\u2028" : "\\u2029", 3)
            default: return nil
            }
        }
        switch b {
        case 0x26: return ("&amp;", 1)
        case 0x3C: return ("&lt;", 1)
        case 0x3E: return ("&gt;", 1)
        case 0x22: return ("&quot;", 1)
        case 0x27: return ("&#39;", 1)
        case 0x09, 0x0A, 0x0D: return nil
        case 0x00..<0x20, 0x7F: return ("", 1)
        // XML 1.0 forbids U+FFFE and U+FFFF (a JUnit report with one is ill-formed); C1 controls
        // and U+FDD0–U+FDEF are discouraged and are parse errors in HTML: all dropped.
        case 0xC2 where i + 1 < bytes.count && (0x80...0x9F).contains(bytes[i + 1]): return ("", 2)
        case 0xEF where i + 2 < bytes.count && bytes[i + 1] == 0xBF && bytes[i + 2] >= 0xBE: return ("", 3)
        case 0xEF where i + 2 < bytes.count && bytes[i + 1] == 0xB7 && (0x90...0xAF).contains(bytes[i + 2]): return ("", 3)
        default: return nil
        }
    }

    /// Bytes that may need escaping (the lead byte of a sequence to check, for the non-ASCII
    /// cases): most text has none and is copied whole.
    @inline(__always)
    private static func mayNeedEscape(_ b: UInt8, json: Bool) -> Bool {
        if json { return b < 0x20 || b == 0x22 || b == 0x5C || b == 0xE2 }
        switch b {
        case 0x09, 0x0A, 0x0D: return false
        case 0x00..<0x20, 0x26, 0x3C, 0x3E, 0x22, 0x27, 0x7F, 0xC2, 0xEF: return true
        default: return false
        }
    }

    /// Whether one of the eight bytes is below 0x20, 0x22, 0x5C or 0xE2 (exact: no byte is
    /// missed; the bytes are then looked at one by one).
    @inline(__always)
    static func mayNeedJSONEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        func hasZero(_ v: UInt64) -> Bool { (v &- ones) & ~v & highs != 0 }
        let control = (word &- ones &* 0x20) & ~word & highs != 0
        return control || hasZero(word ^ (ones &* 0x22)) || hasZero(word ^ (ones &* 0x5C)) || hasZero(word ^ (ones &* 0xE2))
    }

    private static func escape(_ text: String, into out: inout String, json: Bool) {
        // Native strings are read in place; others (bridged, or not UTF-8) through a copy.
        let done: Void? = text.utf8.withContiguousStorageIfAvailable { escape(text, bytes: $0, into: &out, json: json) }
        guard done == nil else { return }
        var copy = text
        copy.withUTF8 { escape(text, bytes: $0, into: &out, json: json) }
    }

    private static func escape(_ text: String, bytes: UnsafeBufferPointer<UInt8>, into out: inout String, json: Bool) {
        var runStart = 0, i = 0
        while i < bytes.count {
            // JSON text rarely needs escaping: eight bytes at a time while none of them is a
            // control character, a quote, a backslash or the lead byte of U+2028/U+2029.
            if json {
                while i + 8 <= bytes.count {
                    let word = UnsafeRawPointer(bytes.baseAddress! + i).loadUnaligned(as: UInt64.self)
                    guard !Self.mayNeedJSONEscape(word) else { break }
                    i += 8
                }
                guard i < bytes.count else { break }
            }
            guard mayNeedEscape(bytes[i], json: json), let (replaced, width) = replacement(bytes, at: i, json: json) else { i += 1; continue }
            if runStart < i { out += String(decoding: UnsafeBufferPointer(rebasing: bytes[runStart..<i]), as: UTF8.self) }
            out += replaced
            i += width
            runStart = i
        }
        if runStart == 0 { out += text } else if runStart < bytes.count {
            out += String(decoding: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]), as: UTF8.self)
        }
    }
}
