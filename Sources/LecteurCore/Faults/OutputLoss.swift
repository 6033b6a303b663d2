// SPDX-License-Identifier: GPL-3.0-or-later
#if canImport(Glibc)
import Glibc
#endif

/// Why standard output stopped taking what the reader writes (issue 38, items 1, 2 and 10);
/// worded in `Messages/OutputLossMessages.swift`, said on standard error (the only channel left).
public enum OutputLoss: Hashable, Sendable {
    /// EPIPE: whoever read it is gone (`| head -c 100`). The session ends.
    case readerGone
    /// EBADF: there was no standard output (`>&-`).
    case closed
    /// ENOSPC, EDQUOT, EFBIG: a full disk, `/dev/full`, a file-size limit.
    case full
    case failed(errno: Int32)

    public init(errno code: Int32) {
        switch code {
        case EPIPE: self = .readerGone
        case EBADF: self = .closed
        case ENOSPC, EDQUOT, EFBIG: self = .full
        default: self = .failed(errno: code)
        }
    }

    /// Whether the session ends: nobody reads what it writes any more. A closed or full output
    /// loses only the transcript; speech and braille go on.
    public var endsSession: Bool { self == .readerGone }

    /// The exit status of a session whose output was lost: EX_IOERR.
    public static let exitStatus: Int32 = 74
}
