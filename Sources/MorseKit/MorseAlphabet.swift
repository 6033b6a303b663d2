// SPDX-License-Identifier: GPL-3.0-or-later
/// One Morse symbol: a character and its pattern of dots (".") and dashes ("-").
public struct MorseSymbol: Hashable, Sendable {
    public let character: Character
    public let pattern: String
    /// Not in ITU-R M.1677-1, but commonly used for French (À, Ç, È, Ü).
    public let isExtension: Bool
    /// The letters of a prosign (`SK` for `<SK>`), sent as one character; nil for a character.
    public let prosign: String?

    public init(_ character: Character, _ pattern: String, isExtension: Bool = false) {
        self.character = character
        self.pattern = pattern
        self.isExtension = isExtension
        prosign = nil
    }

    /// A prosign: `character` is its opening bracket, as it is written.
    public init(prosign letters: String, pattern: String) {
        character = "<"
        self.pattern = pattern
        isExtension = false
        prosign = letters
    }

    /// A stable identifier for element ids and storage: the character's scalars in hex.
    public var id: String {
        if let prosign { return "PS-" + prosign }
        return character.unicodeScalars.map { String($0.value, radix: 16, uppercase: true) }.joined(separator: "-")
    }

    /// The elements in sending order.
    public var elements: [MorseElement] {
        pattern.compactMap { $0 == "." ? .dot : $0 == "-" ? .dash : nil }
    }
}

public enum MorseElement: Hashable, Sendable {
    case dot, dash

    /// Length in units (ITU-R M.1677-1 §2.1).
    public var units: Int { self == .dot ? 1 : 3 }
}

/// The alphabet, in the order the learning list shows it: letters, then digits, then the rest
/// (ITU punctuation, then the French extensions).
public struct MorseAlphabet: Sendable {
    public let symbols: [MorseSymbol]
    private let byCharacter: [Character: MorseSymbol]
    private let byID: [String: MorseSymbol]
    private let byPattern: [String: MorseSymbol]

    public init(symbols: [MorseSymbol]) {
        self.symbols = symbols
        self.byCharacter = Dictionary(symbols.map { ($0.character, $0) }, uniquingKeysWith: { a, _ in a })
        self.byID = Dictionary(symbols.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        self.byPattern = Dictionary(symbols.map { ($0.pattern, $0) }, uniquingKeysWith: { a, _ in a })
    }

    /// Case-insensitive; typographic variants common in French text (’ « » “ ”) are read as the
    /// ITU apostrophe and quotation mark. A character whose upper case is several characters
    /// ("ß" → "SS") has no symbol.
    public func symbol(for character: Character) -> MorseSymbol? {
        if let direct = byCharacter[character] { return direct }
        if let variant = Self.typographicVariants[character] { return byCharacter[variant] }
        let upper = String(character).uppercased()
        guard upper.count == 1, let upperCharacter = upper.first else { return nil }
        return byCharacter[upperCharacter]
    }

    public func symbol(id: String) -> MorseSymbol? { byID[id] }

    public func symbol(pattern: String) -> MorseSymbol? { byPattern[pattern] }

    public static let typographicVariants: [Character: Character] = [
        "\u{2019}": "'", "\u{2018}": "'", "\u{00AB}": "\"", "\u{00BB}": "\"", "\u{201C}": "\"", "\u{201D}": "\"",
    ]

    public static let standard = MorseAlphabet(symbols: letters + digits + punctuation + frenchExtensions)

    /// ITU-R M.1677-1 §1.1.1.
    public static let letters: [MorseSymbol] = [
        MorseSymbol("A", ".-"), MorseSymbol("B", "-..."), MorseSymbol("C", "-.-."), MorseSymbol("D", "-.."),
        MorseSymbol("E", "."), MorseSymbol("F", "..-."), MorseSymbol("G", "--."), MorseSymbol("H", "...."),
        MorseSymbol("I", ".."), MorseSymbol("J", ".---"), MorseSymbol("K", "-.-"), MorseSymbol("L", ".-.."),
        MorseSymbol("M", "--"), MorseSymbol("N", "-."), MorseSymbol("O", "---"), MorseSymbol("P", ".--."),
        MorseSymbol("Q", "--.-"), MorseSymbol("R", ".-."), MorseSymbol("S", "..."), MorseSymbol("T", "-"),
        MorseSymbol("U", "..-"), MorseSymbol("V", "...-"), MorseSymbol("W", ".--"), MorseSymbol("X", "-..-"),
        MorseSymbol("Y", "-.--"), MorseSymbol("Z", "--.."),
    ]

    public static let digits: [MorseSymbol] = [
        MorseSymbol("0", "-----"), MorseSymbol("1", ".----"), MorseSymbol("2", "..---"),
        MorseSymbol("3", "...--"), MorseSymbol("4", "....-"), MorseSymbol("5", "....."),
        MorseSymbol("6", "-...."), MorseSymbol("7", "--..."), MorseSymbol("8", "---.."),
        MorseSymbol("9", "----."),
    ]

    /// ITU-R M.1677-1 §1.1.1–1.1.3: É (the only accented letter the Recommendation lists; after the
    /// digits so the list keeps A–Z, 0–9 first), then the punctuation marks and @.
    public static let punctuation: [MorseSymbol] = [
        MorseSymbol("É", "..-.."),
        MorseSymbol(".", ".-.-.-"), MorseSymbol(",", "--..--"), MorseSymbol(":", "---..."),
        MorseSymbol("?", "..--.."), MorseSymbol("'", ".----."), MorseSymbol("-", "-....-"),
        MorseSymbol("/", "-..-."), MorseSymbol("(", "-.--."), MorseSymbol(")", "-.--.-"),
        MorseSymbol("\"", ".-..-."), MorseSymbol("=", "-...-"), MorseSymbol("+", ".-.-."),
        MorseSymbol("@", ".--.-."),
    ]

    public static let frenchExtensions: [MorseSymbol] = [
        MorseSymbol("À", ".--.-", isExtension: true), MorseSymbol("Ç", "-.-..", isExtension: true),
        MorseSymbol("È", ".-..-", isExtension: true), MorseSymbol("Ü", "..--.", isExtension: true),
    ]

    /// The Koch method's order (as LCWO teaches it): symbols are introduced one at a time in
    /// this sequence, chosen so early sets are easy to tell apart.
    public static let kochOrder: [Character] = [
        "K", "M", "U", "R", "E", "S", "N", "A", "P", "T", "L", "W", "I", ".", "J", "Z", "=", "F", "O", "Y",
        ",", "V", "G", "5", "/", "Q", "9", "2", "H", "3", "8", "B", "?", "4", "7", "C", "1", "D", "6", "0", "X",
    ]

    /// Prosigns as they are written between angle brackets; any 2 to 4 letters there are sent
    /// as one character, and these are also kept as text when typed (not taken for markup).
    public static let prosigns: Set<String> = ["AR", "SK", "BT", "KN", "AS", "SOS", "HH", "CT", "KA", "VE", "SN", "BK", "CL"]

    public var kochSymbols: [MorseSymbol] { Self.kochOrder.compactMap { symbol(for: $0) } }
}
