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

    /// How long a terminal has to answer the keyboard protocol query. Every terminal answers the
    /// attributes query that follows it at once, so this is waited only on one that does not.
    static let protocolWait: Int32 = 800

    enum Outcome { case quit, endOfInput, modeChanged }

    /// Reads keys until the reader quits, the input ends, or `régler clavier lignes` is typed.
    func run() -> Outcome {
        TerminalMode.enterRaw()
        defer { TerminalMode.leaveRaw() }
        var pending: [UInt8] = []
        switch session.inspect({ $0.keyReleases }) {
        case nil:
            let (answered, rest) = askKeyboardProtocol()
            pending = rest
            if answered { TerminalMode.pushKeyReleases() }
            session.send(.keyboardProtocol(answered: answered))
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
            if session.inspect({ $0.keyReleases }) == true { TerminalMode.pushKeyReleases() }
        }
        let text = session.reader.strings(kind == .search ? .terminalPromptSearch : .terminalPromptCommand)
        guard let prompt, let typed = prompt.read(prompt: text + " ") else { return }
        switch kind {
        case .search:
            session.send(.command(.find(typed.trimmingCharacters(in: .whitespaces).isEmpty ? nil : typed)))
        case .commandLine:
            session.handle(line: typed)
        }
    }

    /// Asks the terminal whether it speaks the kitty keyboard protocol (`CSI ? u`), followed by
    /// the device attributes query every terminal answers (`CSI c`): the protocol's answer
    /// `CSI ? flags u` coming first means yes, the attributes alone (or nothing in time) no.
    /// Keys typed meanwhile are kept for the reader.
    private func askKeyboardProtocol() -> (answered: Bool, rest: [UInt8]) {
        TerminalMode.writeToTerminal("\u{1B}[?u\u{1B}[c")
        var buffer: [UInt8] = []
        let deadline = ReaderSession.nowMs() + Double(Self.protocolWait)
        while true {
            if Self.answer(in: buffer, final: UInt8(ascii: "c")) != nil {
                return (Self.answer(in: buffer, final: UInt8(ascii: "u")) != nil, Self.removingAnswers(buffer))
            }
            let left = Int32(max(0, deadline - ReaderSession.nowMs()))
            guard left > 0, let bytes = readBytes(waitingMs: left), !bytes.isEmpty else {
                return (Self.answer(in: buffer, final: UInt8(ascii: "u")) != nil, Self.removingAnswers(buffer))
            }
            buffer += bytes
        }
    }

    /// Where `CSI ? … final` is in the bytes.
    static func answer(in bytes: [UInt8], final: UInt8) -> Range<Int>? {
        var index = 0
        while index + 2 < bytes.count {
            if bytes[index] == 0x1B, bytes[index + 1] == UInt8(ascii: "["), bytes[index + 2] == UInt8(ascii: "?") {
                var end = index + 3
                while end < bytes.count, (0x30...0x3F).contains(bytes[end]) { end += 1 }
                if end < bytes.count, bytes[end] == final { return index..<(end + 1) }
            }
            index += 1
        }
        return nil
    }

    /// The bytes without the terminal's answers (what is left was typed).
    static func removingAnswers(_ bytes: [UInt8]) -> [UInt8] {
        var rest = bytes
        for final in [UInt8(ascii: "u"), UInt8(ascii: "c")] {
            if let range = answer(in: rest, final: final) { rest.removeSubrange(range) }
        }
        return rest
    }

    /// The bytes available after waiting up to `waitingMs` (-1: until a key); empty when the
    /// wait ended with none; nil at the end of input.
    private func readBytes(waitingMs: Int32) -> [UInt8]? {
        var poller = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        while true {
            let ready = poll(&poller, 1, waitingMs)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { return ready == 0 ? [] : nil }
            var buffer = [UInt8](repeating: 0, count: 64)
            let got = Foundation.read(STDIN_FILENO, &buffer, buffer.count)
            if got < 0 && errno == EINTR { continue }
            return got > 0 ? Array(buffer.prefix(got)) : nil
        }
    }
}
