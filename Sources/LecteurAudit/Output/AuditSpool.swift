// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The sections of a report whose order is not the walk's order (axe-core's JSON lists nodes
/// rule by rule, the text report opens with totals known only at the end), filled screen by
/// screen and written out once the walk is over. Each section keeps up to a megabyte in memory;
/// beyond that its bytes go to one scratch file (next to the report, unlinked at once, so
/// nothing is left behind even after a kill), and are read back in order when the report is
/// assembled. Without a scratch file (none could be created) everything stays in memory.
final class AuditSpool {
    private struct Segment {
        let offset: Int64
        let count: Int
    }

    private var pending: [[UInt8]]
    private var segments: [[Segment]]
    private var sizes: [Int]
    private var fd: Int32 = -1
    private var fileEnd: Int64 = 0
    private let directories: [String]
    private var scratchTried = false
    /// Set when the scratch file could not be written or read: the report is incomplete.
    private(set) var failed = false
    private let spillSize: Int

    /// The scratch file goes in the first of `directories` where one can be made (none: all in
    /// memory). A section goes to the file once `spillSize` bytes of it wait.
    init(streams: Int, directories: [String], spillSize: Int = 1 << 20) {
        self.spillSize = spillSize
        pending = Array(repeating: [], count: streams)
        segments = Array(repeating: [], count: streams)
        sizes = Array(repeating: 0, count: streams)
        self.directories = directories
    }

    deinit { if fd >= 0 { close(fd) } }

    /// Bytes written to `stream` so far.
    func size(_ stream: Int) -> Int { sizes[stream] }

    func append(_ stream: Int, _ text: inout String) {
        guard !text.isEmpty else { return }
        text.withUTF8 { bytes in
            pending[stream].append(contentsOf: bytes)
            sizes[stream] += bytes.count
        }
        if pending[stream].count >= spillSize { spill(stream) }
    }

    private func openScratch() {
        scratchTried = true
        for directory in directories {
            var template = Array((directory + "/.lecteur-audit-XXXXXX").utf8CString)
            let opened = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            guard opened >= 0 else { continue }
            template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
            fd = opened
            return
        }
    }

    private func spill(_ stream: Int) {
        if !scratchTried { openScratch() }
        guard fd >= 0 else { return }
        let count = pending[stream].count
        let written = pending[stream].withUnsafeBytes { raw -> Bool in
            var done = 0
            while done < count {
                let n = pwrite(fd, raw.baseAddress! + done, count - done, off_t(fileEnd + Int64(done)))
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return false }
                done += n
            }
            return true
        }
        guard written else {
            // A full disk: keep this and later bytes in memory rather than lose them.
            close(fd)
            fd = -1
            return
        }
        segments[stream].append(Segment(offset: fileEnd, count: count))
        fileEnd += Int64(count)
        pending[stream].removeAll(keepingCapacity: true)
    }

    /// Hands `stream`'s records to `body` in order, each a line without its newline (a record
    /// may straddle two segments of the scratch file). False when the scratch file could not be
    /// read back: the records from there on are missing.
    @discardableResult
    func forEachLine(_ stream: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Void) -> Bool {
        var carry: [UInt8] = []
        func lines(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard let base = bytes.baseAddress else { return }
            var start = 0
            while start < bytes.count,
                  let found = memchr(base + start, 0x0A, bytes.count - start) {
                let end = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base
                if carry.isEmpty {
                    body(UnsafeBufferPointer(rebasing: bytes[start..<end]))
                } else {
                    carry.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<end]))
                    carry.withUnsafeBufferPointer(body)
                    carry.removeAll(keepingCapacity: true)
                }
                start = end + 1
            }
            if start < bytes.count { carry.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...])) }
        }
        var buffer: [UInt8] = []
        for segment in segments[stream] {
            guard read(segment, into: &buffer, lines) else { return false }
        }
        pending[stream].withUnsafeBufferPointer { lines($0) }
        if !carry.isEmpty { carry.withUnsafeBufferPointer(body) }
        return true
    }

    /// Writes `stream` to the sink in order, leaving out its first `skipping` bytes (a separator
    /// written before every item, which the first item of a list does without).
    func write(_ stream: Int, skipping: Int = 0, to sink: AuditSink) {
        var skip = skipping
        var buffer: [UInt8] = []
        for segment in segments[stream] {
            if skip < segment.count, sink.copy(from: fd, offset: segment.offset + Int64(skip), count: segment.count - skip) {
                skip = 0
                continue
            }
            let complete = read(segment, into: &buffer) { bytes in
                let from = min(skip, bytes.count)
                sink.write(UnsafeBufferPointer(rebasing: bytes[from...]))
                skip -= from
            }
            guard complete else { return }
        }
        pending[stream].withUnsafeBufferPointer { bytes in
            let from = min(skip, bytes.count)
            sink.write(UnsafeBufferPointer(rebasing: bytes[from...]))
        }
    }

    /// Reads `segment` back from the scratch file a few megabytes at a time (`buffer` is made
    /// once per caller) and hands each piece to `body`; false, and `failed` set, when the file
    /// cannot be read.
    private func read(_ segment: Segment, into buffer: inout [UInt8], _ body: (UnsafeBufferPointer<UInt8>) -> Void) -> Bool {
        if buffer.isEmpty { buffer = [UInt8](repeating: 0, count: 4 << 20) }
        var done = 0
        while done < segment.count {
            let want = min(buffer.count, segment.count - done)
            let n = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress!, want, off_t(segment.offset + Int64(done))) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { failed = true; return false }
            buffer.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[..<n])) }
            done += n
        }
        return true
    }
}
