// SPDX-License-Identifier: GPL-3.0-or-later
/// A key pressed on a terminal in single-key mode, as decoded from the bytes it sends.
public enum Key: Hashable, Sendable {
    case up, down, left, right
    /// Ctrl+← and Ctrl+→ (`ESC [ 1 ; 5 D/C`).
    case wordLeft, wordRight
    case home, end, enter, escape, backspace, tab
    case character(Character)
    /// Ctrl and a letter, lowercase (`"c"` for Ctrl-C).
    case control(Character)
    /// A key let go (only the kitty keyboard protocol reports it): the straight key's release.
    case released(Character)

    public var isRelease: Bool { if case .released = self { true } else { false } }
}

/// Turns the bytes a terminal sends into keys. Pure: the caller says when no more bytes came in
/// time (`final`), which is how a lone Escape is told from the start of an arrow's sequence.
public enum KeyDecoder {
    public enum Result: Hashable, Sendable {
        case key(Key, length: Int)
        /// The bytes start a sequence that is not complete yet.
        case incomplete
        /// A sequence this reader does not use (F-keys, mouse): skipped whole.
        case ignored(length: Int)
        /// The terminal's answer to the kitty keyboard protocol query (`CSI ? flags u`): it
        /// reports key releases once asked to.
        case keyboardProtocol(length: Int)
        /// The terminal's answer to the device attributes query (`CSI ? … c`), which every
        /// terminal gives: coming without the protocol's answer before it, it means no.
        case deviceAttributes(length: Int)
        /// A control sequence past `longestSequence` bytes without its final byte: these bytes
        /// are dropped, and the rest of it byte by byte (`overlongRest`), never decoded again
        /// from its start (`ESC [` and 200 000 digits took 19.7 s of CPU that way).
        case overlong(length: Int)
        /// The terminal's focus report (`CSI ? 1004 h` asked for it): `ESC [ I` in, `ESC [ O` out.
        case focus(Bool, length: Int)
        /// A bracketed paste's start (`ESC [ 200 ~`, true) or end (`ESC [ 201 ~`), once
        /// `CSI ? 2004 h` asked for them: what comes between is typed text, never a focus report.
        case paste(Bool, length: Int)
    }

    /// The longest control sequence decoded; the longest a terminal sends for a key (kitty's
    /// `CSI code:shifted:base ; modifiers:event ; text u`) is a few dozen bytes.
    public static let longestSequence = 128

    /// Within an overlong sequence: whether this byte belongs to it (dropped) and whether it
    /// ends it (its final byte, or a byte no sequence holds, which is then decoded as a key).
    public static func overlongRest(_ byte: UInt8) -> (dropped: Bool, ended: Bool) {
        switch byte {
        case 0x20...0x3F: (true, false)
        case 0x40...0x7E: (true, true)
        default: (false, true)
        }
    }

    public static func decode(_ bytes: ArraySlice<UInt8>, final: Bool) -> Result {
        guard let first = bytes.first else { return .incomplete }
        switch first {
        case 0x1B: return escape(bytes, final: final)
        case 0x0D, 0x0A: return .key(.enter, length: 1)
        case 0x7F, 0x08: return .key(.backspace, length: 1)
        case 0x09: return .key(.tab, length: 1)
        case 0x01...0x1A: return .key(.control(Character(UnicodeScalar(first + 0x60))), length: 1)
        case 0x00...0x1F: return .ignored(length: 1)
        default: return character(bytes, final: final)
        }
    }

    private static func escape(_ bytes: ArraySlice<UInt8>, final: Bool) -> Result {
        let rest = bytes.dropFirst()
        guard let introducer = rest.first else { return final ? .key(.escape, length: 1) : .incomplete }
        guard introducer == UInt8(ascii: "[") || introducer == UInt8(ascii: "O") else {
            // Alt+key or Escape typed just before a key: Escape, the next key on its own.
            return .key(.escape, length: 1)
        }
        // A control sequence: parameters (0x30–0x3F), intermediates (0x20–0x2F), a final byte (0x40–0x7E).
        var length = 2
        var parameters = ""
        for byte in rest.dropFirst() {
            length += 1
            if length > longestSequence { return .overlong(length: length - 1) }
            switch byte {
            case 0x30...0x3F: parameters.append(Character(UnicodeScalar(byte)))
            case 0x20...0x2F: continue
            case 0x40...0x7E:
                if introducer == UInt8(ascii: "["), parameters.hasPrefix("?") {
                    switch byte {
                    case UInt8(ascii: "u"): return .keyboardProtocol(length: length)
                    case UInt8(ascii: "c"): return .deviceAttributes(length: length)
                    default: return .ignored(length: length)
                    }
                }
                if introducer == UInt8(ascii: "["), parameters.isEmpty, byte == UInt8(ascii: "I") || byte == UInt8(ascii: "O") {
                    return .focus(byte == UInt8(ascii: "I"), length: length)
                }
                if introducer == UInt8(ascii: "["), byte == UInt8(ascii: "~"), parameters == "200" || parameters == "201" {
                    return .paste(parameters == "200", length: length)
                }
                if byte == UInt8(ascii: "u"), introducer == UInt8(ascii: "[") {
                    return kitty(parameters).map { .key($0, length: length) } ?? .ignored(length: length)
                }
                // With the kitty protocol's event types an arrow says `1;1:2` (repeat) or `1;1:3`
                // (release): a repeat moves again, a release does nothing.
                var plain = parameters
                if let colon = plain.lastIndex(of: ":") {
                    if plain[plain.index(after: colon)...] == "3" { return .ignored(length: length) }
                    plain = String(plain[..<colon])
                    if plain == "1;1" { plain = "" }
                }
                return sequence(plain, final: Character(UnicodeScalar(byte))).map { .key($0, length: length) }
                    ?? .ignored(length: length)
            default:
                return .ignored(length: length)
            }
        }
        return final ? .ignored(length: length) : .incomplete
    }

    private static func sequence(_ parameters: String, final: Character) -> Key? {
        switch (parameters, final) {
        case ("", "A"): .up
        case ("", "B"): .down
        case ("", "C"): .right
        case ("", "D"): .left
        case ("1;5", "C"), ("5", "C"): .wordRight
        case ("1;5", "D"), ("5", "D"): .wordLeft
        case ("", "H"), ("1", "~"), ("7", "~"): .home
        case ("", "F"), ("4", "~"), ("8", "~"): .end
        case ("3", "~"): .backspace
        default: nil
        }
    }

    /// The kitty keyboard protocol's `CSI code ; modifiers : event u` (event 1 press, 2 repeat,
    /// 3 release): a press is the key it always was, a release is `.released`, a repeat of the
    /// space bar nothing (the straight key held is one mark).
    static func kitty(_ parameters: String) -> Key? {
        let fields = parameters.split(separator: ";", omittingEmptySubsequences: false)
        guard let codeField = fields.first?.split(separator: ":").first, let code = UInt32(codeField),
              let scalar = UnicodeScalar(code) else { return nil }
        let modifierParts = fields.count > 1 ? fields[1].split(separator: ":") : []
        let modifiers = modifierParts.first.flatMap { Int($0) }.map { $0 - 1 } ?? 0
        let event = modifierParts.count > 1 ? Int(modifierParts[1]) ?? 1 : 1
        let character = Character(scalar)
        switch event {
        case 3: return .released(character)
        // A held space bar is one mark; another key held repeats as it always did.
        case 2 where code == 32: return nil
        default: break
        }
        switch code {
        case 13: return .enter
        case 27: return .escape
        case 9: return .tab
        case 127, 8: return .backspace
        default: break
        }
        // Ctrl (bit 2) with a letter is the control key it is in the legacy encoding.
        if modifiers & 4 != 0, character.isLetter, character.isASCII { return .control(Character(character.lowercased())) }
        return .character(character)
    }

    /// One UTF-8 character; a byte that cannot start one is skipped.
    private static func character(_ bytes: ArraySlice<UInt8>, final: Bool) -> Result {
        let first = bytes.first!
        let length = first < 0x80 ? 1 : first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : first >= 0xC2 ? 2 : 0
        guard length > 0 else { return .ignored(length: 1) }
        guard bytes.count >= length else { return final ? .ignored(length: bytes.count) : .incomplete }
        guard let text = String(validating: Array(bytes.prefix(length)), as: UTF8.self), let character = text.first else {
            return .ignored(length: 1)
        }
        return .key(.character(character), length: length)
    }
}
