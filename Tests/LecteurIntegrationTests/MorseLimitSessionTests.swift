// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// The 2 000-character limit on a text played at once, at its boundary, through the binary
/// (PlaybackLimitTests pins the renderer): 2 000 characters are played, 2 001 refused with the
/// French message, and the reader goes on.
@Suite struct MorseLimitSessionTests {
    @Test func twoThousandCharactersPlayAndTwoThousandAndOneAreRefused() throws {
        // 199 words of nine « E » and a space, then ten « E »: 2 000 characters, none trimmed.
        let atLimit = String(repeating: "EEEEEEEEE ", count: 199) + "EEEEEEEEEE"
        #expect(atLimit.count == 2_000)
        let pastLimit = atLimit + "E"
        let out = try LecteurProcess.run(["--transcript", "jsonl", "--speech", "off", "--braille", "off"],
                                         input: "morse \(atLimit)\nmorse \(pastLimit)\nsuivant\n")
        #expect(out.status == 0)
        let played = out.events("morse")
        #expect(played.count == 1, "\(played.count) played")
        #expect(played.first?["text"] as? String == atLimit)
        #expect(out.events("error").map { $0["message"] as? String } == [
            "Texte trop long pour être joué : 2001 caractères, la limite est de 2000. Pour un texte long, écrivez-le dans un "
                + "fichier : « lecteur morse TEXTE --output morse.wav ».",
        ])
        // The reader goes on: the next command moves the focus.
        #expect(out.events("focus").last?["index"] as? Int == 2)
    }
}
