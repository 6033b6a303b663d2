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
    static let threshold = 4 << 20

    public init(_ deliver: @escaping (UnsafeBufferPointer<UInt8>) -> Bool) {
        self.deliver = deliver
    }

    /// Writes to a C stream (standard output or an opened file).
    public convenience init(file: UnsafeMutablePointer<FILE>) {
        self.init { bytes in
            bytes.isEmpty || fwrite(bytes.baseAddress, 1, bytes.count, file) == bytes.count
        }
    }

    /// Records a failure that happened elsewhere (the scratch file could not be read back).
    func markFailed() { failed = true }

    /// Hands bytes over at once (a section read back from the spool).
    func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard !bytes.isEmpty else { return }
        if !failed && !deliver(bytes) { failed = true }
        written += bytes.count
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
        let sink = AuditSink { bytes in
            buffer.text += String(decoding: bytes, as: UTF8.self)
            return true
        }
        return (sink, { buffer.text })
    }
}
