// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore
import LecteurSpeech
import Testing

/// What espeak-ng (voice fr) will actually pronounce for the builder's output, checked on its own
/// phoneme transcription (library API, the notation of `espeak-ng -v fr -x -q`).
@Suite struct PronunciationPhonemeTests {
    let builder: SpokenTextBuilder
    init() throws { builder = try Fixtures.frenchBuilder() }

    func phonemes(_ text: String) throws -> String {
        try SpeechSynthesis.phonemes(builder.build(text), voice: "fr")
    }

    /// "mil katrsA~ katr@vE~d'iz": mille quatre cent quatre-vingt-dix.
    static let fourteenNinety = "mil katrsA~ katr@vE~d'iz"

    @Test func priceWithThousandsIsOneNumber() throws {
        let displayed = try phonemes("1\u{202F}490\u{00A0}€")
        #expect(displayed == Self.fourteenNinety + " Yr'o")
        // Without the builder espeak splits the number: "un, quatre cent quatre-vingt-dix".
        let raw = try SpeechSynthesis.phonemes("1\u{202F}490\u{00A0}€", voice: "fr")
        #expect(!raw.hasPrefix("mil"))
        // The navigator's spoken price reads the same.
        #expect(try phonemes("1490 euros") == displayed)
    }

    @Test func priceWithoutThousandsHasNoZeroCents() throws {
        let spoken = try phonemes("990,00\u{00A0}€")
        #expect(spoken == "nWfsA~ katr@vE~d'iz Yr'o")
        #expect(!spoken.contains("virgyl") && !spoken.contains("zer"))
        let raw = try SpeechSynthesis.phonemes("990,00 euros", voice: "fr")
        #expect(raw.contains("virgyl"))
    }

    @Test func priceWithCents() throws {
        #expect(try phonemes("1\u{202F}490,50\u{00A0}€") == Self.fourteenNinety + " Yr'o sE~k'A~t")
    }

    @Test func acronymIASpelled() throws {
        // [ja] is what espeak says for the raw word.
        #expect(try SpeechSynthesis.phonemes("IA", voice: "fr") == "j'a")
        let spelled = try phonemes("IA")
        #expect(spelled.contains("'i") && spelled.hasSuffix("'a"))
        #expect(!spelled.contains("j'a"))
        let elided = try phonemes("l'IA")
        #expect(elided.hasPrefix("l") && elided.contains("'i") && !elided.contains("j'a"))
        #expect(!(try phonemes("Agents IA et automatisation")).contains("j'a"))
    }

    @Test func morseRowIsSaidAsLetterThenMarks() throws {
        // The navigator's row "A, point, trait" and the builder's rewrite of raw marks agree.
        let row = Fixtures.french(.morseRowLabel, ["character": "A", "pattern": SpokenFormat(strings: Fixtures.french).morsePattern(".-")])
        #expect(row == "A, point, trait")
        let expected = "'a\npw'E~\ntr'E"
        #expect(try phonemes(row) == expected)
        #expect(try phonemes("A, ·−") == expected)
        #expect(try phonemes("A, .-") == expected)
    }

    @Test func durationsAndDatesReadNaturally() throws {
        #expect(try phonemes("40h") == "kar'A~t 'Wr")
        #expect(try phonemes("15/02/2026") == "k'E~z fevri'e dY mil vE~ts'is")
        #expect(try phonemes("2 jours") == "d'Y Z'ur")
    }

    /// The library's transcription is the command's: the tests above say what the CLI would.
    @Test func libraryPhonemesMatchTheCommandLine() throws {
        let text = "Agents i a et automatisation, 1490 euros"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["espeak-ng", "-v", "fr", "-x", "-q", text]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let cli = String(decoding: data, as: UTF8.self).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let library = try SpeechSynthesis.phonemes(text, voice: "fr").split(separator: "\n").map(String.init)
        #expect(library == cli)
    }
}
