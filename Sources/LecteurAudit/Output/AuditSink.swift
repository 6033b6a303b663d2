// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Where a report goes while it is written. The formats append to a small buffer and hand it over
/// every few megabytes, so the report of a million elements (1.6 GB of axe JSON) is never held
/// whole in memory: the file or pipe receives it as it is produced.
public final class AuditSink {
    private let deliver: (UnsafeBufferPointer<UInt8>) -> Bool
    /// Bytes handed over so far.
    public private(set) var written = 0
    /// Set when a write failed (a full disk, a closed pipe): the caller reports it once at the end.
    public private(set) var failed = false
    /// The errno of the first failed write to a C stream (ENOSPC on a full disk), 0 if unknown.
    public private(set) var errorNumber: Int32 = 0
    static let threshold = 4 << 20

    /// The C stream written to, when there is one: sections waiting in the scratch file are
    /// then copied to it by the kernel (sendfile), not through this process.
    private let file: UnsafeMutablePointer<FILE>?

    /// Receives whole buffers, when the receiver takes them over (see `hand`).
    private let handOver: ((inout [UInt8]) -> Bool)?

    public init(_ deliver: @escaping (UnsafeBufferPointer<UInt8>) -> Bool) {
        self.deliver = deliver
        self.file = nil
        self.handOver = nil
    }

    /// A sink that takes buffers over: `handing` receives each one and leaves an empty buffer
    /// (perhaps one handed before, with its storage) in its place; false once it takes no more.
    init(handing: @escaping (inout [UInt8]) -> Bool) {
        self.deliver = { bytes in
            var copy = Array(bytes)
            return handing(&copy)
        }
        self.file = nil
        self.handOver = handing
    }

    /// Writes to a C stream (standard output or an opened file).
    public init(file: UnsafeMutablePointer<FILE>) {
        self.deliver = { bytes in
            bytes.isEmpty || fwrite(bytes.baseAddress, 1, bytes.count, file) == bytes.count
        }
        self.file = file
        self.handOver = nil
    }

    /// Copies `count` bytes at `offset` of an open file to the stream in the kernel; false when
    /// that cannot be done here (no stream, or a kind of output sendfile does not take) and
    /// nothing was copied, so the caller copies them itself.
    func copy(from source: Int32, offset: Int64, count: Int) -> Bool {
        guard let file, !failed else { return false }
        guard fflush(file) == 0 else { fail(errno); return true }
        let target = fileno(file)
        var position = Int(offset), done = 0
        while done < count {
            let n = sendfile(target, source, &position, count - done)
            if n < 0 && errno == EINTR { continue }
            if n < 0 && done == 0 && (errno == EINVAL || errno == ENOSYS) { return false }
            guard n > 0 else { fail(n < 0 ? errno : ENOSPC); written += done; return true }
            done += n
        }
        written += done
        return true
    }

    private func fail(_ code: Int32) {
        failed = true
        errorNumber = code
    }

    /// Records a failure that happened elsewhere (the scratch file could not be read back).
    func markFailed() { failed = true }

    /// Hands bytes over at once (a section read back from the spool).
    func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard !bytes.isEmpty else { return }
        if !failed && !deliver(bytes) { fail(errno) }
        written += bytes.count
    }

    /// Hands `bytes` over at once and leaves it empty: taken over whole by a sink that takes
    /// buffers, copied by the others.
    func hand(_ bytes: inout [UInt8]) {
        guard !bytes.isEmpty else { return }
        guard let handOver else {
            bytes.withUnsafeBufferPointer { write($0) }
            bytes.removeAll(keepingCapacity: true)
            return
        }
        let count = bytes.count
        if !failed && !handOver(&bytes) { failed = true }
        bytes.removeAll(keepingCapacity: true)
        written += count
    }

    /// Hands `out` over once it is large, or always with `force`, and empties it.
    func flush(_ out: inout String, force: Bool = false) {
        guard force || out.utf8.count >= Self.threshold else { return }
        out.withUTF8 { write($0) }
        out.removeAll(keepingCapacity: true)
    }

    /// Collects everything into one string, for callers that want the report as a value.
    static func collecting() -> (AuditSink, () -> String) {
        final class Buffer { var text = "" }
        let buffer = Buffer()
        let sink = AuditSink({ bytes in
            buffer.text += String(decoding: bytes, as: UTF8.self)
            return true
        })
        return (sink, { buffer.text })
    }
}
