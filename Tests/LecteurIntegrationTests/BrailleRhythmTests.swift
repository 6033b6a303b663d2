// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore
import Testing

/// Issue 26, Morse by touch: `régler question-braille rythme` flashes full cells on the display
/// in time with a question's tones (slow speeds only), then shows the question again; the flashes
/// are full or blank cells only, never the character or its written pattern.
@Suite struct BrailleRhythmTests {
    /// Through the binary: the display gets full cells and blanks between the question and the
    /// answer, the question comes back after them, and no braille or speech event names K or M.
    @Test func aQuestionsRhythmIsFlashedThenTheQuestionComesBack() throws {
        let home = NSTemporaryDirectory() + "lecteur-rhythm-\(UUID().uuidString)"
        let reader = try InteractiveLecteur(["--transcript", "jsonl", "--speech", "off", "--braille", "off"],
                                            environment: ["XDG_CONFIG_HOME": home + "/config", "XDG_DATA_HOME": home + "/data",
                                                          "XDG_CACHE_HOME": home + "/cache", "LECTEUR_PRACTICE_SEED": "5"])
        defer { _ = reader.finish() }
        reader.send("régler vitesse 8")
        reader.send("régler question-braille rythme")
        _ = try reader.next("notice") { ($0["message"] as? String)?.hasPrefix("Questions en braille : le rythme") == true }
        reader.send("entraînement")
        _ = try reader.next("morse") { $0["question"] as? Int == 1 }
        var flashes: [String] = []
        var lines: [[String: Any]] = []
        while true {
            let line = try reader.next("braille")
            lines.append(line)
            let text = line["text"] as? String ?? ""
            if text.hasPrefix("Question 1") || text.hasSuffix("Question 1") { break }
            flashes.append(text)
        }
        #expect(flashes.count >= 3, "\(flashes)")
        #expect(flashes.allSatisfy { $0 == BrailleRhythm.markCells || $0.isEmpty }, "\(flashes)")
        #expect(flashes.first == BrailleRhythm.markCells)
        // Back to the question as it was shown before the rhythm: its number, never its pattern
        // or character (the intro before it names the learnt set, K and M, not the answer).
        let back = try #require(lines.last?["text"] as? String)
        #expect(back.hasPrefix("Question 1"), "\(back)")
        #expect(!back.contains("\u{2812}") && !back.contains("\u{2802}"))
        reader.send("k")
        let result = try reader.next("practice") { $0["question"] as? Int == 1 }
        // The rhythm names the character asked: one mark per element of its pattern (K three, M
        // two), where « at least three flashes » could not tell K from M.
        let expected = try #require(result["expected"] as? String)
        let pattern = try #require(MorseAlphabet.standard.symbol(for: Character(expected))).pattern
        #expect(flashes.filter { $0 == BrailleRhythm.markCells }.count == pattern.count, "\(expected) \(pattern): \(flashes)")
    }
}
