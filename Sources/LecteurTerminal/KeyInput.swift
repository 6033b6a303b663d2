// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurThreads
import LecteurCore

/// Single-key mode on a terminal: the terminal in raw mode, each key decoded (`KeyDecoder`) and
/// handed to the reader, which decides what it does (`KeyTable`). `/` and `:` read a line with
/// the same editing as the command line.
struct KeyInput {
    let session: any TerminalSession
    let prompt: LinePrompt?
    /// The terminal's bytes, the line editor's too: what follows `:` in one read is its line.
    let input: TerminalInput

    /// How long the bytes of one key may be apart: a lone Escape is told from an arrow's
    /// `ESC [ B` by the silence after it.
    static let sequenceWait: Int32 = 50

    enum Outcome { case quit, endOfInput, modeChanged }

    /// Reads keys until the reader quits, the input ends, or `régler clavier lignes` is typed.
    func run() -> Outcome {
        TerminalMode.enterRaw()
        defer { TerminalMode.leaveRaw() }
        switch session.runtimeFacts.keyReleases {
        case nil:
            // Does the terminal speak the kitty keyboard protocol? The device attributes query
            // after it is answered by every terminal: its answer alone means no. Nothing waits
            // for them: the answers come in with the keys.
            TerminalMode.writeToTerminal("\u{1B}[?u\u{1B}[c")
        case true?:
            TerminalMode.pushKeyReleases()
        case false?:
            break
        }
        var readAtMs = MonotonicClock.nowMs()
        // Inside an escape sequence longer than `KeyDecoder.longestSequence`: its bytes are
        // dropped as they come, up to its final byte, never decoded again from its start.
        var skipping = false
        var final = false
        // Within a bracketed paste (`ESC [ 200 ~` … `ESC [ 201 ~`).
        var pasting = false
        while true {
            while !input.isEmpty {
                if skipping, let byte = input.peek() {
                    let rest = KeyDecoder.overlongRest(byte)
                    if rest.dropped { input.drop(1) }
                    skipping = !rest.ended
                    continue
                }
                switch KeyDecoder.decode(input.unread, final: final) {
                case .incomplete:
                    break
                case .ignored(let length):
                    input.drop(length)
                    continue
                case .overlong(let length):
                    input.drop(length)
                    skipping = true
                    continue
                case .keyboardProtocol(let length):
                    input.drop(length)
                    if session.runtimeFacts.keyReleases == nil {
                        TerminalMode.pushKeyReleases()
                        session.send(.keyboardProtocol(answered: true))
                    }
                    continue
                case .deviceAttributes(let length):
                    input.drop(length)
                    if session.runtimeFacts.keyReleases == nil { session.send(.keyboardProtocol(answered: false)) }
                    continue
                case .focus(let focused, let length):
                    input.drop(length)
                    // Inside a paste `ESC [ O` is pasted text, not the terminal (issue 50, item 6).
                    if !pasting { session.post(.screenReader(.terminalFocus(focused: focused))) }
                    continue
                case .paste(let starts, let length):
                    input.drop(length)
                    pasting = starts
                    continue
                case .key(let key, let length):
                    input.drop(length)
                    if let kind = session.press(key, atMs: readAtMs) { line(kind) }
                    if session.hasQuit { return .quit }
                    if session.runtimeFacts.inputMode != .keys { return .modeChanged }
                    continue
                }
                break
            }
            // A sequence cut short waits `sequenceWait` for its rest (a lone Escape is told
            // from an arrow's first byte by the silence after it).
            switch input.fill(timeoutMs: input.isEmpty ? -1 : Self.sequenceWait) {
            case .bytes:
                // Stamped where the bytes are read: a mark's length is the time between two reads.
                readAtMs = MonotonicClock.nowMs()
                final = false
            case .timeout: final = true
            case .output: final = false
            case .end, .quit: return .endOfInput
            }
        }
    }

    /// `/` or `:`: a line read with editing (the terminal back in its own mode meanwhile).
    private func line(_ kind: PromptKind) {
        TerminalMode.leaveRaw()
        defer {
            TerminalMode.enterRaw()
            if session.runtimeFacts.keyReleases == true { TerminalMode.pushKeyReleases() }
        }
        let text = kind.text(session.strings)
        guard let prompt else { return }
        let typed: String
        switch prompt.read(prompt: text + " ", cancellable: true) {
        case .line(let line): typed = line
        case .cancelled:
            session.send(.promptCancelled(kind))
            return
        case .end: return
        }
        switch kind {
        case .search:
            session.send(.command(.find(typed.trimmingCharacters(in: .whitespaces).isEmpty ? nil : typed)))
        case .commandLine:
            session.handle(line: typed, arrivedAtMs: nil)
        }
    }
}
