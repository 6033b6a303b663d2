// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurTestSupport
import Testing

/// Issue 37, item 2, through the binary: nothing before the answer varies with it. A learner
/// who never listens reads the transcript (each question's `morse` event, field by field) or
/// plays the odds of the drawing ("the other one" after K); neither may do better than chance.
@Suite struct MorseQuestionLeakTests {
    @Test func lessonOneQuestionsAreAlikeAndTheOtherOneIsChance() throws {
        let home = ReaderHome()
        defer { home.remove() }
        let wav = home.root.appendingPathComponent("leak.wav")
        let reader = try InteractiveLecteur(["--transcript", "jsonl", "--speech", "off", "--braille", "off", "--audio-out", wav.path],
                                            environment: home.environment.merging(["LECTEUR_PRACTICE_SEED": "37"]) { $1 })
        reader.send("entraînement")
        let questions = 200
        var first: [String: String]?
        var previous: String?
        var right = 0
        for n in 1...questions {
            let asked = try reader.next("morse") { $0["question"] as? Int == n }
            // Every field but the number, as text: a duration, a pattern or a text would differ.
            var fields = asked.mapValues { "\($0)" }
            fields["question"] = nil
            if let first {
                #expect(fields == first, "question \(n): \(asked)")
            } else {
                first = fields
            }
            // The alternating guesser: whatever was not asked last time (K to begin with).
            let guess = previous.map { $0 == "K" ? "M" : "K" } ?? "K"
            reader.send(guess)
            let result = try reader.next("practice") { $0["question"] as? Int == n }
            let expected = try #require(result["expected"] as? String)
            #expect(expected == "K" || expected == "M", "lesson 1 asks K and M only: \(expected)")
            if expected == guess { right += 1 }
            previous = expected
        }
        reader.send("stop")
        _ = reader.finish()
        let share = Double(right) / Double(questions)
        print("MORSE leak: the alternating guesser got \(right) of \(questions) at lesson 1 (\(share * 100) %)")
        #expect(first?.keys.sorted() == ["tone_hz", "type", "wpm"], "\(first ?? [:])")
        #expect(share <= 0.55, "\(right) of \(questions)")
    }
}
