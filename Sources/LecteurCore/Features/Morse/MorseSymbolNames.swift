// SPDX-License-Identifier: GPL-3.0-or-later
extension MorseSymbol {
    /// The locale key of the name said for this symbol, for characters the speech engine would
    /// mispronounce or confuse: "." said "point" would be the dot word itself, and "É" / "È"
    /// sound alike when read as letters. nil: the character is said as it is.
    public var nameKey: L10n? {
        switch character {
        case ".": .morseNamePeriod
        case ",": .morseNameComma
        case ":": .morseNameColon
        case "?": .morseNameQuestion
        case "'": .morseNameApostrophe
        case "-": .morseNameHyphen
        case "/": .morseNameSlash
        case "(": .morseNameOpenParen
        case ")": .morseNameCloseParen
        case "\"": .morseNameQuote
        case "=": .morseNameEquals
        case "+": .morseNamePlus
        case "@": .morseNameAt
        case "É": .morseNameEAcute
        case "À": .morseNameAGrave
        case "Ç": .morseNameCCedilla
        case "È": .morseNameEGrave
        case "Ü": .morseNameUDiaeresis
        default: nil
        }
    }

    /// What speech says for this symbol ("point final" for ".", "K" for K, « prosigne K N » for
    /// `<KN>`: its letters apart, so the engine spells them rather than reading a word).
    public func spokenName(_ strings: Strings) -> String {
        if let prosign { return strings(.morse4ProsignName, ["letters": prosign.map(String.init).joined(separator: " ")]) }
        return nameKey.map { strings($0) } ?? String(character)
    }
}
