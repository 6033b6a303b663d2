// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore
import Testing

/// Issue 35, item 1, through the binary: tones and index marks are parts of an announcement.
/// One value gives `morse TEXTE` its printed line (the tone's `morse` event, « ♪ SOS »),
/// its display form (the text and its cells) and its sound; read-all's index marks take the
/// reading to the end of the screen.
@Suite struct AnnouncementPartsSessionTests {
    let quiet = ["--speech", "off", "--braille", "off"]

    @Test func morsePlaybackIsOneAnnouncementOnEveryChannel() throws {
        let out = try LecteurProcess.run(["--transcript", "jsonl"] + quiet, input: "morse SOS\n")
        #expect(out.status == 0)
        let events = out.events
        let tone = try #require(events.firstIndex { $0["type"] as? String == "morse" && $0["text"] as? String == "SOS" })
        #expect(events[tone]["pattern"] as? String == "... --- ...")
        // Its display form next, from the same value: the text, then its pattern as cells.
        let shown = events[(tone + 1)...].first { $0["type"] as? String == "braille" }
        let cells = MorseBraille.cells(MorseAlphabet.standard.encode("SOS"))
        #expect(shown?["text"] as? String == "SOS " + cells, "\(String(describing: shown))")
        #expect(shown?["kind"] as? String == "message")
        // Nothing spoken for it: the tones are the answer.
        #expect(!out.events("speech").contains { ($0["text"] as? String)?.contains("SOS") == true })

        let text = try LecteurProcess.run(["--transcript", "text"] + quiet, input: "morse SOS\n")
        let lines = text.stdout.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.contains("SOS") } == ["♪ SOS"], "\(lines)")
    }

    @Test func readAllsIndexMarksReadTheScreenToItsEnd() throws {
        let out = try LecteurProcess.run(["--transcript", "jsonl"] + quiet, input: "tout lire\n")
        #expect(out.status == 0)
        // Each element is read once the mark after the one before is reached (at once without a
        // voice), to the last element of the list and « Fin de l'écran. ».
        let focuses = out.events("focus")
        #expect(focuses.last?["index"] as? Int == focuses.last?["count"] as? Int, "\(focuses.last ?? [:])")
        #expect(out.events("notice").contains { $0["code"] as? String == "readAll.end" })
    }
}
