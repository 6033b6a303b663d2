// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import LecteurCore

/// A file the user named for output. What the path names decides how it is written:
/// - a regular file, or nothing yet: `.replace` writes a temporary file in the same folder and
///   renames it over the path at `finish()` (an interrupted run leaves the old file whole);
///   `.inPlace` truncates and writes the file itself (a recording cut by a crash still decodes);
/// - anything else (a FIFO, a symlink, a device such as /dev/null, a terminal): written through,
///   never replaced, since a rename would put a regular file where the user's object was;
/// - a folder: refused, with a message that names it.
public final class OutputFile {
    public enum Policy: Sendable { case replace, inPlace }

    public let path: String
    /// The open descriptor, for a writer that needs its own stream on it (`fdopen(dup(…))`);
    /// -1 once finished or discarded.
    public var fileDescriptor: Int32 { descriptor }
    /// Whether `seek` works: false for a pipe or a terminal, where a header cannot be patched.
    public let isSeekable: Bool
    private var descriptor: Int32
    /// The temporary file renamed over the path at `finish()` (`.replace` of a regular file).
    private let replacement: FileReplacement?

    /// The path that names standard output, as GNU tools take it (`--output -`).
    public static let standardOutputPath = "-"

    public init(path: String, policy: Policy = .replace) throws(OutputFileError) {
        self.path = path
        if path == Self.standardOutputPath {
            // Standard output, written through (a pipe to sox, a terminal, a file the shell
            // opened), on a descriptor of its own so that finishing closes only that.
            let fd = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 0)
            if fd < 0 { throw OutputFileError(path: path, errno: errno) }
            descriptor = fd
            replacement = nil
            isSeekable = lseek(fd, 0, SEEK_CUR) >= 0
            return
        }
        var info = stat()
        let exists = lstat(path, &info) == 0
        let type = info.st_mode & S_IFMT
        if exists && type == S_IFDIR { throw .isDirectory(path: path) }
        var replacement: FileReplacement?
        var fd: Int32 = -1
        if (!exists || type == S_IFREG) && policy == .replace {
            // The file gets the mode an ordinary create would (or the old file's).
            do throws(FileErrno) {
                let file = try FileReplacement(replacing: path,
                                               mode: exists ? info.st_mode & 0o7777 : FileReplacement.creationMode(0o666))
                replacement = file
                fd = file.fileDescriptor
            } catch {
                // A folder we cannot create in: only an existing file we may write is worth trying.
                if !exists || error.code != EACCES { throw OutputFileError(path: path, errno: error.code) }
            }
        }
        if fd < 0 {
            // Written through: O_TRUNC empties a regular file (or a symlink's target) and is
            // ignored by FIFOs and devices. No O_CREAT|O_EXCL games: the user named this object.
            fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
            if fd < 0 { throw OutputFileError(path: path, errno: errno) }
            var opened = stat()
            if fstat(fd, &opened) == 0, opened.st_mode & S_IFMT == S_IFDIR {
                Glibc.close(fd)
                throw .isDirectory(path: path)
            }
        }
        descriptor = fd
        self.replacement = replacement
        isSeekable = lseek(fd, 0, SEEK_CUR) >= 0
    }

    deinit {
        if descriptor >= 0 { discard() }
    }

    /// Writes all of `bytes`, retrying short writes and EINTR.
    public func write(_ bytes: UnsafeRawBufferPointer) throws(OutputFileError) {
        guard descriptor >= 0 else { throw .failed(path: path, errno: EBADF) }
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw OutputFileError(path: path, errno: errno)
            }
            offset += written
        }
    }

    public func write(_ data: Data) throws(OutputFileError) {
        var failure: OutputFileError?
        data.withUnsafeBytes { bytes in
            do throws(OutputFileError) { try write(bytes) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// Overwrites bytes at `offset` (a header whose sizes are known at the end); false when the
    /// output cannot seek.
    @discardableResult
    public func overwrite(_ data: Data, at offset: Int) throws(OutputFileError) -> Bool {
        guard isSeekable, descriptor >= 0 else { return false }
        let end = lseek(descriptor, 0, SEEK_CUR)
        guard lseek(descriptor, off_t(offset), SEEK_SET) >= 0 else { return false }
        try write(data)
        lseek(descriptor, end, SEEK_SET)
        return true
    }

    /// Closes the file; a temporary one replaces the path now (not synced: an output is made
    /// again by running the command again, and a recording's length would pay for it).
    public func finish() throws(OutputFileError) {
        guard descriptor >= 0 else { return }
        let fd = descriptor
        descriptor = -1
        if let replacement {
            do throws(FileErrno) { try replacement.commit(sync: false) } catch {
                throw OutputFileError(path: path, errno: error.code)
            }
            return
        }
        if Glibc.close(fd) != 0, errno != EINTR {
            throw OutputFileError(path: path, errno: errno)
        }
    }

    /// Closes without replacing anything (an error happened): a temporary file is removed.
    public func discard() {
        guard descriptor >= 0 else { return }
        let fd = descriptor
        descriptor = -1
        if let replacement { replacement.discard() } else { Glibc.close(fd) }
    }
}
