// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// What the spoken-text scan reads a text as: Characters (always right, slow: each comparison is
/// a canonical-equivalence comparison, each property a Unicode look-up) or Unicode scalars (fast),
/// which `ScalarScan` allows only where they give the same answers as the Characters.
protocol ScanUnit: Hashable, Sendable, ExpressibleByUnicodeScalarLiteral {
    /// `Character.isLetter`.
    var isLetter: Bool { get }
    /// `Character.isUppercase`.
    var isUppercase: Bool { get }
    /// `Character.isLowercase`.
    var isLowercase: Bool { get }
    /// `Character.isASCII && Character.isNumber`: 0 to 9.
    var isDigit: Bool { get }
    /// A slot in a small look-up table, for the units met most (nil: look up by hash).
    var tableSlot: Int? { get }
    static func string(_ units: ArraySlice<Self>) -> String
    func append(to text: inout String)
}

extension Character: ScanUnit {
    var isDigit: Bool { isASCII && isNumber }
    var tableSlot: Int? { nil }
    static func string(_ units: ArraySlice<Character>) -> String { String(units) }
    func append(to text: inout String) { text.append(self) }
}

extension Unicode.Scalar: ScanUnit {
    var isLetter: Bool { ScalarScan.flags(self) & ScalarScan.letter != 0 }
    var isUppercase: Bool { ScalarScan.flags(self) & ScalarScan.upper != 0 }
    var isLowercase: Bool { ScalarScan.flags(self) & ScalarScan.lower != 0 }
    var isDigit: Bool { value &- 0x30 < 10 }
    var tableSlot: Int? { ScalarScan.slot(value) }
    /// Encoded straight into the string's storage: building a String scalar by scalar goes
    /// through the general UTF-32 transcoder, which was a sixth of an audit's time.
    static func string(_ units: ArraySlice<Unicode.Scalar>) -> String {
        String(unsafeUninitializedCapacity: units.count * 4) { buffer in
            var count = 0
            for unit in units {
                let v = unit.value
                if v < 0x80 {
                    buffer[count] = UInt8(v)
                    count += 1
                } else if v < 0x800 {
                    buffer[count] = UInt8(0xC0 | v >> 6)
                    buffer[count + 1] = UInt8(0x80 | v & 0x3F)
                    count += 2
                } else if v < 0x10000 {
                    buffer[count] = UInt8(0xE0 | v >> 12)
                    buffer[count + 1] = UInt8(0x80 | v >> 6 & 0x3F)
                    buffer[count + 2] = UInt8(0x80 | v & 0x3F)
                    count += 3
                } else {
                    buffer[count] = UInt8(0xF0 | v >> 18)
                    buffer[count + 1] = UInt8(0x80 | v >> 12 & 0x3F)
                    buffer[count + 2] = UInt8(0x80 | v >> 6 & 0x3F)
                    buffer[count + 3] = UInt8(0x80 | v & 0x3F)
                    count += 4
                }
            }
            return count
        }
    }
    func append(to text: inout String) {
        if value < 0x80 { text.append(Character(self)) } else { text.unicodeScalars.append(self) }
    }
}

/// When a text may be scanned scalar by scalar: every scalar of it is in `ranges`, where
/// - each scalar is a whole Character whatever is next to it (no carriage return, which joins a
///   line feed; no combining mark, joiner, variation selector or other grapheme extender; no
///   prepended concatenation mark, Hangul jamo or regional indicator), and
/// - each scalar is its own canonical form (NFC), so two different scalars are never equal
///   Characters (no singleton such as U+2000 = U+2002, U+212B Å = U+00C5, U+037E = ";").
/// `SpokenTextPathTests` checks both for every scalar of the list, and that the scalar
/// properties below are the Characters'.
@_spi(Testing) public enum ScalarScan {
    /// Sorted, disjoint, closed ranges of scalar values.
    static let ranges: [ClosedRange<UInt32>] = [
        0x0000...0x000C, 0x000E...0x007F,   // ASCII but CR
        0x00A0...0x02FF,                     // Latin-1, Latin Extended-A and -B, IPA, modifier letters
        0x2002...0x200A,                     // spaces (U+2000 and U+2001 are singletons)
        0x2010...0x2027,                     // dashes, quotes, bullets, ellipsis
        0x202F...0x205E,                     // narrow no-break space, per mille, primes, guillemets, ⁄
        0x2070...0x209F,                     // super- and subscripts
        0x20A0...0x20C0,                     // currency signs
        0x2150...0x218B,                     // number forms (⅓, ½ is Latin-1)
        0x2190...0x2328, 0x232B...0x23FF,    // arrows, mathematical operators (−), technical (not U+2329/232A)
        0x2500...0x27BF,                     // box drawing, shapes, symbols, dingbats
    ]

    /// Whether the scalar path takes this scalar.
    @_spi(Testing) public static func accepts(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v < 0x80 { return v != 0x0D }
        if v < 0x00A0 { return false }
        if v <= 0x02FF { return true }
        if v < 0x2002 || v > 0x27BF { return false }
        for range in ranges where range.contains(v) { return true }
        return false
    }

    /// Every scalar the scalar path takes.
    @_spi(Testing) public static var accepted: [Unicode.Scalar] {
        ranges.flatMap { $0.compactMap(Unicode.Scalar.init) }
    }

    /// The text's scalars, if the scalar path takes every one of them.
    static func units(of text: String) -> [Unicode.Scalar]? {
        var units: [Unicode.Scalar] = []
        units.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            guard accepts(scalar) else { return nil }
            units.append(scalar)
        }
        return units
    }

    /// The accepted scalar that is the same Character as `c`, if there is one. Canonically
    /// equivalent Characters are equal, so the key is normalised (NFC) first: "e\u{301}" and
    /// "\u{212B}" are found as U+00E9 and U+00C5; the stdlib's own equality confirms.
    static func unit(equalTo c: Character) -> Unicode.Scalar? {
        let normal = String(c).precomposedStringWithCanonicalMapping.unicodeScalars
        guard normal.count == 1, let scalar = normal.first, accepts(scalar), Character(scalar) == c else { return nil }
        return scalar
    }

    /// A key in accepted scalars, one for each of its Characters; nil when a Character has none.
    static func units(equalTo key: [Character]) -> [Unicode.Scalar]? {
        var units: [Unicode.Scalar] = []
        for c in key {
            guard let scalar = unit(equalTo: c) else { return nil }
            units.append(scalar)
        }
        return units
    }

    static let letter: UInt8 = 1, upper: UInt8 = 2, lower: UInt8 = 4

    /// Character properties of the scalars below U+0300, worked out once from `Character` itself.
    private static let table: [UInt8] = (0..<0x300).map { v in
        Unicode.Scalar(UInt32(v)).map { flags(of: Character($0)) } ?? 0
    }

    private static func flags(of c: Character) -> UInt8 {
        (c.isLetter ? letter : 0) | (c.isUppercase ? upper : 0) | (c.isLowercase ? lower : 0)
    }

    static func flags(_ scalar: Unicode.Scalar) -> UInt8 {
        let v = scalar.value
        // ASCII without the table (whose lazy initialisation is checked at every access).
        if v &- 0x41 < 26 { return letter | upper }
        if v &- 0x61 < 26 { return letter | lower }
        if v < 0x80 { return 0 }
        return v < 0x300 ? table[Int(v)] : flags(of: Character(scalar))
    }

    /// Latin-1 and general punctuation and currency (U+2000–U+20FF) get a table slot.
    static func slot(_ v: UInt32) -> Int? {
        if v < 0x100 { return Int(v) }
        if v &- 0x2000 < 0x100 { return Int(v - 0x2000) + 0x100 }
        return nil
    }
    static let slots = 0x200
}

/// A map keyed by scan units: a table for the units with a slot, a dictionary for the rest.
struct UnitMap<U: ScanUnit, V: Sendable>: Sendable {
    let all: [U: V]
    private let table: [V?]

    init(_ entries: [U: V]) {
        all = entries
        var table: [V?] = []
        for (unit, value) in entries {
            guard let slot = unit.tableSlot else { continue }
            if table.isEmpty { table = Array(repeating: nil, count: ScalarScan.slots) }
            table[slot] = value
        }
        self.table = table
    }

    subscript(unit: U) -> V? {
        if let slot = unit.tableSlot { return table.isEmpty ? nil : table[slot] }
        return all[unit]
    }

    func contains(_ unit: U) -> Bool { self[unit] != nil }
}
