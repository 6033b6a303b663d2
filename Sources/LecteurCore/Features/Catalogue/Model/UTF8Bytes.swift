// SPDX-License-Identifier: GPL-3.0-or-later
/// Checks on a catalogue string's UTF-8 bytes as they lie in the input, so that the decoder
/// builds each kept field's `String` once, and only for the fields it keeps.
enum UTF8Bytes {
    /// Well-formed UTF-8 as `String(validating:as:)` judges it (Unicode table 3-7): no overlong
    /// form, no surrogate, nothing past U+10FFFF, no stray or missing continuation byte.
    static func isWellFormed(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let n = bytes.count
        var i = 0
        while i < n {
            let b0 = bytes[i]
            if b0 < 0x80 { i += 1; continue }
            switch b0 {
            case 0xC2...0xDF:
                guard i + 1 < n, isContinuation(bytes[i + 1]) else { return false }
                i += 2
            case 0xE0...0xEF:
                guard i + 2 < n else { return false }
                let b1 = bytes[i + 1]
                let low: UInt8 = b0 == 0xE0 ? 0xA0 : 0x80 // E0 80…9F would be overlong
                let high: UInt8 = b0 == 0xED ? 0x9F : 0xBF // ED A0…BF would be a surrogate
                guard b1 >= low, b1 <= high, isContinuation(bytes[i + 2]) else { return false }
                i += 3
            case 0xF0...0xF4:
                guard i + 3 < n else { return false }
                let b1 = bytes[i + 1]
                let low: UInt8 = b0 == 0xF0 ? 0x90 : 0x80 // F0 80…8F would be overlong
                let high: UInt8 = b0 == 0xF4 ? 0x8F : 0xBF // F4 90… is past U+10FFFF
                guard b1 >= low, b1 <= high, isContinuation(bytes[i + 2]), isContinuation(bytes[i + 3]) else { return false }
                i += 4
            default:
                return false
            }
        }
        return true
    }

    /// The bytes without the ASCII spaces at either end, which `TextSanitizer.clean` drops too:
    /// a description ending in a space (as many writers leave it) still takes the fast path.
    static func withoutEndSpaces(_ bytes: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        var start = 0
        var end = bytes.count
        while start < end, bytes[start] == 0x20 { start += 1 }
        while end > start, bytes[end - 1] == 0x20 { end -= 1 }
        return UnsafeRawBufferPointer(rebasing: bytes[start..<end])
    }

    @inline(__always)
    private static func isContinuation(_ b: UInt8) -> Bool { b & 0xC0 == 0x80 }

    /// True when `TextSanitizer.cleanField` would give these (well-formed) bytes back unchanged,
    /// uncut and without a warning: no control or invisible character, no markup or entity
    /// (`<` and `&` are left to the sanitizer whatever follows them), no space at either end nor
    /// two in a row, and at most `TextSanitizer.fieldLimit` bytes. Anything doubtful answers false
    /// and goes through the sanitizer, so this only ever saves work.
    static func isAlreadyClean(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let n = bytes.count
        guard n <= TextSanitizer.fieldLimit else { return false }
        guard n > 0 else { return true }
        guard bytes[0] != 0x20, bytes[n - 1] != 0x20 else { return false }
        var i = 0
        var afterSpace = false
        while i < n {
            let b0 = bytes[i]
            if b0 < 0x80 {
                if b0 == 0x20 {
                    if afterSpace { return false }
                    afterSpace = true
                } else {
                    // Below 0x21: controls (tab and line breaks included); 0x7F: DEL.
                    guard b0 > 0x20, b0 != 0x7F, b0 != 0x3C, b0 != 0x26 else { return false }
                    afterSpace = false
                }
                i += 1
                continue
            }
            afterSpace = false
            let scalar: UInt32
            if b0 < 0xE0 {
                scalar = UInt32(b0 & 0x1F) << 6 | UInt32(bytes[i + 1] & 0x3F)
                i += 2
            } else if b0 < 0xF0 {
                scalar = UInt32(b0 & 0x0F) << 12 | UInt32(bytes[i + 1] & 0x3F) << 6 | UInt32(bytes[i + 2] & 0x3F)
                i += 3
            } else {
                scalar = UInt32(b0 & 0x07) << 18 | UInt32(bytes[i + 1] & 0x3F) << 12
                    | UInt32(bytes[i + 2] & 0x3F) << 6 | UInt32(bytes[i + 3] & 0x3F)
                i += 4
            }
            guard keepsAsIs(scalar) else { return false }
        }
        return true
    }

    /// A scalar above U+007F that `TextSanitizer.clean` copies as it is. Every scalar it drops,
    /// turns into a space or treats specially is refused here (the test
    /// `everyScalarTheFastPathKeepsTheSanitizerKeepsToo` walks all of Unicode to hold this).
    @inline(__always)
    static func keepsAsIs(_ v: UInt32) -> Bool {
        if v < 0x2000 {
            // C1 controls (NEL and the 8-bit CSI/OSC/DCS… included), soft hyphen, combining
            // grapheme joiner, Arabic letter mark, Hangul fillers, Mongolian vowel separator.
            return v >= 0xA0 && v != 0xAD && v != 0x34F && v != 0x61C && v != 0x115F && v != 0x1160 && v != 0x180E
        }
        switch v {
        case 0x200B...0x200F, 0x2028...0x202E, 0x2060...0x206F: return false // zero-width, line/paragraph separators, bidi
        case 0x3164, 0xFEFF, 0xFFA0, 0xFFF9...0xFFFB: return false
        case 0xFDD0...0xFDEF: return false // noncharacters
        case 0xE0000...0xE007F: return false // tag characters
        default: return v & 0xFFFE != 0xFFFE // U+FFFE, U+FFFF and the last two of every plane
        }
    }
}
