/// One Morse symbol: a character and its pattern of dots (".") and dashes ("-").
public struct MorseSymbol: Hashable, Sendable {
    public let character: Character
    public let pattern: String
    /// Not in ITU-R M.1677-1, but commonly used for French (À, Ç, È, Ü).
    public let isExtension: Bool

    public init(_ character: Character, _ pattern: String, isExtension: Bool = false) {
        self.character = character
        self.pattern = pattern
        self.isExtension = isExtension
    }

    /// A stable identifier for element ids and storage: the character's scalars in hex.
    public var id: String {
        character.unicodeScalars.map { String($0.value, radix: 16, uppercase: true) }.joined(separator: "-")
    }
}

/// The alphabet, in the order the learning list shows it: letters, then digits, then the rest.
public struct MorseAlphabet: Sendable {
    public let symbols: [MorseSymbol]
    private let byCharacter: [Character: MorseSymbol]

    public init(symbols: [MorseSymbol]) {
        self.symbols = symbols
        self.byCharacter = Dictionary(symbols.map { ($0.character, $0) }, uniquingKeysWith: { a, _ in a })
    }

    public func symbol(for character: Character) -> MorseSymbol? {
        byCharacter[Character(String(character).uppercased())]
    }

    public static let standard = MorseAlphabet(symbols: [
        MorseSymbol("A", ".-"), MorseSymbol("B", "-..."), MorseSymbol("C", "-.-."), MorseSymbol("D", "-.."),
        MorseSymbol("E", "."), MorseSymbol("F", "..-."), MorseSymbol("G", "--."), MorseSymbol("H", "...."),
        MorseSymbol("I", ".."), MorseSymbol("J", ".---"), MorseSymbol("K", "-.-"), MorseSymbol("L", ".-.."),
        MorseSymbol("M", "--"), MorseSymbol("N", "-."), MorseSymbol("O", "---"), MorseSymbol("P", ".--."),
        MorseSymbol("Q", "--.-"), MorseSymbol("R", ".-."), MorseSymbol("S", "..."), MorseSymbol("T", "-"),
        MorseSymbol("U", "..-"), MorseSymbol("V", "...-"), MorseSymbol("W", ".--"), MorseSymbol("X", "-..-"),
        MorseSymbol("Y", "-.--"), MorseSymbol("Z", "--.."),
        MorseSymbol("0", "-----"), MorseSymbol("1", ".----"), MorseSymbol("2", "..---"),
        MorseSymbol("3", "...--"), MorseSymbol("4", "....-"), MorseSymbol("5", "....."),
        MorseSymbol("6", "-...."), MorseSymbol("7", "--..."), MorseSymbol("8", "---.."),
        MorseSymbol("9", "----."),
    ])
}
