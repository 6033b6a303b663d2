// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Where a JSON text stopped making sense.
public enum JSONErrorLocation: Hashable, Sendable {
    case lineColumn(line: Int, column: Int)
    case endOfText
}

/// Why a catalogue could not be loaded at all.
public enum CatalogueLoadError: Error, Hashable, Sendable {
    case malformedJSON(JSONErrorLocation?)
    case notAList
    case unreadable(path: String)
    /// A file or standard input holding more than `limit` bytes: refused before it fills the
    /// memory (`yes | lecteur audit --catalog -` never ends on its own).
    case tooLarge(limit: Int)
}

/// A record the decoder set aside; the rest of the catalogue still loads.
public enum CatalogueWarning: Error, Hashable, Sendable {
    case recordNotObject(position: Int)
    case missingField(position: Int, field: String)
    case invalidField(position: Int, field: String)
    case unreadableDate(position: Int)
    case duplicateId(position: Int, id: Int)
    /// A price below 0 or above `CatalogueDecoder.maximumPrice`, as the server wrote it.
    case priceOutOfRange(position: Int, price: String)
    /// Records skipped beyond the first `CatalogueDecoder.warningLimit` warnings.
    case moreRecordsSkipped(count: Int)
    /// Unreadable dates beyond the first `CatalogueDecoder.warningLimit` warnings.
    case moreUnreadableDates(count: Int)
    /// A text field longer than `TextSanitizer.fieldLimit` characters, kept cut short.
    case fieldTruncated(position: Int, field: String, length: Int)
    /// A record set aside that has a title: the listener knows it by its title, not by its
    /// place in the file (« enregistrement n° 6 » is not the sixth formation of the list).
    indirect case named(title: String, CatalogueWarning)
}

public struct DecodedCatalogue: Sendable {
    public let catalogue: Catalogue
    /// At most `CatalogueDecoder.warningLimit` warnings, then one summary per kind.
    public let warnings: [CatalogueWarning]
}

/// Reads the formations API's JSON (story 2.1, with the category object of story 2.7): a list,
/// or a Laravel resource envelope `{"data": [...]}`. Records are read one at a time from the
/// bytes (`JSONScanner`, `FormationRecord`), so memory is the input plus the formations kept,
/// whatever the list holds. Plain and on the caller's thread: a loader with a core to spare may
/// have the second half of a large list read there (`SecondHalf`, `CatalogueListTail`).
public enum CatalogueDecoder {
    /// Warnings given one by one; beyond, a count. A body of a million bad records must not
    /// become a million lines to read or to hear.
    public static let warningLimit = 5
    /// The highest price accepted, in euros: a training course costs less than a million euros,
    /// and a price this size is still formatted and spoken exactly (no wrap-around, no exponent).
    public static let maximumPrice: Decimal = 1_000_000

    /// The second half of the list, read elsewhere from `start` (`CatalogueListTail.read`):
    /// `take` waits for it (nil if it could not be had), `drop` says it will not be used. It is
    /// taken when a record of the list starts exactly at `start`; the result never depends on it.
    public struct SecondHalf {
        public let start: Int
        let take: () -> CatalogueListTail?
        let drop: () -> Void

        public init(start: Int, take: @escaping () -> CatalogueListTail?, drop: @escaping () -> Void) {
            self.start = start
            self.take = take
            self.drop = drop
        }
    }

    public static func decode(_ data: Data) throws(CatalogueLoadError) -> DecodedCatalogue {
        try decode(data, secondHalf: nil)
    }

    /// `tailTaken` is told whether the second half was used.
    public static func decode(_ data: Data, secondHalf: SecondHalf?,
                              tailTaken: ((Bool) -> Void)? = nil) throws(CatalogueLoadError) -> DecodedCatalogue {
        var result: Result<DecodedCatalogue, CatalogueLoadError> = .failure(.notAList)
        var tail = secondHalf
        defer { secondHalf?.drop() }
        data.withUnsafeBytes { bytes in
            var scanner = JSONScanner(bytes)
            var records = RecordSink(expectedBytes: bytes.count)
            var sawList = false
            do throws(JSONScanner.Failure) {
                switch try scanner.peek() {
                case 0x5B:
                    sawList = true
                    try records.read(&scanner, tail: &tail)
                case 0x7B:
                    try scanner.forEachMember { key, scanner throws(JSONScanner.Failure) in
                        if key == "data", try scanner.peek() == 0x5B {
                            // A repeated "data" replaces the first, as the last duplicate key wins in JSON readers.
                            records = RecordSink(expectedBytes: bytes.count)
                            sawList = true
                            try records.read(&scanner, tail: &tail)
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
                tailTaken?(records.tookTail)
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
        var tookTail = false

        /// Room for the formations a list of this many bytes is likely to hold (a real record
        /// takes more than 256 bytes), so that 100 000 of them are not copied at each regrowth;
        /// room not filled is never touched, so it costs address space, not memory.
        init(expectedBytes: Int) {
            let likely = expectedBytes / 256
            formations.reserveCapacity(likely)
            seenIds.reserveCapacity(likely)
        }

        /// The list that starts here, element by element (`JSONScanner.forEachElement`'s loop).
        /// When a record starts where `tail` started reading, the tail's outcomes are taken as
        /// they are and the reading goes on after the list.
        mutating func read(_ scanner: inout JSONScanner, tail: inout SecondHalf?) throws(JSONScanner.Failure) {
            try scanner.expect(0x5B)
            if try scanner.consume(0x5D) { return }
            while true {
                let first = try scanner.peek()
                if let guess = tail, scanner.index >= guess.start {
                    tail = nil
                    if scanner.index == guess.start, let read = guess.take(), !read.abandoned {
                        if let failure = read.failure { throw failure }
                        adopt(read)
                        scanner.move(to: read.end)
                        return
                    }
                    guess.drop() // the guess was not a record's start, or its reading gave up
                }
                position += 1
                if first == 0x7B {
                    let record = try FormationRecord.read(&scanner)
                    var recordWarnings: [CatalogueWarning] = []
                    switch record.formation(position: position, warnings: &recordWarnings) {
                    case .success(let formation):
                        recordWarnings.forEach { warn($0) }
                        keep(formation)
                    case .failure(let warning):
                        warn(warning)
                    }
                } else {
                    // Anything but an object is skipped without being built.
                    try scanner.skipValue()
                    warn(.recordNotObject(position: position))
                }
                if try scanner.consume(0x2C) { continue }
                try scanner.expect(0x5D)
                return
            }
        }

        private mutating func keep(_ formation: Formation) {
            if seenIds.insert(formation.id).inserted {
                formations.append(formation)
            } else {
                warn(.duplicateId(position: position, id: formation.id))
            }
        }

        /// The tail's records, in order, as if read here.
        private mutating func adopt(_ tail: CatalogueListTail) {
            tookTail = true
            var kept = 0
            for index in 0..<tail.count {
                position += 1
                if let rejection = tail.rejections.isEmpty ? nil : tail.rejections[index] {
                    warn(rejection.at(position))
                    continue
                }
                if !tail.keptWarnings.isEmpty, let warnings = tail.keptWarnings[index] {
                    for warning in warnings { warn(warning.at(position)) }
                }
                keep(tail.formations[kept])
                kept += 1
            }
        }

        private mutating func warn(_ warning: CatalogueWarning) {
            if warnings.count < CatalogueDecoder.warningLimit { warnings.append(warning); return }
            if case .unreadableDate = warning { moreDates += 1 } else { moreSkipped += 1 }
        }

        func finish() -> DecodedCatalogue {
            var all = warnings
            if moreSkipped > 0 { all.append(.moreRecordsSkipped(count: moreSkipped)) }
            if moreDates > 0 { all.append(.moreUnreadableDates(count: moreDates)) }
            return DecodedCatalogue(catalogue: Catalogue(formations: formations), warnings: all)
        }
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
        var text = text
        return text.withUTF8 { parse(utf8: UnsafeRawBufferPointer($0)) }
    }

    static func parse(_ raw: JSONScanner.RawString) -> Decimal? {
        switch raw {
        case .bytes(let b): parse(utf8: b)
        case .decoded(let s): parse(s)
        }
    }

    /// The same, on UTF-8 bytes. Trimming bytes is trimming characters here: a space or tab
    /// that a combining mark makes part of a larger character leaves that mark in the body,
    /// which is refused either way.
    static func parse(utf8 text: UnsafeRawBufferPointer) -> Decimal? {
        var start = 0, end = text.count
        while start < end, text[start] == 0x20 || text[start] == 0x09 { start += 1 }
        while end > start, text[end - 1] == 0x20 || text[end - 1] == 0x09 { end -= 1 }
        let body = UnsafeRawBufferPointer(rebasing: text[start..<end])
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
            let normalised = String(decoding: body, as: UTF8.self).replacingOccurrences(of: ",", with: ".")
            return Decimal(string: normalised, locale: Locale(identifier: "en_US_POSIX"))
        }
        let value = Decimal(sign: negative ? .minus : .plus, exponent: -fraction, significand: Decimal(integer))
        return value
    }
}
