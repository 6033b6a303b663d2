// SPDX-License-Identifier: GPL-3.0-or-later
/// Amateur callsigns of the shapes heard on the air (issue 48, item 4): an ITU prefix of a
/// country, the digits that country gives, a suffix of two or three letters (a one-letter
/// suffix is a rare special call; « F7 » and « F0 » are no French licence in use). Drawn,
/// when they can be, from the characters a learner has unlocked.
public enum Callsign {
    /// One way a country writes its calls: the prefix, the digits after it, the suffix lengths
    /// (a length listed twice comes twice as often).
    public struct Shape: Hashable, Sendable {
        public let prefix: String
        public let digits: [Character]
        public let suffixLengths: [Int]

        init(_ prefix: String, _ digits: String, _ suffixLengths: [Int]) {
            self.prefix = prefix
            self.digits = Array(digits)
            self.suffixLengths = suffixLengths
        }
    }

    /// France first (most learners are French), then the countries most heard in Europe and
    /// North America.
    public static let shapes: [Shape] = [
        Shape("F", "14568", [3, 3, 2]), Shape("F", "14568", [3, 3, 2]), Shape("F", "14568", [3]),
        Shape("DL", "123456789", [3, 2]), Shape("DK", "123456789", [2, 3]), Shape("G", "0348", [3]), Shape("M", "0", [3]),
        Shape("EA", "123456789", [2, 3]), Shape("ON", "345678", [2, 3]), Shape("I", "12345678", [2, 3]),
        Shape("IK", "12345678", [3]), Shape("K", "0123456789", [2, 3]), Shape("W", "0123456789", [2, 3]),
        Shape("N", "0123456789", [3, 2]), Shape("VE", "123456789", [2, 3]), Shape("OH", "0123456789", [2, 3]),
        Shape("PA", "0123", [2, 3]), Shape("HB", "9", [2, 3]),
    ]

    /// A callsign of one of `shapes` whose prefix starts with one of `prefixes` (nil: any),
    /// every character in `known` (nil: any); nil when no shape can be written with them.
    public static func random<Random: RandomNumberGenerator>(known: Set<Character>? = nil, prefixes: [String]? = nil,
                                                             using random: inout Random) -> String? {
        let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ").filter { known?.contains($0) ?? true }
        let usable = shapes.filter { shape in
            (prefixes.map { $0.contains(shape.prefix) } ?? true)
                && shape.prefix.allSatisfy { known?.contains($0) ?? true }
                && shape.digits.contains { known?.contains($0) ?? true }
        }
        guard !letters.isEmpty, let shape = usable.randomElement(using: &random) else { return nil }
        let digit = shape.digits.filter { known?.contains($0) ?? true }.randomElement(using: &random)!
        let length = shape.suffixLengths.randomElement(using: &random)!
        return shape.prefix + String(digit) + String((0..<length).map { _ in letters.randomElement(using: &random)! })
    }

    /// Whether `call` has one of `shapes`' forms: what the tests check every drawn call against.
    public static func isPlausible(_ call: String) -> Bool {
        shapes.contains { shape in
            guard call.hasPrefix(shape.prefix) else { return false }
            let rest = call.dropFirst(shape.prefix.count)
            guard let digit = rest.first, shape.digits.contains(digit) else { return false }
            let suffix = rest.dropFirst()
            return shape.suffixLengths.contains(suffix.count) && suffix.allSatisfy { $0.isLetter && $0.isUppercase && $0.isASCII }
        }
    }
}
