// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The second half of a large list, read apart from the first half: by another core, when the
/// program that loads the catalogue has one to spare (`CatalogueDecoder.SecondHalf`). Reading it
/// is plain work on the bytes; who runs it, and when, is the caller's.
///
/// Where the second half starts is a guess: the first `{` after `}` and `,` past the middle of
/// the input, which may as well lie inside a string or a nested array. The guess is only used
/// if the sequential reader, going record by record, starts a record at exactly that byte: the
/// reading from there is then the very reading the sequential reader would have done (the
/// scanner's only state is its offset, and every record starts at the same depth), and its
/// outcomes are merged in order as if read there. Otherwise the tail is dropped and the list is
/// read on as before. A tail that sets aside more than `rejectionLimit` records gives up too, so
/// a huge list of bad records costs no more memory than it did.
public struct CatalogueListTail: Sendable {
    /// Offset of the `{` the tail starts at.
    public let start: Int
    /// What the tail found.
    private(set) var formations: [Formation] = []
    /// Record index (from 0) → why it was set aside, or the warnings of a kept record; positions
    /// in them count from 1 at `start`.
    private(set) var rejections: [Int: CatalogueWarning] = [:]
    private(set) var keptWarnings: [Int: [CatalogueWarning]] = [:]
    private(set) var count = 0
    /// Offset just after the list's `]`.
    private(set) var end = 0
    private(set) var failure: JSONScanner.Failure?
    /// It stopped before the list's end (asked to, or too many records set aside): not usable.
    public private(set) var abandoned = false

    static let rejectionLimit = 10_000

    private init(start: Int) { self.start = start }

    /// The first `{` after `}`, `,` (white space between) at or past `from`, within 1 MB: where a
    /// tail may start.
    public static func recordStart(in data: Data, from: Int) -> Int? {
        data.withUnsafeBytes { recordStart(in: $0, from: from) }
    }

    static func recordStart(in bytes: UnsafeRawBufferPointer, from: Int) -> Int? {
        var i = max(from, 0)
        let limit = min(bytes.count, i + (1 << 20))
        func skipSpace(_ k: inout Int) {
            while k < limit, bytes[k] == 0x20 || bytes[k] == 0x0A || bytes[k] == 0x0D || bytes[k] == 0x09 { k += 1 }
        }
        while i < limit {
            guard bytes[i] == 0x7D else { i += 1; continue }
            var k = i + 1
            skipSpace(&k)
            guard k < limit, bytes[k] == 0x2C else { i += 1; continue }
            k += 1
            skipSpace(&k)
            if k < limit, bytes[k] == 0x7B { return k }
            i += 1
        }
        return nil
    }

    /// The sequential reader's element loop from `start` to the list's end. `shouldStop` is asked
    /// every 1 024 records: when it says yes, the tail is abandoned.
    public static func read(_ data: Data, from start: Int, shouldStop: () -> Bool) -> CatalogueListTail {
        data.withUnsafeBytes { bytes in
            var tail = CatalogueListTail(start: start)
            tail.read(bytes, shouldStop: shouldStop)
            return tail
        }
    }

    private mutating func read(_ bytes: UnsafeRawBufferPointer, shouldStop: () -> Bool) {
        var scanner = JSONScanner(bytes, at: start)
        formations.reserveCapacity((bytes.count - start) / 256)
        var index = 0
        do throws(JSONScanner.Failure) {
            while true {
                if index % 1024 == 0 && shouldStop() { abandoned = true; return }
                let position = index + 1
                if try scanner.peek() != 0x7B {
                    try scanner.skipValue()
                    rejections[index] = .recordNotObject(position: position)
                } else {
                    let record = try FormationRecord.read(&scanner)
                    var warnings: [CatalogueWarning] = []
                    switch record.formation(position: position, warnings: &warnings) {
                    case .success(let formation):
                        formations.append(formation)
                        if !warnings.isEmpty { keptWarnings[index] = warnings }
                    case .failure(let warning):
                        rejections[index] = warning
                    }
                }
                if rejections.count > Self.rejectionLimit { abandoned = true; return }
                index += 1
                if try scanner.consume(0x2C) { continue }
                try scanner.expect(0x5D)
                count = index
                end = scanner.index
                return
            }
        } catch {
            count = index
            failure = error
        }
    }
}

extension CatalogueWarning {
    /// The same warning about the record at `position`.
    func at(_ position: Int) -> CatalogueWarning {
        switch self {
        case .recordNotObject: .recordNotObject(position: position)
        case .missingField(_, let field): .missingField(position: position, field: field)
        case .invalidField(_, let field): .invalidField(position: position, field: field)
        case .unreadableDate: .unreadableDate(position: position)
        case .duplicateId(_, let id): .duplicateId(position: position, id: id)
        case .priceOutOfRange(_, let price): .priceOutOfRange(position: position, price: price)
        case .fieldTruncated(_, let field, let length): .fieldTruncated(position: position, field: field, length: length)
        case .named(let title, let warning): .named(title: title, warning.at(position))
        case .moreRecordsSkipped, .moreUnreadableDates: self
        }
    }
}
