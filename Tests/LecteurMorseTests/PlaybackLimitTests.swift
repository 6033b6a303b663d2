// SPDX-License-Identifier: GPL-3.0-or-later
import LecteurCore
import Testing

/// The longest text played at once is 2 000 characters (README; past it a pasted book was
/// encoded and queued whole before the first tone). The boundary itself, with literal values:
/// a limit read from the code under test would move with it.
@Suite struct PlaybackLimitTests {
    let renderer = MorseRenderer()

    @Test func twoThousandCharactersPlayAndTwoThousandAndOneAreRefusedInFrench() throws {
        #expect(MorseRenderer.playbackCharacterLimit == 2_000)
        // « E » is one dit: 2 000 of them, as words of ten, are 2 000 characters with spaces counted.
        let word = String(repeating: "E", count: 9)
        let atLimit = Array(repeating: word, count: 200).joined(separator: " ") + " "
        #expect(atLimit.count == 2_000)
        let played = try renderer.playback(text: atLimit)
        #expect(played.encoding.words.flatMap { $0 }.count == 1_800)

        let pastLimit = atLimit + "E"
        #expect(pastLimit.count == 2_001)
        #expect(throws: MorseError.tooLongToPlay(characters: 2_001, limit: 2_000)) { try renderer.playback(text: pastLimit) }
        #expect(MorseError.tooLongToPlay(characters: 2_001, limit: 2_000).message(french)
                == "Texte trop long pour être joué : 2001 caractères, la limite est de 2000. Pour un texte long, écrivez-le dans un fichier : « lecteur morse TEXTE --output morse.wav ».")
        // Characters, not bytes or scalars: 2 000 « É » written decomposed (two scalars each) play.
        let accented = String(repeating: "E\u{301}", count: 2_000)
        #expect(accented.count == 2_000 && accented.unicodeScalars.count == 4_000)
        #expect(!MorseRenderer.exceeds(accented, limit: 2_000))
        #expect(MorseRenderer.exceeds(accented + "E", limit: 2_000))
    }
}
