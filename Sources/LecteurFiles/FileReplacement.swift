// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore
#if canImport(Glibc)
import Glibc
#endif

/// The errno of a failed system call, as `FileReplacement` throws it: each caller words it (or
/// maps it to its own typed fault) from the code.
public struct FileErrno: Error, Hashable, Sendable {
    public let code: Int32
    public init(_ code: Int32) { self.code = code }
}

/// A file replaced whole, the one "temporary file then rename" of the reader: the new content is
/// written to a temporary file beside the path, then renamed over it, so a crash, a full disk or
/// a killed process leaves the old file whole, never half a new one.
///
/// The temporary file is made by `mkstemps`: always a new file (O_EXCL: no symlink planted at its
/// name is followed), in the path's own folder (so the rename stays on one file system), with
/// `mode` set on it before anything is written. A symlink at `path` is replaced itself by the
/// rename, never its target: a caller that means to write through a link resolves it first.
/// Used by `OutputFile` (`--output`, `--audio-out`), the configuration file, the offline
/// catalogue copy and the command line's history.
public final class FileReplacement {
    /// The path replaced at `commit`.
    public let path: String
    /// The temporary file, removed by `discard` (or when this is dropped uncommitted).
    public let temporaryPath: String
    /// The temporary file's descriptor, for a writer with its own stream on it
    /// (`fdopen(dup(…))`); -1 once committed or discarded.
    public var fileDescriptor: Int32 { descriptor }
    private var descriptor: Int32

    /// The temporary file's name in the path's folder: `prefix`, six random characters, `suffix`
    /// (default `.NAME.lecteur-XXXXXX`). A caller that cleans up after killed processes names
    /// them so it can find them again (the configuration puts its pid in `prefix`).
    public init(replacing path: String, mode: mode_t, prefix: String? = nil, suffix: String = "") throws(FileErrno) {
        self.path = path
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        var template = Array(((folder.isEmpty ? "." : folder) + "/" + (prefix ?? "." + name + ".lecteur-")
                              + "XXXXXX" + suffix).utf8CString)
        let suffixLength = Int32(suffix.utf8.count)
        let fd = template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, suffixLength) }
        guard fd >= 0 else { throw FileErrno(errno) }
        descriptor = fd
        temporaryPath = String(nulTerminated: template)
        // mkstemp gives 0600 whatever the umask: the caller says what the file is to be.
        if fchmod(fd, mode) != 0 {
            let code = errno
            discard()
            throw FileErrno(code)
        }
    }

    deinit { discard() }

    /// Writes all of `bytes`, retrying short writes and EINTR.
    public func write(_ bytes: UnsafeRawBufferPointer) throws(FileErrno) {
        guard descriptor >= 0 else { throw FileErrno(EBADF) }
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw FileErrno(errno)
            }
            offset += written
        }
    }

    public func write(_ data: Data) throws(FileErrno) {
        var failure: FileErrno?
        data.withUnsafeBytes { bytes in
            do throws(FileErrno) { try write(bytes) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// Closes the temporary file and renames it over `path`; `sync` first puts its bytes on the
    /// disk (a file kept across sessions), so the rename never publishes an empty file after a
    /// power cut. On a failure the temporary file is removed and `path` is as it was.
    public func commit(sync: Bool = true) throws(FileErrno) {
        guard descriptor >= 0 else { throw FileErrno(EBADF) }
        let fd = descriptor
        descriptor = -1
        var failure: Int32 = 0
        if sync && fsync(fd) != 0 { failure = errno }
        if Glibc.close(fd) != 0 && failure == 0 && errno != EINTR { failure = errno }
        if failure == 0 && rename(temporaryPath, path) != 0 { failure = errno }
        if failure != 0 {
            unlink(temporaryPath)
            throw FileErrno(failure)
        }
    }

    /// Closes without replacing anything: the temporary file is removed.
    public func discard() {
        guard descriptor >= 0 else { return }
        Glibc.close(descriptor)
        descriptor = -1
        unlink(temporaryPath)
    }

    /// The mode an ordinary create with `requested` would give: `requested` under the umask. The
    /// umask is read from /proc (Linux 4.7+) rather than set and put back, which would leave
    /// another thread creating a file meanwhile with none.
    public static func creationMode(_ requested: mode_t) -> mode_t {
        if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
           let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Umask:") }),
           let mask = mode_t(line.dropFirst("Umask:".count).trimmingCharacters(in: .whitespaces), radix: 8) {
            return requested & ~mask
        }
        let mask = umask(0); umask(mask)
        return requested & ~mask
    }

    /// Replaces `path` with `data` in one step (see the type).
    public static func write(_ data: Data, replacing path: String, mode: mode_t, sync: Bool = true,
                             prefix: String? = nil, suffix: String = "") throws(FileErrno) {
        let file = try FileReplacement(replacing: path, mode: mode, prefix: prefix, suffix: suffix)
        do throws(FileErrno) {
            try file.write(data)
            try file.commit(sync: sync)
        } catch {
            file.discard()
            throw error
        }
    }
}
