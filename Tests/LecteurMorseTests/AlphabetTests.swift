// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
import LecteurCore
import LecteurLocales

@Suite struct AlphabetTests {
    let alphabet = MorseAlphabet.standard

    @Test func learningListKeepsLettersThenDigitsFirst() {
        let characters = alphabet.symbols.map { String($0.character) }
        #expect(characters.prefix(26).joined() == "ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        #expect(characters.dropFirst(26).prefix(10).joined() == "0123456789")
        #expect(Array(characters.dropFirst(36)) == ["É", ".", ",", ":", "?", "'", "-", "/", "(", ")", "\"", "=", "+", "@",
                                                    "À", "Ç", "È", "Ü"])
    }

    @Test func ituPatternsAndFrenchExtensions() {
        let expected: [Character: String] = [
            "É": "..-..", ".": ".-.-.-", ",": "--..--", ":": "---...", "?": "..--..", "'": ".----.",
            "-": "-....-", "/": "-..-.", "(": "-.--.", ")": "-.--.-", "\"": ".-..-.", "=": "-...-",
            "+": ".-.-.", "@": ".--.-.", "À": ".--.-", "Ç": "-.-..", "È": ".-..-", "Ü": "..--.",
            "K": "-.-", "0": "-----", "9": "----.",
        ]
        for (character, pattern) in expected {
            #expect(alphabet.symbol(for: character)?.pattern == pattern, "\(character)")
        }
        #expect(alphabet.symbols.filter(\.isExtension).map(\.character) == ["À", "Ç", "È", "Ü"])
        #expect(alphabet.symbol(for: "É")?.isExtension == false)
        // Every pattern is distinct, so a heard pattern names one character.
        #expect(Set(alphabet.symbols.map(\.pattern)).count == alphabet.symbols.count)
        #expect(alphabet.symbols.count == 26 + 10 + 1 + 13 + 4)
    }

    @Test func lookupIsCaseInsensitiveAndSafe() {
        #expect(alphabet.symbol(for: "é")?.character == "É")
        #expect(alphabet.symbol(for: "e\u{301}")?.character == "É")   // decomposed é
        #expect(alphabet.symbol(for: "ç")?.pattern == "-.-..")
        #expect(alphabet.symbol(for: "ß") == nil)                     // "SS" is two characters
        #expect(alphabet.symbol(for: "’")?.character == "'")
        #expect(alphabet.symbol(for: "«")?.character == "\"")
        #expect(alphabet.symbol(for: "&") == nil)
        #expect(alphabet.symbol(id: "4B")?.character == "K")
        #expect(alphabet.symbol(pattern: ".-.-.-")?.character == ".")
    }

    @Test func kochOrderHasFortyOneKnownSymbols() {
        let koch = alphabet.kochSymbols.map { String($0.character) }.joined(separator: " ")
        #expect(koch == "K M U R E S N A P T L W I . J Z = F O Y , V G 5 / Q 9 2 H 3 8 B ? 4 7 C 1 D 6 0 X")
    }

    @Test func encodingReportsUnknownCharacters() {
        let encoding = alphabet.encode("  Ça va ? 100 % & ok\u{00A0}! ")
        #expect(encoding.words.map { String($0.map(\.character)) } == ["ÇA", "VA", "?", "100", "OK"])
        #expect(encoding.unknown.map(\.character) == ["%", "&", "!"])
        #expect(encoding.unknown.map(\.offset) == [14, 16, 21])
        #expect(encoding.unknownMessage(french) == "Caractères sans code Morse, ignorés : « % », « & », « ! ».")
        #expect(alphabet.encode("a\u{7}b").unknownMessage(french)
                == "Caractère sans code Morse, ignoré : le caractère invisible U+0007.")
        #expect(alphabet.encode("SOS").unknownMessage(french) == nil)
        let onlyUnknown = alphabet.encode("&&& %")
        #expect(onlyUnknown.isEmpty)
        #expect(onlyUnknown.unknown.count == 4)
        #expect(onlyUnknown.unknownMessage(french) == "Caractères sans code Morse, ignorés : « & », « % ».")
    }

    @Test func punctuationHasSpokenNamesDistinctFromTheDotWord() {
        let dotWord = french(.morseDot)
        for symbol in alphabet.symbols where !(symbol.character.isLetter && symbol.character.isASCII) && !symbol.character.isNumber {
            let name = symbol.spokenName(french)
            #expect(name != String(symbol.character), "\(symbol.character) needs a spoken name")
            #expect(name != dotWord && name != french(.morseDash), "\(symbol.character) said like an element")
        }
        #expect(alphabet.symbol(for: ".")!.spokenName(french) == "point final")
        #expect(alphabet.symbol(for: "K")!.spokenName(french) == "K")
        #expect(alphabet.symbol(for: "È")!.spokenName(english) == "e grave")
    }

    @Test func localeFilesAgree() throws {
        let frTable = LocaleResources.table(locale: "fr")!, enTable = LocaleResources.table(locale: "en")!
        for key in L10n.allCases where key.rawValue.hasPrefix("morse.") || key.rawValue.hasPrefix("storage.") {
            let fr = try #require(frTable[key.rawValue], "\(key.rawValue) fr")
            let en = try #require(enTable[key.rawValue], "\(key.rawValue) en")
            #expect(Strings.placeholders(in: fr) == Strings.placeholders(in: en), "\(key.rawValue)")
        }
    }

    /// Prosigns are one character: their letters' elements with no gap between them.
    @Test func prosignsAreOneCharacter() {
        let encoding = MorseAlphabet.standard.encode("<AR> <SK> <BT> <KN> <AS> <SOS> 73")
        #expect(encoding.words.map { $0.map(\.pattern) } == [[".-.-."], ["...-.-"], ["-...-"], ["-.--."], [".-..."],
                                                             ["...---..."], ["--...", "...--"]])
        #expect(encoding.unknown.isEmpty)
        #expect(encoding.words[1][0].prosign == "SK")
        // Not a prosign: a lone bracket, or too many letters, stay unknown characters.
        let loose = MorseAlphabet.standard.encode("a<b <TOOLONG>")
        #expect(loose.unknown.map(\.character) == ["<", "<", ">"])
    }
}
