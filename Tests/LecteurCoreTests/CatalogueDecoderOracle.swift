// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore

// The catalogue decoder as it was before the fast path (commit 3fa4d27, JSONScanner building a
// JSONValue per record, then String work per field), frozen here as the oracle the fast decoder
// is checked against: same formations, same warnings, same errors with the same line and column.
// It uses LecteurCore's public API only, so the Catalogue fuzz target can link it too.
// Do not "fix" it: it states what the decoder must keep doing.

enum CatalogueOracle {
    /// Warnings given one by one; beyond, a count. A body of a million bad records must not
    /// become a million lines to read or to hear.
    static let warningLimit = 5
    /// The highest price accepted, in euros: a training course costs less than a million euros,
    /// and a price this size is still formatted and spoken exactly (no wrap-around, no exponent).
    static let maximumPrice: Decimal = 1_000_000

    /// What the decoder returned: the formations kept, in order, and the warnings.
    struct Decoded: Equatable {
        let formations: [Formation]
        let warnings: [CatalogueWarning]
    }

    /// How `Catalogue.init` grouped formations before it was made faster: each category once
    /// in order of first sight, the formations of each key in list order, the first position of
    /// each id.
    static func groups(_ formations: [Formation]) -> (unique: [FormationCategory], byCategory: [CategoryKey: [Formation]], positions: [Int: Int]) {
        var groups: [CategoryKey: [Formation]] = [:]
        var unique: [FormationCategory] = []
        var positions: [Int: Int] = [:]
        for (position, formation) in formations.enumerated() {
            positions[formation.id] = positions[formation.id] ?? position
            guard let category = formation.category else { continue }
            let key = category.key
            if groups[key] == nil { unique.append(category) }
            groups[key, default: []].append(formation)
        }
        return (unique, groups, positions)
    }

    static func decode(_ data: Data) throws(CatalogueLoadError) -> Decoded {
        var result: Result<Decoded, CatalogueLoadError> = .failure(.notAList)
        data.withUnsafeBytes { bytes in
            var scanner = JSONScanner(bytes)
            var records = RecordSink()
            var sawList = false
            do throws(JSONScanner.Failure) {
                switch try scanner.peek() {
                case 0x5B:
                    sawList = true
                    try records.read(&scanner)
                case 0x7B:
                    try scanner.forEachMember { key, scanner throws(JSONScanner.Failure) in
                        if key == "data", try scanner.peek() == 0x5B {
                            // A repeated "data" replaces the first, as the last duplicate key wins in JSON readers.
                            records = RecordSink()
                            sawList = true
                            try records.read(&scanner)
                        } else {
                            if key == "data" { sawList = false }
                            try scanner.skipValue()
                        }
                    }
                default:
                    try scanner.skipValue()
                }
                try scanner.expectEnd()
                result = sawList ? .success(records.finish()) : .failure(.notAList)
            } catch {
                result = .failure(.malformedJSON(error.offset.map { lineColumn(of: $0, in: data) } ?? .endOfText))
            }
        }
        return try result.get()
    }

    /// Decodes each record as it is read and keeps the count of what it set aside.
    private struct RecordSink {
        var formations: [Formation] = []
        var warnings: [CatalogueWarning] = []
        var seenIds = Set<Int>()
        var position = 0
        var moreSkipped = 0, moreDates = 0

        mutating func read(_ scanner: inout JSONScanner) throws(JSONScanner.Failure) {
            try scanner.forEachElement { scanner throws(JSONScanner.Failure) in
                position += 1
                // Anything but an object is skipped without being built.
                guard try scanner.peek() == 0x7B else {
                    try scanner.skipValue()
                    warn(.recordNotObject(position: position))
                    return
                }
                let record = try scanner.value()
                var recordWarnings: [CatalogueWarning] = []
                switch CatalogueOracle.formation(from: record, position: position, warnings: &recordWarnings) {
                case .success(let formation):
                    recordWarnings.forEach { warn($0) }
                    if seenIds.insert(formation.id).inserted {
                        formations.append(formation)
                    } else {
                        warn(.duplicateId(position: position, id: formation.id))
                    }
                case .failure(let warning):
                    warn(warning)
                }
            }
        }

        private mutating func warn(_ warning: CatalogueWarning) {
            if warnings.count < CatalogueOracle.warningLimit { warnings.append(warning); return }
            if case .unreadableDate = warning { moreDates += 1 } else { moreSkipped += 1 }
        }

        func finish() -> Decoded {
            var all = warnings
            if moreSkipped > 0 { all.append(.moreRecordsSkipped(count: moreSkipped)) }
            if moreDates > 0 { all.append(.moreUnreadableDates(count: moreDates)) }
            return Decoded(formations: formations, warnings: all)
        }
    }

    private static func formation(from record: JSONValue, position: Int,
                                  warnings: inout [CatalogueWarning]) -> Result<Formation, CatalogueWarning> {
        guard case .object(let f) = record else { return .failure(.recordNotObject(position: position)) }
        func field(_ raw: String, _ name: String) -> String {
            let (clean, length) = TextSanitizer.cleanField(raw)
            if let length { warnings.append(.fieldTruncated(position: position, field: name, length: length)) }
            return clean
        }
        func text(_ name: String, required: Bool = true) -> Result<String?, CatalogueWarning> {
            switch f[name] {
            case nil, .null?: return required ? .failure(.missingField(position: position, field: name)) : .success(nil)
            case .string(let s)?:
                let clean = field(s, name)
                if required && clean.isEmpty { return .failure(.missingField(position: position, field: name)) }
                return .success(clean)
            case .number(let d, let i)?: return .success(i.map(String.init) ?? String(d))
            default: return .failure(.invalidField(position: position, field: name))
            }
        }
        let id: Int
        switch f["id"] {
        case nil, .null?: return .failure(.missingField(position: position, field: "id"))
        case .number(_, let i?)? where i >= Int64(Int.min) && i <= Int64(Int.max): id = Int(i)
        case .string(let s)?:
            guard let i = Int(PriceText.trimmedWhitespace(s)) else {
                return .failure(.invalidField(position: position, field: "id"))
            }
            id = i
        default: return .failure(.invalidField(position: position, field: "id"))
        }
        let title, duration, level: String
        let description: String
        switch (text("title"), text("duration"), text("level"), text("description", required: false)) {
        case (.failure(let w), _, _, _), (_, .failure(let w), _, _), (_, _, .failure(let w), _), (_, _, _, .failure(let w)):
            return .failure(w)
        case (.success(let t?), .success(let d?), .success(let l?), .success(let desc)):
            title = t; duration = d; level = l; description = desc ?? ""
        default:
            return .failure(.missingField(position: position, field: "title"))
        }
        let price: Decimal
        switch f["price"] {
        case nil, .null?: return .failure(.missingField(position: position, field: "price"))
        case .number(let d, let i)?:
            guard d.isFinite else { return .failure(.invalidField(position: position, field: "price")) }
            guard d >= 0, d <= NSDecimalNumber(decimal: maximumPrice).doubleValue else { return .failure(.priceOutOfRange(position: position, price: String(d))) }
            price = i.map { Decimal($0) } ?? Decimal(string: String(d)) ?? Decimal(d)
        case .string(let s)?:
            // Laravel serialises decimal columns as strings ("990.00"); a French "990,00" is accepted too.
            guard let parsed = PriceText.parse(s) else { return .failure(.invalidField(position: position, field: "price")) }
            guard !parsed.isNaN, parsed >= 0, parsed <= maximumPrice else {
                return .failure(.priceOutOfRange(position: position, price: String(PriceText.trimmed(s).prefix(24))))
            }
            price = parsed
        default: return .failure(.invalidField(position: position, field: "price"))
        }
        var nextSession: Date?
        switch f["next_session"] {
        case nil, .null?: nextSession = nil
        case .string(let s)?:
            nextSession = ISODate.parse(PriceText.trimmedWhitespace(s))
            if nextSession == nil { warnings.append(.unreadableDate(position: position)) }
        default: warnings.append(.unreadableDate(position: position))
        }
        var category: FormationCategory?
        switch f["category"] {
        case nil, .null?: category = nil
        case .string(let s)?:
            let name = field(s, "category")
            category = name.isEmpty ? nil : FormationCategory(name: name)
        case .object(let c)?:
            guard case .string(let rawName)? = c["name"], !TextSanitizer.clean(rawName).isEmpty else {
                return .failure(.invalidField(position: position, field: "category"))
            }
            let name = field(rawName, "category")
            var categoryId: Int?
            if case .number(_, let i?)? = c["id"], let v = Int(exactly: i) { categoryId = v }
            func optional(_ k: String) -> String? {
                if case .string(let s)? = c[k] { let v = field(s, "category." + k); return v.isEmpty ? nil : v }
                return nil
            }
            category = FormationCategory(id: categoryId, name: name,
                                         slug: optional("slug"), color: optional("color"), icon: optional("icon"))
        default: return .failure(.invalidField(position: position, field: "category"))
        }
        return .success(Formation(id: id, title: title, description: description, duration: duration,
                                  level: level, price: price, nextSession: nextSession, category: category))
    }

    static func lineColumn(of offset: Int, in data: Data) -> JSONErrorLocation {
        var line = 1, column = 1
        var index = 0
        for byte in data {
            if index >= offset { break }
            index += 1
            if byte == 0x0A { line += 1; column = 1 }
            else if byte & 0xC0 != 0x80 { column += 1 } // count characters, not UTF-8 continuation bytes
        }
        if index < offset { return .endOfText }
        return .lineColumn(line: line, column: column)
    }


    /// A JSON reader over UTF-8 bytes that hands the catalogue decoder one record at a time: the
    /// list itself is never built, so loading costs the input plus the formations kept, and a list
    /// of a million bad records costs no more than its bytes. Strict JSON (RFC 8259): what
    /// JSONSerialization refuses, this refuses, with the byte offset where the text broke.
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

        mutating func value(depth: Int = 0) throws(Failure) -> JSONValue {
            guard depth < Self.maxDepth else { throw fail() }
            switch try peek() {
            case 0x7B:
                var fields: [String: JSONValue] = [:]
                fields.reserveCapacity(10) // a formation has eight fields, its category five
                try forEachMember { key, scanner throws(Failure) in fields[key] = try scanner.value(depth: depth + 1) }
                return .object(fields)
            case 0x5B:
                var items: [JSONValue] = []
                try forEachElement { scanner throws(Failure) in items.append(try scanner.value(depth: depth + 1)) }
                return .array(items)
            case 0x22: return .string(try string())
            case 0x74: try literal("true"); return .bool(true)
            case 0x66: try literal("false"); return .bool(false)
            case 0x6E: try literal("null"); return .null
            case 0x2D, 0x30...0x39: return try number()
            default: throw fail()
            }
        }

        /// Skips one value without building its arrays and objects (strings are still checked).
        mutating func skipValue(depth: Int = 0) throws(Failure) {
            guard depth < Self.maxDepth else { throw fail() }
            switch try peek() {
            case 0x7B: try forEachMember { _, scanner throws(Failure) in try scanner.skipValue(depth: depth + 1) }
            case 0x5B: try forEachElement { scanner throws(Failure) in try scanner.skipValue(depth: depth + 1) }
            default: _ = try value(depth: depth)
            }
        }

        private mutating func literal(_ word: StaticString) throws(Failure) {
            let count = word.utf8CodeUnitCount
            for k in 0..<count {
                guard index + k < bytes.count else { throw fail(bytes.count) }
                guard bytes[index + k] == word.utf8Start[k] else { throw fail(index + k) }
            }
            index += count
        }

        /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, as an integer when it is one that fits.
        private mutating func number() throws(Failure) -> JSONValue {
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
            let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            if isInteger, let integer = Int64(text) { return .number(Double(integer), integer: integer) }
            guard let double = Double(text) else { throw fail(start) }
            // A whole number written "990.00" or "1e3" is an integer too, while it is exact.
            let exact = double.rounded() == double && abs(double) < 9e15
            return .number(double, integer: exact ? Int64(double) : nil)
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

    /// A parsed JSON value, so the catalogue decoder can look at each record field by field and
    /// skip a bad one instead of failing the whole list. Built by `JSONScanner`, one record at a time.
    enum JSONValue: Hashable {
        case null
        case bool(Bool)
        /// `integer` is set when the number is a whole number that fits in 64 bits exactly.
        case number(Double, integer: Int64?)
        case string(String)
        case array([JSONValue])
        case object([String: JSONValue])

        subscript(key: String) -> JSONValue? {
            if case .object(let fields) = self { return fields[key] }
            return nil
        }
    }


    /// ISO 8601 as Laravel and others send it: "2026-02-15T09:00:00Z", with or without fractional
    /// seconds (Laravel sends microseconds), with an offset, or a bare date. Hand-parsed because
    /// ISO8601DateFormatter takes one of those shapes at a time and is slow on a 100 000-row list.
    enum ISODate {
        static func parse(_ text: String) -> Date? {
            let b = Array(text.utf8)
            var i = 0
            func digits(_ n: Int) -> Int? {
                guard i + n <= b.count else { return nil }
                var v = 0
                for k in 0..<n {
                    let c = b[i + k]
                    guard c >= 48, c <= 57 else { return nil }
                    v = v * 10 + Int(c - 48)
                }
                i += n
                return v
            }
            func expect(_ c: UInt8) -> Bool {
                guard i < b.count, b[i] == c else { return false }
                i += 1
                return true
            }
            guard let year = digits(4), expect(45), let month = digits(2), expect(45), let day = digits(2),
                  (1...12).contains(month), (1...31).contains(day) else { return nil }
            var hour = 0, minute = 0, second = 0
            var fraction = 0.0
            var offset = 0
            if i < b.count {
                guard b[i] == 84 || b[i] == 116 || b[i] == 32 else { return nil } // T, t or space
                i += 1
                guard let h = digits(2), expect(58), let m = digits(2) else { return nil }
                hour = h; minute = m
                if expect(58) {
                    guard let s = digits(2) else { return nil }
                    second = s
                    if i < b.count, b[i] == 46 || b[i] == 44 { // fraction
                        i += 1
                        var scale = 0.1
                        let start = i
                        while i < b.count, b[i] >= 48, b[i] <= 57 { fraction += Double(b[i] - 48) * scale; scale /= 10; i += 1 }
                        guard i > start else { return nil }
                    }
                }
                guard hour < 24, minute < 60, second < 61 else { return nil }
                if i < b.count {
                    if b[i] == 90 || b[i] == 122 { i += 1 } // Z
                    else if b[i] == 43 || b[i] == 45 {
                        let sign = b[i] == 45 ? -1 : 1
                        i += 1
                        guard let oh = digits(2) else { return nil }
                        _ = expect(58)
                        let om = digits(2) ?? 0
                        offset = sign * (oh * 3600 + om * 60)
                    }
                }
                guard i == b.count else { return nil }
            }
            guard let days = daysFromCivil(year: year, month: month, day: day) else { return nil }
            let seconds = Double(days * 86_400 + hour * 3600 + minute * 60 + second - offset) + fraction
            return Date(timeIntervalSince1970: seconds)
        }

        /// Days since 1970-01-01 in the proleptic Gregorian calendar (H. Hinnant's algorithm);
        /// nil for a day that does not exist in that month.
        static func daysFromCivil(year: Int, month: Int, day: Int) -> Int? {
            let monthLengths = [31, isLeap(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
            guard day <= monthLengths[month - 1] else { return nil }
            let y = month <= 2 ? year - 1 : year
            let era = (y >= 0 ? y : y - 399) / 400
            let yoe = y - era * 400
            let mp = (month + 9) % 12
            let doy = (153 * mp + 2) / 5 + day - 1
            let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
            return era * 146_097 + doe - 719_468
        }

        static func isLeap(_ y: Int) -> Bool { (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 }
    }

    /// A price written as text: `-?[0-9]+([.,][0-9]+)?` between spaces, read exactly as a Decimal
    /// without a regular expression or a locale (this runs for every record of a large catalogue).
    enum PriceText {
        /// `trimmingCharacters(in: .whitespaces)`, without Foundation's bridging when there is
        /// nothing to trim (nearly always).
        static func trimmedWhitespace(_ text: String) -> String {
            guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last,
                  first.properties.isWhitespace || last.properties.isWhitespace else { return text }
            return text.trimmingCharacters(in: .whitespaces)
        }

        static func trimmed(_ text: String) -> Substring {
            let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
            guard let first = text.firstIndex(where: { !isSpace($0) }) else { return "" }
            let last = text.lastIndex(where: { !isSpace($0) })!
            return text[first...last]
        }

        static func parse(_ text: String) -> Decimal? {
            let body = trimmed(text).utf8
            guard !body.isEmpty, body.count <= 64 else { return nil }
            var negative = false, integer: UInt64 = 0, digits = 0, fraction = 0, seenSeparator = false, exact = true
            for (i, byte) in body.enumerated() {
                switch byte {
                case UInt8(ascii: "-") where i == 0: negative = true
                case UInt8(ascii: "0")...UInt8(ascii: "9"):
                    if seenSeparator { fraction += 1 } else { digits += 1 }
                    let (times, o1) = integer.multipliedReportingOverflow(by: 10)
                    let (plus, o2) = times.addingReportingOverflow(UInt64(byte - UInt8(ascii: "0")))
                    if o1 || o2 { exact = false } else { integer = plus }
                case UInt8(ascii: "."), UInt8(ascii: ","):
                    guard !seenSeparator, digits > 0 else { return nil }
                    seenSeparator = true
                default: return nil
                }
            }
            guard digits > 0, !seenSeparator || fraction > 0 else { return nil }
            guard exact else {
                // Beyond 19 digits: Foundation's reader (the result is out of range anyway).
                let normalised = String(trimmed(text)).replacingOccurrences(of: ",", with: ".")
                return Decimal(string: normalised, locale: Locale(identifier: "en_US_POSIX"))
            }
            let value = Decimal(sign: negative ? .minus : .plus, exponent: -fraction, significand: Decimal(integer))
            return value
        }
    }
}
