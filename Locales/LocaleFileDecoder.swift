// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Reads a string file of `Locales/` (one JSON object whose members are strings, or objects of
/// plural forms whose members are strings) straight from its UTF-8 bytes into the flat table.
///
/// Why not JSONSerialization: on Linux it builds an NSDictionary of NSStrings that is then
/// bridged member by member; a locale's 1 000 strings took milliseconds of every start (issue
/// 49). This reader takes exactly that shape and nothing else: any other JSON (a number, an
/// array, deeper nesting, invalid text) makes it give up without touching the table, and the
/// caller hands the file to Foundation, which decides as before. `LocaleFileDecoderTests`
/// checks that both give the same table for every shipped file.
enum LocaleFileDecoder {
    /// Adds the file's strings to `table` (a plural object flattened as `LocaleResources.table`
    /// says); false, with `table` unchanged, when the file is not of that shape.
    static func decode(_ data: Data, into table: inout [String: String]) -> Bool {
        let entries: [(String, String)]? = data.withUnsafeBytes { raw in
            var reader = Reader(bytes: raw.bindMemory(to: UInt8.self))
            return reader.file()
        }
        guard let entries else { return false }
        for (key, value) in entries { table[key] = value }
        return true
    }

    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var i = 0

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        mutating func file() -> [(String, String)]? {
            // A byte order mark is not `{`: Foundation's call.
            var out: [(String, String)] = []
            out.reserveCapacity(128)
            skipSpace()
            guard take(UInt8(ascii: "{")) else { return nil }
            skipSpace()
            if take(UInt8(ascii: "}")) { return finish(out) }
            while true {
                skipSpace()
                guard let key = string() else { return nil }
                skipSpace()
                guard take(UInt8(ascii: ":")) else { return nil }
                skipSpace()
                guard i < bytes.count else { return nil }
                if bytes[i] == UInt8(ascii: "\"") {
                    guard let value = string() else { return nil }
                    out.append((key, value))
                } else if bytes[i] == UInt8(ascii: "{") {
                    guard let forms = forms() else { return nil }
                    // As the table always read them: `other` under the key, the rest beside it;
                    // an object without `other` is left out.
                    if let other = forms.last(where: { $0.0 == "other" })?.1 {
                        out.append((key, other))
                        for (member, form) in forms where member != "other" { out.append((key + "|" + member, form)) }
                    }
                } else {
                    return nil
                }
                skipSpace()
                if take(UInt8(ascii: ",")) { continue }
                guard take(UInt8(ascii: "}")) else { return nil }
                return finish(out)
            }
        }

        /// Nothing but white space may follow the object.
        private mutating func finish(_ out: [(String, String)]) -> [(String, String)]? {
            skipSpace()
            return i == bytes.count ? out : nil
        }

        /// `{"one": "…", "other": "…"}`, each member a string; duplicate members are Foundation's call.
        private mutating func forms() -> [(String, String)]? {
            guard take(UInt8(ascii: "{")) else { return nil }
            var forms: [(String, String)] = []
            skipSpace()
            if take(UInt8(ascii: "}")) { return forms }
            while true {
                skipSpace()
                guard let member = string() else { return nil }
                skipSpace()
                guard take(UInt8(ascii: ":")) else { return nil }
                skipSpace()
                guard let value = string() else { return nil }
                if forms.contains(where: { $0.0 == member }) { return nil }
                forms.append((member, value))
                skipSpace()
                if take(UInt8(ascii: ",")) { continue }
                guard take(UInt8(ascii: "}")) else { return nil }
                return forms
            }
        }

        private mutating func take(_ byte: UInt8) -> Bool {
            guard i < bytes.count, bytes[i] == byte else { return false }
            i += 1
            return true
        }

        private mutating func skipSpace() {
            while i < bytes.count {
                switch bytes[i] {
                case 0x20, 0x0A, 0x0D, 0x09: i += 1
                default: return
                }
            }
        }

        /// A JSON string: valid UTF-8, no raw control character, the escapes JSON defines
        /// (a lone surrogate is invalid, as for Foundation).
        private mutating func string() -> String? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            let start = i
            // The common case: no escape, one copy of the bytes, validated once.
            while i < bytes.count {
                let byte = bytes[i]
                if byte == UInt8(ascii: "\"") {
                    let text = Self.validated(UnsafeBufferPointer(rebasing: bytes[start..<i]))
                    i += 1
                    return text
                }
                if byte == UInt8(ascii: "\\") { break }
                if byte < 0x20 { return nil }
                i += 1
            }
            guard i < bytes.count else { return nil }
            var utf8 = Array(bytes[start..<i])
            while i < bytes.count {
                let byte = bytes[i]
                if byte == UInt8(ascii: "\"") {
                    i += 1
                    return String(validating: utf8, as: UTF8.self)
                }
                if byte < 0x20 { return nil }
                guard byte == UInt8(ascii: "\\") else {
                    utf8.append(byte)
                    i += 1
                    continue
                }
                i += 1
                guard i < bytes.count else { return nil }
                let escape = bytes[i]
                i += 1
                switch escape {
                case UInt8(ascii: "\""): utf8.append(escape)
                case UInt8(ascii: "\\"): utf8.append(escape)
                case UInt8(ascii: "/"): utf8.append(escape)
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0C)
                case UInt8(ascii: "n"): utf8.append(0x0A)
                case UInt8(ascii: "r"): utf8.append(0x0D)
                case UInt8(ascii: "t"): utf8.append(0x09)
                case UInt8(ascii: "u"):
                    guard var code = hex4() else { return nil }
                    if (0xD800..<0xDC00).contains(code) {
                        // A high surrogate must be followed by its low one.
                        guard take(UInt8(ascii: "\\")), take(UInt8(ascii: "u")), let low = hex4(),
                              (0xDC00..<0xE000).contains(low) else { return nil }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00..<0xE000).contains(code) {
                        return nil
                    }
                    guard let scalar = Unicode.Scalar(code) else { return nil }
                    UTF8.encode(scalar) { utf8.append($0) }
                default:
                    return nil
                }
            }
            return nil
        }

        /// The bytes as a string if they are valid UTF-8, else nil. `String(validating:as:)` is
        /// generic and was a third of the catalogue's decoding at every start (3.2 million
        /// instructions for 2 300 strings, callgrind, issue 49); decoding, which repairs, is the
        /// standard library's fast path, and a valid text decodes to its own bytes while a
        /// repaired one cannot (U+FFFD stands where bytes were invalid).
        static func validated(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
            var text = String(decoding: bytes, as: UTF8.self)
            let same = text.withUTF8 { decoded in
                decoded.count == bytes.count
                    && (bytes.isEmpty || memcmp(decoded.baseAddress!, bytes.baseAddress!, bytes.count) == 0)
            }
            return same ? text : nil
        }

        private mutating func hex4() -> UInt32? {
            guard i + 4 <= bytes.count else { return nil }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let byte = bytes[i]
                let digit: UInt32
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
                default: return nil
                }
                value = value << 4 | digit
                i += 1
            }
            return value
        }
    }
}
