// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Why a file the user or the system named for input (`lecteur.toml`, the user lexicon,
/// `--strings`, `--baseline`) was not read. Typed, never worded here: `reason(_:)` gives the
/// French clause, the raw errno only goes to a transcript's `detail`.
public enum InputFileError: Error, Hashable, Sendable {
    public enum Kind: Hashable, Sendable { case directory, fifo, device, socket, other }

    case notFound
    /// Not a regular file: a FIFO or a device could be read forever, a folder not at all.
    case notRegular(Kind)
    /// Larger than the limit of this kind of file, in bytes.
    case tooLarge(size: Int64, limit: Int)
    case system(errno: Int32)

    /// The short French (or English) clause saying why, to put inside the caller's sentence.
    public func reason(_ strings: Strings) -> String {
        switch self {
        case .notFound: return strings(.inputFileNotFound)
        case .notRegular(.directory): return strings(.inputFileIsDirectory)
        case .notRegular(.fifo): return strings(.inputFileIsFifo)
        case .notRegular(.device): return strings(.inputFileIsDevice)
        case .notRegular: return strings(.inputFileNotRegular)
        case .tooLarge(let size, let limit):
            return strings(.inputFileTooLarge, ["size": Self.kibibytes(size), "limit": Self.kibibytes(Int64(limit))])
        case .system(let code): return SystemErrorText.summary(errno: code, strings)
        }
    }

    /// The raw words for a transcript's `detail`.
    public var detail: String {
        switch self {
        case .notFound: return String(cString: strerror(ENOENT))
        case .notRegular(let kind): return "not a regular file (\(kind))"
        case .tooLarge(let size, let limit): return "\(size) bytes > \(limit)"
        case .system(let code): return String(cString: strerror(code))
        }
    }

    static func kibibytes(_ bytes: Int64) -> String { String((bytes + 1023) / 1024) }
}

/// Reads a whole input file, refusing what is not a regular file and what is larger than the
/// limit, before reading a byte: a FIFO is opened without blocking and never read, a 13 MB file
/// is never loaded to be refused afterwards.
public enum InputFile {
    public static func read(_ path: String, limit: Int) throws(InputFileError) -> Data {
        var info = stat()
        if stat(path, &info) != 0 { throw errno == ENOENT ? .notFound : .system(errno: errno) }
        try check(info, limit: limit)
        // O_NONBLOCK: should the path become a FIFO between stat and open, open does not wait.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        if fd < 0 { throw errno == ENOENT ? .notFound : .system(errno: errno) }
        defer { close(fd) }
        guard fstat(fd, &info) == 0 else { throw .system(errno: errno) }
        try check(info, limit: limit)
        // The file may grow while it is read: never more than the limit and one byte.
        var data = Data(count: Int(info.st_size) + 1)
        var total = 0
        while total <= limit {
            if total == data.count { data.count = min(limit + 1, data.count * 2 + 4096) }
            let room = data.count - total
            let n = data.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + total, room) }
            if n < 0 {
                if errno == EINTR { continue }
                throw .system(errno: errno)
            }
            if n == 0 { break }
            total += n
        }
        if total > limit { throw .tooLarge(size: Int64(total), limit: limit) }
        data.count = total
        return data
    }

    private static func check(_ info: stat, limit: Int) throws(InputFileError) {
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw .notRegular(.directory)
        case S_IFIFO: throw .notRegular(.fifo)
        case S_IFCHR, S_IFBLK: throw .notRegular(.device)
        case S_IFSOCK: throw .notRegular(.socket)
        default: throw .notRegular(.other)
        }
        if info.st_size > limit { throw .tooLarge(size: Int64(info.st_size), limit: limit) }
    }
}
