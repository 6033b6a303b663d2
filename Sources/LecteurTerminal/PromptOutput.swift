// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Synchronization

/// What the reader prints while a line is being edited goes above it, as readline does: the
/// transcript's lines wait here, the editor is woken (`signal`), and on its own thread it clears
/// the prompt's row, prints them and redraws the prompt with the typed text once. Printed
/// straight from another thread, they were glued after the typed text (« lecteur> abcSilence. »)
/// and libedit's next redraw left the cursor on a row with no prompt.
public enum PromptOutput {
    private struct State {
        var editing = false
        var pending = ""
        /// The terminal came back from a suspension: the line is redrawn even with nothing to print.
        var redraw = false
        /// Actions being performed (`holding`): the editor is woken once they are done.
        var held = 0
    }

    private static let state = Mutex(State())
    private static let pipeEnds: (read: Int32, write: Int32) = {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return (-1, -1) }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC); _ = fcntl(fd, F_SETFL, O_NONBLOCK) }
        return (fds[0], fds[1])
    }()

    /// Readable while something waits to be printed above the edited line.
    static var signal: Int32? { pipeEnds.read >= 0 ? pipeEnds.read : nil }

    /// Standard output, or the waiting room while a line is edited.
    public static func write(_ text: String) {
        let wake = state.withLock { state -> Bool in
            guard state.editing else {
                // Never blocks on a pipe nobody reads (issue 38 item 1); on a terminal it writes
                // at once, as before.
                StandardOutput.shared.write(text)
                return false
            }
            state.pending += text
            return state.held == 0
        }
        if wake { poke() }
    }

    /// Runs `body` (one action's effects) with what it prints waiting until it is done, so the
    /// editor prints it all at once and redraws the prompt once: a notice arriving mid-line
    /// (the catalogue loaded, then its focus) left « lecteur> sui » drawn twice.
    public static func holding<T>(_ body: () throws -> T) rethrows -> T {
        state.withLock { $0.held += 1 }
        defer {
            let wake = state.withLock { state -> Bool in
                state.held -= 1
                return state.held == 0 && state.editing && !state.pending.isEmpty
            }
            if wake { poke() }
        }
        return try body()
    }

    /// The line editor starts (true) or stops (false) reading; what waits is printed when it stops.
    static func editing(_ on: Bool) {
        state.withLock { state in
            state.editing = on
            guard !on else { return }
            drain()
            if !state.pending.isEmpty {
                fputs(state.pending, StandardStream.output)
                fflush(StandardStream.output)
            }
            state.pending = ""
            state.redraw = false
        }
    }

    /// After a suspension: the editor redraws its line (the terminal's screen may have changed).
    static func requestRedraw() {
        let wake = state.withLock { state -> Bool in
            state.redraw = state.editing
            return state.editing
        }
        if wake { poke() }
    }

    /// On the editor's thread, inside a libedit function: clears the row the prompt is on and
    /// prints what waits. True when the editor must redraw the prompt and its line.
    static func flush() -> Bool {
        state.withLock { state in
            drain()
            let redraw = state.redraw || !state.pending.isEmpty
            if !state.pending.isEmpty {
                fputs("\r\u{1B}[K" + state.pending, StandardStream.output)
                fflush(StandardStream.output)
            }
            state.pending = ""
            state.redraw = false
            return redraw
        }
    }

    /// Whether something waits (the editor then hands libedit the key that prints it).
    static var hasWork: Bool { state.withLock { $0.redraw || !$0.pending.isEmpty } }

    private static func poke() {
        var byte: UInt8 = 1
        _ = Foundation.write(pipeEnds.write, &byte, 1)
    }

    private static func drain() {
        var sink = [UInt8](repeating: 0, count: 256)
        while Foundation.read(pipeEnds.read, &sink, sink.count) > 0 {}
    }
}
