// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import LecteurCore

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
        return try readAll(fd, limit: limit, expected: Int(info.st_size))
    }

    /// Standard input to its end (`lecteur say` without a text, or `-`), as `espeak-ng --stdin`
    /// and `cw` read it: a pipe or a terminal may be read, never more than the limit.
    public static func readStandardInput(limit: Int) throws(InputFileError) -> Data {
        try readAll(STDIN_FILENO, limit: limit, expected: 0)
    }

    private static func readAll(_ fd: Int32, limit: Int, expected: Int) throws(InputFileError) -> Data {
        var data = Data(count: expected + 1)
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
