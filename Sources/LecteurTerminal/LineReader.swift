// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurThreads

/// Reads standard input one line at a time in bounded chunks, so a line of any length costs at
/// most `maximumLineBytes` of memory: Swift.readLine kept a 1 GiB line whole (8.4 GB, minutes,
/// nothing answered). The rest of a line past the limit is read and thrown away up to its newline.
public final class LineReader {
    /// The longest command line kept, in bytes (64 KiB). The longest command a user types is a
    /// search of a few words; the limit leaves room for pasted text and stays cheap.
    public static let maximumLineBytes = 64 * 1024
    /// What one read(2) takes from the descriptor.
    static let chunkBytes = 64 * 1024

    public enum Item: Equatable {
        case line(String)
        /// A line was longer than `maximumLineBytes`: its beginning was dropped and its rest
        /// will be, up to its newline (reported once per line, as soon as the limit is passed).
        case tooLong
    }

    private let fd: Int32
    private let limit: Int
    private var buffer: [UInt8] = []
    /// Where the next line starts in `buffer` (lines are taken without moving the rest).
    private var start = 0
    private var chunk: [UInt8]
    private var discarding = false
    private var atEnd = false
    /// A descriptor that becomes readable when reading must stop (the reader quit meanwhile).
    private let wake: Int32?
    /// When the bytes of the line `next` returned last arrived (monotonic ms): the read that
    /// brought its end. A script's lines all arrive at once, long before they are handled.
    public private(set) var arrivedAtMs: Double?
    private var lastReadAtMs: Double?

    public init(fileDescriptor: Int32 = STDIN_FILENO, limit: Int = LineReader.maximumLineBytes, wake: Int32? = nil) {
        fd = fileDescriptor
        self.limit = limit
        self.wake = wake
        chunk = [UInt8](repeating: 0, count: Self.chunkBytes)
    }

    /// The next line (without its "\n" or "\r\n"), `.tooLong` when a line passes the limit, nil
    /// at the end of input. Invalid UTF-8 is repaired as Swift.readLine does.
    public func next() -> Item? {
        while true {
            if let newline = newlineIndex() {
                let line = buffer[start..<newline]
                start = newline + 1
                if discarding { discarding = false; continue }
                arrivedAtMs = lastReadAtMs
                return .line(Self.text(line))
            }
            // No newline in what is left: keep it (or drop it) and read more.
            buffer.removeSubrange(..<start)
            start = 0
            if discarding { buffer.removeAll(keepingCapacity: true) }
            else if buffer.count > limit {
                buffer.removeAll(keepingCapacity: true)
                discarding = true
                return .tooLong
            }
            if atEnd {
                guard !buffer.isEmpty, !discarding else { return nil }
                defer { buffer.removeAll() }
                arrivedAtMs = lastReadAtMs
                return .line(Self.text(buffer[...]))
            }
            if let wake, !InputWait.forInput(fd, wake: wake) { return nil }
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { atEnd = true; continue }
            lastReadAtMs = MonotonicClock.nowMs()
            buffer.append(contentsOf: chunk[..<count])
        }
    }

    /// The next "\n" at or after `start` (memchr: a discarded gigabyte is scanned at memory speed).
    private func newlineIndex() -> Int? {
        guard start < buffer.count else { return nil }
        return buffer.withUnsafeBufferPointer { all -> Int? in
            guard let base = all.baseAddress, let found = memchr(base + start, 0x0A, all.count - start) else { return nil }
            return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
    }

    private static func text(_ bytes: ArraySlice<UInt8>) -> String {
        var line = bytes
        if line.last == 0x0D { line = line.dropLast() }
        return String(decoding: line, as: UTF8.self)
    }
}
