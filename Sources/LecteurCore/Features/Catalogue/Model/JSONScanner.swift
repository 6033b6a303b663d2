// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A JSON reader over UTF-8 bytes that hands the catalogue decoder one record at a time, where
/// it lies in the input (`FormationRecord`): the list itself is never built, so loading costs
/// the input plus the formations kept, and a list of a million bad records costs no more than
/// its bytes. Strict JSON (RFC 8259): what JSONSerialization refuses, this refuses, with the
/// byte offset where the text broke.
struct JSONScanner {
    struct Failure: Error {
        /// Byte offset of the offending byte; nil when the text ended too early.
        let offset: Int?
    }

    private let bytes: UnsafeRawBufferPointer
    private(set) var index = 0
    /// Nesting bound, so that "[[[[…" cannot exhaust the stack.
    private static let maxDepth = 512

    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
        // A UTF-8 byte order mark is allowed at the start, as JSONSerialization allows it.
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { index = 3 }
    }

    /// A scanner that starts at `index` (where another one left off, or will arrive).
    init(_ bytes: UnsafeRawBufferPointer, at index: Int) {
        self.bytes = bytes
        self.index = index
    }

    /// Goes on from `index`, where a scanner over the same bytes has read up to.
    mutating func move(to index: Int) { self.index = index }

    private func fail(_ at: Int? = nil) -> Failure {
        let offset = at ?? index
        return Failure(offset: offset < bytes.count ? offset : nil)
    }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    /// The next significant byte, without consuming it.
    mutating func peek() throws(Failure) -> UInt8 {
        skipWhitespace()
        guard index < bytes.count else { throw fail() }
        return bytes[index]
    }

    mutating func expect(_ byte: UInt8) throws(Failure) {
        guard try peek() == byte else { throw fail() }
        index += 1
    }

    /// Consumes `byte` if it comes next.
    mutating func consume(_ byte: UInt8) throws(Failure) -> Bool {
        guard try peek() == byte else { return false }
        index += 1
        return true
    }

    /// Only whitespace may follow the document.
    mutating func expectEnd() throws(Failure) {
        skipWhitespace()
        guard index == bytes.count else { throw fail() }
    }

    /// Calls `body` for each element of the array that starts here, in order; `body` must read
    /// exactly one value.
    mutating func forEachElement(_ body: (inout JSONScanner) throws(Failure) -> Void) throws(Failure) {
        try expect(0x5B)
        if try consume(0x5D) { return }
        while true {
            try body(&self)
            if try consume(0x2C) { continue }
            try expect(0x5D)
            return
        }
    }

    /// Calls `body` with each key of the object that starts here; `body` must read the value.
    mutating func forEachMember(_ body: (String, inout JSONScanner) throws(Failure) -> Void) throws(Failure) {
        try expect(0x7B)
        if try consume(0x7D) { return }
        while true {
            guard try peek() == 0x22 else { throw fail() }
            let key = try string()
            try expect(0x3A)
            try body(key, &self)
            if try consume(0x2C) { continue }
            try expect(0x7D)
            return
        }
    }

    /// Skips one value without building it (strings are still checked).
    mutating func skipValue(depth: Int = 0) throws(Failure) {
        guard depth < Self.maxDepth else { throw fail() }
        switch try peek() {
        case 0x7B: try forEachRawMember { _, scanner throws(Failure) in try scanner.skipValue(depth: depth + 1) }
        case 0x5B: try forEachElement { scanner throws(Failure) in try scanner.skipValue(depth: depth + 1) }
        case 0x22: _ = try rawString()
        case 0x74: try literal("true")
        case 0x66: try literal("false")
        case 0x6E: try literal("null")
        case 0x2D, 0x30...0x39: _ = try numberParts()
        default: throw fail()
        }
    }

    mutating func literal(_ word: StaticString) throws(Failure) {
        let count = word.utf8CodeUnitCount
        for k in 0..<count {
            guard index + k < bytes.count else { throw fail(bytes.count) }
            guard bytes[index + k] == word.utf8Start[k] else { throw fail(index + k) }
        }
        index += count
    }

    /// The number that starts here, `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`: its value,
    /// and the integer when it is a whole number that fits in 64 bits exactly.
    mutating func numberParts() throws(Failure) -> (Double, Int64?) {
        let start = index
        var isInteger = true
        if bytes[index] == 0x2D { index += 1 }
        func digits(_ scanner: inout JSONScanner) throws(Failure) {
            let first = scanner.index
            while scanner.index < scanner.bytes.count, (0x30...0x39).contains(scanner.bytes[scanner.index]) { scanner.index += 1 }
            guard scanner.index > first else { throw scanner.fail() }
        }
        guard index < bytes.count else { throw fail() }
        if bytes[index] == 0x30 { index += 1 } else { try digits(&self) }
        if index < bytes.count && bytes[index] == 0x2E {
            index += 1
            isInteger = false
            try digits(&self)
        }
        if index < bytes.count && (bytes[index] == 0x65 || bytes[index] == 0x45) {
            index += 1
            isInteger = false
            if index < bytes.count && (bytes[index] == 0x2B || bytes[index] == 0x2D) { index += 1 }
            try digits(&self)
        }
        // Up to 18 digits always fit in 64 bits: read them in place (ids and prices, every record).
        if isInteger && index - start <= 18 {
            var magnitude: Int64 = 0
            for k in start..<index where bytes[k] != 0x2D { magnitude = magnitude * 10 + Int64(bytes[k] - 0x30) }
            let integer = bytes[start] == 0x2D ? -magnitude : magnitude
            return (Double(integer), integer)
        }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        if isInteger, let integer = Int64(text) { return (Double(integer), integer) }
        guard let double = Double(text) else { throw fail(start) }
        // A whole number written "990.00" or "1e3" is an integer too, while it is exact.
        let exact = double.rounded() == double && abs(double) < 9e15
        return (double, exact ? Int64(double) : nil)
    }

    /// A string as it lies in the input.
    enum RawString {
        /// The bytes between the quotes, with no escape in them: already checked as UTF-8.
        case bytes(UnsafeRawBufferPointer)
        /// A string with escapes, decoded.
        case decoded(String)
    }

    /// The string that starts here, without building it when it has no escape (nearly always):
    /// accepts and refuses exactly what `string()` does, failing at the same byte.
    mutating func rawString() throws(Failure) -> RawString {
        let quote = index
        index += 1
        let start = index
        var ascii = true
        while index < bytes.count {
            let b = bytes[index]
            if b == 0x22 { break }
            if b == 0x5C { index = quote; return .decoded(try string()) }
            if b < 0x20 { throw fail() }
            if b >= 0x80 { ascii = false }
            index += 1
        }
        guard index < bytes.count else { throw fail(bytes.count) }
        let raw = UnsafeRawBufferPointer(rebasing: bytes[start..<index])
        index += 1
        if !ascii { guard UTF8Bytes.isWellFormed(raw) else { throw fail(start) } }
        return .bytes(raw)
    }

    /// Calls `body` with each key of the object that starts here, as it lies in the input;
    /// `body` must read the value.
    mutating func forEachRawMember(_ body: (RawString, inout JSONScanner) throws(Failure) -> Void) throws(Failure) {
        try expect(0x7B)
        if try consume(0x7D) { return }
        while true {
            guard try peek() == 0x22 else { throw fail() }
            let key = try rawString()
            try expect(0x3A)
            try body(key, &self)
            if try consume(0x2C) { continue }
            try expect(0x7D)
            return
        }
    }

    mutating func string() throws(Failure) -> String {
        index += 1 // the opening quote
        let start = index
        var plain = true, ascii = true
        while index < bytes.count {
            let b = bytes[index]
            if b == 0x22 { break }
            if b == 0x5C { plain = false; break }
            if b < 0x20 { throw fail() }
            if b >= 0x80 { ascii = false }
            index += 1
        }
        guard index < bytes.count else { throw fail(bytes.count) }
        if plain {
            let raw = UnsafeRawBufferPointer(rebasing: bytes[start..<index])
            index += 1
            if ascii { return String(decoding: raw, as: UTF8.self) }
            guard let text = String(validating: raw, as: UTF8.self) else { throw fail(start) }
            return text
        }
        // With escapes: collect the bytes, then validate once.
        var out = [UInt8](UnsafeRawBufferPointer(rebasing: bytes[start..<index]))
        while index < bytes.count {
            let b = bytes[index]
            if b == 0x22 {
                index += 1
                guard let text = String(validating: out, as: UTF8.self) else { throw fail(start) }
                return text
            }
            if b < 0x20 { throw fail() }
            guard b == 0x5C else { out.append(b); index += 1; continue }
            guard index + 1 < bytes.count else { throw fail(bytes.count) }
            let escape = bytes[index + 1]
            index += 2
            switch escape {
            case 0x22, 0x5C, 0x2F: out.append(escape)
            case 0x62: out.append(0x08)
            case 0x66: out.append(0x0C)
            case 0x6E: out.append(0x0A)
            case 0x72: out.append(0x0D)
            case 0x74: out.append(0x09)
            case 0x75:
                var scalar = try hex4()
                if (0xD800...0xDBFF).contains(scalar), index + 1 < bytes.count, bytes[index] == 0x5C, bytes[index + 1] == 0x75 {
                    let save = index
                    index += 2
                    let low = try hex4()
                    if (0xDC00...0xDFFF).contains(low) {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else {
                        index = save
                    }
                }
                // A lone surrogate has no character: U+FFFD, as JSONSerialization reads it.
                let character = Unicode.Scalar(scalar) ?? "\u{FFFD}"
                out.append(contentsOf: Array(String(character).utf8))
            default: throw fail(index - 1)
            }
        }
        throw fail(bytes.count)
    }

    private mutating func hex4() throws(Failure) -> UInt32 {
        guard index + 4 <= bytes.count else { throw fail(bytes.count) }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[index]
            let digit: UInt32
            switch b {
            case 0x30...0x39: digit = UInt32(b - 0x30)
            case 0x41...0x46: digit = UInt32(b - 0x41 + 10)
            case 0x61...0x66: digit = UInt32(b - 0x61 + 10)
            default: throw fail()
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }
}
