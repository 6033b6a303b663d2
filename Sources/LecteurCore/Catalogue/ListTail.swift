// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The second half of a large list, read on another core while this one reads the first half.
///
/// Where the second half starts is a guess: the first `{` after `}` and `,` past the middle of
/// the input, which may as well lie inside a string or a nested array. The guess is only used
/// if the sequential reader, going record by record, starts a record at exactly that byte: the
/// reading from there is then the very reading the sequential reader would have done (the
/// scanner's only state is its offset, and every record starts at the same depth), and its
/// outcomes are merged in order as if read here. Otherwise the tail is dropped and the list is
/// read on as before. A tail that sets aside more than `rejectionLimit` records gives up too, so
/// a huge list of bad records costs no more memory than it did.
final class ListTail: @unchecked Sendable {
    /// Offset of the `{` the tail starts at.
    let start: Int
    /// What the tail found; read only after `wait()`.
    private(set) var formations: [Formation] = []
    /// Record index (from 0) → why it was set aside, or the warnings of a kept record; positions
    /// in them count from 1 at `start`.
    private(set) var rejections: [Int: CatalogueWarning] = [:]
    private(set) var keptWarnings: [Int: [CatalogueWarning]] = [:]
    private(set) var count = 0
    /// Offset just after the list's `]`.
    private(set) var end = 0
    private(set) var failure: JSONScanner.Failure?
    private(set) var abandoned = false

    static let rejectionLimit = 10_000
    private let finished = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var cancelled = false

    /// The input, which the caller keeps valid until `wait()` returns.
    private let bytes: UnsafeRawBufferPointer

    private init(bytes: UnsafeRawBufferPointer, start: Int) {
        self.bytes = bytes
        self.start = start
    }

    /// Starts reading the tail of the list on another thread, when there is a tail to guess.
    /// `bytes` must stay valid until `wait()` returns.
    static func start(in bytes: UnsafeRawBufferPointer, searchingFrom middle: Int) -> ListTail? {
        guard let start = recordStart(in: bytes, from: middle) else { return nil }
        let tail = ListTail(bytes: bytes, start: start)
        let thread = Thread { tail.read() }
        // Nesting is bounded (512), but each level costs a few frames: the main thread's room.
        thread.stackSize = 8 << 20
        thread.start()
        return tail
    }

    /// The first `{` after `}`, `,` (white space between) at or past `from`, within 1 MB.
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

    /// Tells the tail its work will not be used; it stops soon.
    func cancel() {
        lock.lock()
        cancelled = true
        lock.unlock()
    }

    private var isCancelled: Bool {
        lock.lock()
        defer { lock.unlock() }
        return cancelled
    }

    /// Waits for the tail to finish (or give up); its results are then complete.
    func wait() {
        finished.wait()
        finished.signal() // later waits return at once
    }

    /// The sequential reader's element loop from `start` to the list's end.
    private func read() {
        defer { finished.signal() }
        var scanner = JSONScanner(bytes, at: start)
        formations.reserveCapacity((bytes.count - start) / 256)
        var index = 0
        do throws(JSONScanner.Failure) {
            while true {
                if index % 1024 == 0 && isCancelled { abandoned = true; return }
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
