// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore

/// Single-key mode on a terminal: the terminal in raw mode, each key decoded (`KeyDecoder`) and
/// handed to the reader, which decides what it does (`KeyTable`). `/` and `:` read a line with
/// the same editing as the command line.
struct KeyInput {
    let session: ReaderSession
    let prompt: LinePrompt?

    /// How long the bytes of one key may be apart: a lone Escape is told from an arrow's
    /// `ESC [ B` by the silence after it.
    static let sequenceWait: Int32 = 50

    enum Outcome { case quit, endOfInput, modeChanged }

    /// Reads keys until the reader quits, the input ends, or `régler clavier lignes` is typed.
    func run() -> Outcome {
        TerminalMode.enterRaw()
        defer { TerminalMode.leaveRaw() }
        var pending: [UInt8] = []
        switch session.inspect({ $0.devices.keyReleases }) {
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
        var readAtMs = ReaderSession.nowMs()
        while true {
            guard let bytes = readBytes(waitingMs: pending.isEmpty ? -1 : Self.sequenceWait) else {
                return .endOfInput
            }
            // Stamped where the bytes are read: a mark's length is the time between two reads.
            if !bytes.isEmpty { readAtMs = ReaderSession.nowMs() }
            pending += bytes
            while !pending.isEmpty {
                switch KeyDecoder.decode(pending[...], final: bytes.isEmpty) {
                case .incomplete:
                    break
                case .ignored(let length):
                    pending.removeFirst(length)
                    continue
                case .keyboardProtocol(let length):
                    pending.removeFirst(length)
                    if session.inspect({ $0.devices.keyReleases }) == nil {
                        TerminalMode.pushKeyReleases()
                        session.send(.keyboardProtocol(answered: true))
                    }
                    continue
                case .deviceAttributes(let length):
                    pending.removeFirst(length)
                    if session.inspect({ $0.devices.keyReleases }) == nil { session.send(.keyboardProtocol(answered: false)) }
                    continue
                case .focus(let focused, let length):
                    pending.removeFirst(length)
                    session.post(.screenReader(.terminalFocus(focused: focused)))
                    continue
                case .key(let key, let length):
                    pending.removeFirst(length)
                    if let kind = session.press(key, atMs: readAtMs) { line(kind) }
                    if session.hasQuit { return .quit }
                    if session.inspect({ $0.settings.inputMode }) != .keys { return .modeChanged }
                    continue
                }
                break
            }
        }
    }

    /// `/` or `:`: a line read with editing (the terminal back in its own mode meanwhile).
    private func line(_ kind: PromptKind) {
        TerminalMode.leaveRaw()
        defer {
            TerminalMode.enterRaw()
            if session.inspect({ $0.devices.keyReleases }) == true { TerminalMode.pushKeyReleases() }
        }
        let text = kind.text(session.reader.strings)
        guard let prompt, let typed = prompt.read(prompt: text + " ") else { return }
        switch kind {
        case .search:
            session.send(.command(.find(typed.trimmingCharacters(in: .whitespaces).isEmpty ? nil : typed)))
        case .commandLine:
            session.handle(line: typed)
        }
    }

    /// The bytes available after waiting up to `waitingMs` (-1: until a key); empty when the
    /// wait ended with none; nil at the end of input.
    private func readBytes(waitingMs: Int32) -> [UInt8]? {
        // The quit signal too: the reader may quit from the braille display meanwhile.
        var pollers = [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: session.quitSignal, events: Int16(POLLIN), revents: 0)]
        while true {
            let ready = poll(&pollers, 2, waitingMs)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { return ready == 0 ? [] : nil }
            if pollers[1].revents != 0 { return nil }
            var buffer = [UInt8](repeating: 0, count: 64)
            let got = Foundation.read(STDIN_FILENO, &buffer, buffer.count)
            if got < 0 && errno == EINTR { continue }
            return got > 0 ? Array(buffer.prefix(got)) : nil
        }
    }
}
