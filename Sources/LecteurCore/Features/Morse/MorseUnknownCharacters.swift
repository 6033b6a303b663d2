// SPDX-License-Identifier: GPL-3.0-or-later
/// The words of an encoding's unknown characters (MorseKit encodes; the reader words).
extension MorseEncoding {
    /// The French (or English) notice listing the unknown characters once each, in order of
    /// appearance; nil when every character was encoded.
    public func unknownMessage(_ strings: Strings) -> String? {
        guard !unknown.isEmpty else { return nil }
        var seen = Set<Character>()
        let items = unknown.compactMap { u -> String? in
            guard seen.insert(u.character).inserted else { return nil }
            return Self.describe(u.character, strings)
        }
        return strings(items.count == 1 ? .morseUnknownOne : .morseUnknownMany,
                       ["characters": items.joined(separator: ", ")])
    }

    /// Control and format characters have no visible form: name them by code point.
    static func describe(_ character: Character, _ strings: Strings) -> String {
        let visible = character.unicodeScalars.contains { scalar in
            switch scalar.properties.generalCategory {
            case .control, .format, .unassigned, .privateUse, .surrogate: false
            default: true
            }
        }
        if visible { return strings(.morseUnknownItem, ["character": String(character)]) }
        let hex = character.unicodeScalars.map { String($0.value, radix: 16, uppercase: true) }
            .map { String(repeating: "0", count: max(0, 4 - $0.count)) + $0 }.joined(separator: " U+")
        return strings(.morseUnknownCodepoint, ["hex": hex])
    }
}
