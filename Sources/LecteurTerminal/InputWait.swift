// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Waiting for the user's input while the reader may quit on its own (« quitter » typed on the
/// braille display): the input loops wait on their descriptor and on `TerminalSession.quitSignal`.
enum InputWait {
    /// True when `fd` has input (or its end), false when `wake` became readable first.
    static func forInput(_ fd: Int32, wake: Int32) -> Bool {
        var fds = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0), pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
        while true {
            let ready = poll(&fds, 2, -1)
            if ready < 0 && errno == EINTR { continue }
            // A poll that fails reads as before: the read itself reports the problem.
            guard ready > 0 else { return true }
            if fds[1].revents != 0 { return false }
            return true
        }
    }
}
