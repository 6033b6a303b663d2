// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore

/// The terminal's size, told to the reader as a typed event at start and whenever it changed
/// (looked at as each line arrives, the moment a reading may start or go on): the reader
/// decides how much one screen holds. libedit keeps SIGWINCH for its own redraw, so the size
/// is read, not signalled.
final class TerminalSizeReport {
    private var last: (rows: Int, columns: Int)?

    /// Rows and columns of standard output's terminal (else standard input's); nil when
    /// neither is one.
    static func current() -> (rows: Int, columns: Int)? {
        var size = winsize()
        for fd in [STDOUT_FILENO, STDIN_FILENO] where ioctl(fd, UInt(TIOCGWINSZ), &size) == 0 {
            return (Int(size.ws_row), Int(size.ws_col))
        }
        return nil
    }

    /// Tells the session the size if it is not the one last told.
    func check(_ session: any TerminalSession) {
        guard let size = Self.current() else { return }
        if let last, last == size { return }
        last = size
        session.post(.screenReader(.terminalSize(rows: size.rows, columns: size.columns)))
    }
}
