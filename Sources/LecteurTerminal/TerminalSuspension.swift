// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Suspending the reader on a terminal (SIGTSTP) gives the terminal back first and takes it
/// again on return (`TerminalMode.suspend`). Nothing handled it: the shell inherited the kitty
/// flags (key-release reports) and after `fg` the reader found a cooked terminal with echo.
final class TerminalSuspension {
    private let queue = DispatchQueue(label: "lecteur.suspension")
    private var source: DispatchSourceSignal?

    /// Handles SIGTSTP while the reader runs on a terminal; its default action is back on `end`.
    func begin() {
        signal(SIGTSTP, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGTSTP, queue: queue)
        source.setEventHandler { TerminalMode.suspend() }
        source.resume()
        self.source = source
    }

    func end() {
        source?.cancel()
        source = nil
        signal(SIGTSTP, SIG_DFL)
    }
}
