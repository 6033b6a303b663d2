// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The terminal's bytes, read in chunks and kept until used, shared by single-key mode and the
/// line editor: what was typed ahead or pasted in one read (`:` and the command after it) is
/// never lost when one hands over to the other, and a paste costs one read(2) per chunk, not
/// one per byte.
final class TerminalInput {
    /// What one read(2) takes from the terminal.
    static let chunkBytes = 4096

    private var bytes: [UInt8] = []
    /// Where the unread bytes start in `bytes` (taken without moving the rest).
    private var start = 0
    /// Becomes readable once the reader has quit (« quitter » on the braille display).
    private let quit: Int32
    /// Becomes readable when something waits to be printed above the line being edited.
    private let output: Int32?

    init(quit: Int32, output: Int32? = PromptOutput.signal) {
        self.quit = quit
        self.output = output
    }

    enum Wait { case bytes, timeout, end, quit, output }

    var isEmpty: Bool { start >= bytes.count }
    var count: Int { bytes.count - start }

    func peek(_ offset: Int = 0) -> UInt8? {
        start + offset < bytes.count ? bytes[start + offset] : nil
    }

    /// The unread bytes (a view: nothing is copied).
    var unread: ArraySlice<UInt8> { bytes[start...] }

    func drop(_ count: Int) {
        start = min(start + count, bytes.count)
        if start == bytes.count { bytes.removeAll(keepingCapacity: true); start = 0 }
    }

    /// Waits up to `timeoutMs` (-1: as long as it takes) for more bytes and appends them.
    /// `watchOutput`: also end the wait when output waits to be printed (the line editor).
    func fill(timeoutMs: Int32, watchOutput: Bool = false) -> Wait {
        var pollers = [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: quit, events: Int16(POLLIN), revents: 0)]
        if watchOutput, let output { pollers.append(pollfd(fd: output, events: Int16(POLLIN), revents: 0)) }
        while true {
            let ready = poll(&pollers, nfds_t(pollers.count), timeoutMs)
            if ready < 0 && errno == EINTR { continue }
            if ready == 0 { return .timeout }
            // A poll that fails reads as before: the read itself reports the problem.
            if ready > 0 {
                if pollers[1].revents != 0 { return .quit }
                if pollers.count > 2, pollers[2].revents != 0, pollers[0].revents == 0 { return .output }
            }
            var chunk = [UInt8](repeating: 0, count: Self.chunkBytes)
            let got = Foundation.read(STDIN_FILENO, &chunk, chunk.count)
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { return .end }
            if start > 0 && start == bytes.count { bytes.removeAll(keepingCapacity: true); start = 0 }
            bytes.append(contentsOf: chunk[..<got])
            return .bytes
        }
    }

    /// One character for the line editor, decoded from UTF-8 as it arrives. Invalid bytes are
    /// one U+FFFD each and never take the character after them (`\xc3(` is « � » then « ( »:
    /// the old reader trusted the first byte's length and lost the parenthesis); C1 controls
    /// (U+0080–U+009F, among them the one-character CSI U+009B) are dropped, so no terminal
    /// control reaches libedit that way. nil when no whole character is there yet.
    /// `final`: no more bytes came in time, a sequence cut short is replaced now.
    func nextScalar(final: Bool) -> UnicodeScalar? {
        while let first = peek() {
            guard let (scalar, length) = Self.decode(self, first: first, final: final) else { return nil }
            drop(length)
            if (0x80...0x9F).contains(scalar.value) { continue }
            return scalar
        }
        return nil
    }

    /// nil: a valid beginning whose rest has not come yet.
    private static func decode(_ input: TerminalInput, first: UInt8, final: Bool) -> (UnicodeScalar, Int)? {
        let replacement: UnicodeScalar = "\u{FFFD}"
        let length: Int
        var low: UInt8 = 0x80, high: UInt8 = 0xBF
        switch first {
        case 0x00...0x7F: return (UnicodeScalar(first), 1)
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xED: length = 3; high = 0x9F
        case 0xE1...0xEF: length = 3
        case 0xF0: length = 4; low = 0x90
        case 0xF4: length = 4; high = 0x8F
        case 0xF1...0xF3: length = 4
        default: return (replacement, 1)
        }
        var value = UInt32(first) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for index in 1..<length {
            guard let byte = input.peek(index) else { return final ? (replacement, index) : nil }
            // Only the second byte has narrower bounds (overlong forms, surrogates, past U+10FFFF).
            let (lower, upper) = index == 1 ? (low, high) : (UInt8(0x80), UInt8(0xBF))
            // The maximal valid part is replaced; the byte that broke it is read again on its own.
            guard (lower...upper).contains(byte) else { return (replacement, index) }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        return (UnicodeScalar(value) ?? replacement, length)
    }
}
