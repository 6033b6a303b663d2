import CLinuxFile
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

    /// The C stream written to, when there is one: sections waiting in the scratch file are
    /// then copied to it by the kernel, not through this process.
    private let file: UnsafeMutablePointer<FILE>?
    /// The stream is a regular file written at its position (not appended to): a copy can then
    /// be done later, at its place, while the stream goes on after it (see `finish`).
    private let placeable: Bool
    private var placed: [PlacedCopy] = []

    private struct PlacedCopy {
        let source: Int32
        let from: Int64
        let to: Int64
        let count: Int
    }

    public init(_ deliver: @escaping (UnsafeBufferPointer<UInt8>) -> Bool) {
        self.deliver = deliver
        self.file = nil
        self.placeable = false
    }

    /// Writes to a C stream (standard output or an opened file).
    public init(file: UnsafeMutablePointer<FILE>) {
        self.deliver = { bytes in
            bytes.isEmpty || fwrite(bytes.baseAddress, 1, bytes.count, file) == bytes.count
        }
        self.file = file
        var status = stat()
        let fd = fileno(file)
        placeable = fstat(fd, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG && fcntl(fd, F_GETFL) & O_APPEND == 0
    }

    /// Copies `count` bytes at `offset` of an open file to the stream in the kernel; false when
    /// that cannot be done here (no stream, or a kind of output sendfile does not take) and
    /// nothing was copied, so the caller copies them itself. Into a regular file the copy is
    /// only placed: `finish` does it.
    func copy(from source: Int32, offset: Int64, count: Int) -> Bool {
        guard let file, !failed else { return false }
        guard fflush(file) == 0 else { failed = true; return true }
        if placeable {
            let position = ftello(file)
            guard position >= 0, fseeko(file, position + off_t(count), SEEK_SET) == 0 else { failed = true; return true }
            placed.append(PlacedCopy(source: source, from: offset, to: Int64(position), count: count))
            written += count
            return true
        }
        let target = fileno(file)
        var position = Int(offset), done = 0
        while done < count {
            let n = sendfile(target, source, &position, count - done)
            if n < 0 && errno == EINTR { continue }
            if n < 0 && done == 0 && (errno == EINVAL || errno == ENOSYS) { return false }
            guard n > 0 else { failed = true; written += done; return true }
            done += n
        }
        written += done
        return true
    }

    /// Does the placed copies, on every core (the sections of a large report are most of it:
    /// gigabytes, which one thread would copy alone once the walk is over).
    func finish() {
        guard !placed.isEmpty, let file else { return }
        let target = fileno(file)
        let piece = 32 << 20
        var pieces: [PlacedCopy] = []
        for copy in placed {
            var done = 0
            while done < copy.count {
                let count = min(piece, copy.count - done)
                pieces.append(PlacedCopy(source: copy.source, from: copy.from + Int64(done), to: copy.to + Int64(done), count: count))
                done += count
            }
        }
        placed = []
        let next = Counter(), failures = Counter()
        DispatchQueue.concurrentPerform(iterations: min(pieces.count, ProcessInfo.processInfo.activeProcessorCount)) { _ in
            while case let i = next.increment(), i < pieces.count {
                if !Self.copy(pieces[i], into: target) { _ = failures.increment() }
            }
        }
        if failures.value > 0 { failed = true }
    }

    /// In the kernel when it can (copy_file_range); else read and written here.
    private static func copy(_ copy: PlacedCopy, into target: Int32) -> Bool {
        var from = Int(copy.from), to = Int(copy.to), left = copy.count
        while left > 0 {
            let n = copy_file_range(copy.source, &from, target, &to, left, 0)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            left -= n
        }
        guard left > 0 else { return true }
        var buffer = [UInt8](repeating: 0, count: min(left, 4 << 20))
        while left > 0 {
            let n = buffer.withUnsafeMutableBytes { pread(copy.source, $0.baseAddress!, min($0.count, left), off_t(from)) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return false }
            var done = 0
            while done < n {
                let w = buffer.withUnsafeBytes { pwrite(target, $0.baseAddress! + done, n - done, off_t(to + done)) }
                if w < 0 && errno == EINTR { continue }
                guard w > 0 else { return false }
                done += w
            }
            from += n
            to += n
            left -= n
        }
        return true
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

/// A number shared by the copying threads.
private final class Counter: @unchecked Sendable {
    private var count = 0
    private let lock = NSLock()

    var value: Int { lock.lock(); defer { lock.unlock() }; return count }

    /// The value before this call.
    func increment() -> Int {
        lock.lock()
        defer { lock.unlock() }
        count += 1
        return count - 1
    }
}
