// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

extension String {
    /// Writes the string (UTF-8) to `path` whole: into a sibling file, then renamed over `path`, so a
    /// reader polling the file never sees it half written. Not Foundation's `atomically: true`: on
    /// Linux that goes through an `/tmp/TemporaryDirectory.XXXXXX` folder it often leaves behind,
    /// empty (3 170 of them were in /tmp after the runs of issue 51); scripts/test.sh fails a run
    /// that leaves one.
    public func writeWhole(toFile path: String) throws {
        let partial = path + ".partial-\(UUID().uuidString.prefix(8))"
        try Data(utf8).write(to: URL(fileURLWithPath: partial))
        guard rename(partial, path) == 0 else {
            let code = errno
            unlink(partial)
            throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
        }
    }

    /// `writeWhole(toFile:)` for a file URL.
    public func writeWhole(to url: URL) throws {
        try writeWhole(toFile: url.path)
    }
}
