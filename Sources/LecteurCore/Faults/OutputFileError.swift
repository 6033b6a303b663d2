// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Why a file the user named for output (`--output`, `--audio-out`) could not be written.
public enum OutputFileError: Error, Hashable, Sendable {
    case isDirectory(path: String)
    case denied(path: String)
    case noFolder(path: String)
    case readOnlyFileSystem(path: String)
    case noSpace(path: String)
    /// EFBIG: `ulimit -f` stopped the write; the disk may have room to spare, so saying it is
    /// full would send the user to free space for nothing.
    case fileSizeLimit(path: String)
    /// EPIPE: the program reading standard output stopped (`| head -c1`); it has what it wanted,
    /// so the command ends without a word, as the tools users know do.
    case readerGone(path: String)
    case failed(path: String, errno: Int32)

    public init(path: String, errno code: Int32) {
        switch code {
        case EISDIR: self = .isDirectory(path: path)
        case EACCES, EPERM: self = .denied(path: path)
        case ENOENT, ENOTDIR: self = .noFolder(path: path)
        case EROFS: self = .readOnlyFileSystem(path: path)
        case ENOSPC, EDQUOT: self = .noSpace(path: path)
        case EFBIG: self = .fileSizeLimit(path: path)
        case EPIPE: self = .readerGone(path: path)
        default: self = .failed(path: path, errno: code)
        }
    }

    public var path: String {
        switch self {
        case .isDirectory(let p), .denied(let p), .noFolder(let p), .readOnlyFileSystem(let p), .noSpace(let p),
             .fileSizeLimit(let p), .readerGone(let p), .failed(let p, _): p
        }
    }

    /// The French (or English) sentence; the path is cleaned like any text from outside.
    public func message(_ strings: Strings) -> String {
        let path = URLRedaction.forDisplay(self.path)
        switch self {
        case .isDirectory: return strings(.faultOutputIsDirectory, ["path": path])
        case .denied: return strings(.faultOutputDenied, ["path": path])
        case .noFolder: return strings(.faultOutputNoFolder, ["path": path])
        case .readOnlyFileSystem: return strings(.faultOutputReadOnly, ["path": path])
        case .noSpace: return strings(.faultOutputNoSpace, ["path": path])
        case .fileSizeLimit: return strings(.faultOutputFileSizeLimit, ["path": path])
        case .readerGone: return strings(.faultOutputReaderGone, ["path": path])
        // The cause in words, never its number (« errno 32 » meant nothing to anyone).
        case .failed(_, let code):
            return strings(.faultOutputFailed, ["path": path, "reason": SystemErrorText.summary(errno: code, strings)])
        }
    }
}
