// SPDX-License-Identifier: GPL-3.0-or-later
/// A translated line: one byte of dots per cell (bit 0 = dot 1 … bit 7 = dot 8, the order of both
/// BrlAPI and Unicode braille) and, for each cell, where in the source text it came from.
public struct BrailleCells: Hashable, Sendable {
    public let dots: [UInt8]
    /// For each cell, the 0-based Character offset in the source text it renders (an indicator
    /// cell, such as a number or capital sign, maps to the character it announces).
    public let sourceCharacter: [Int]
    /// For each Character of the source text, the first cell that renders it (its count is the
    /// source's Character count; text beyond the translation maps to `dots.count`).
    public let cellForCharacter: [Int]

    public init(dots: [UInt8], sourceCharacter: [Int], cellForCharacter: [Int]) {
        self.dots = dots
        self.sourceCharacter = sourceCharacter
        self.cellForCharacter = cellForCharacter
    }

    public var count: Int { dots.count }

    /// The cells as Unicode braille (U+2800 + dots), what a braille viewer shows.
    public var unicode: String { Self.unicode(dots) }

    public static func unicode<C: Collection>(_ dots: C) -> String where C.Element == UInt8 {
        String(String.UnicodeScalarView(dots.map { Unicode.Scalar(0x2800 + UInt32($0))! }))
    }

    /// Dots from a Unicode braille string; nil if a character is not in U+2800…U+28FF.
    public static func dots(fromUnicode text: String) -> [UInt8]? {
        var out: [UInt8] = []
        for scalar in text.unicodeScalars {
            guard (0x2800...0x28FF).contains(scalar.value) else { return nil }
            out.append(UInt8(scalar.value - 0x2800))
        }
        return out
    }

    /// The cell where the source's Character `offset` starts (the end if past the text).
    public func cell(forCharacter offset: Int) -> Int {
        guard offset >= 0 else { return 0 }
        return offset < cellForCharacter.count ? cellForCharacter[offset] : dots.count
    }
}
