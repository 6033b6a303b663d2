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
