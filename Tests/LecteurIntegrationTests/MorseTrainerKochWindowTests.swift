// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore
import LecteurTestSupport
import Testing

/// The Koch window kept over a restart, at a private PulseAudio: a suite of its own since issue
/// 51, so that the daemon group, which runs a suite per process, longest first, runs it beside
/// the rest of `MorseTrainerTests` (69 s in one process in run 9; this test 27 s of it).
@Suite(.serialized) struct MorseTrainerKochWindowTests {
    /// The reader's options and the helpers of `MorseTrainerTests`.
    let trainer = MorseTrainerTests()

    /// 19 right answers, a restart, then one more unlocks U: the Koch window is kept. The tones
    /// play at the sound server; the test answers each once it has sounded (`answer`).
    @Test(.requires(.pulseAudio)) func theKochWindowSurvivesARestart() throws {
        let home = ReaderHome()
        defer { home.remove() }
        let pulse = try PrivatePulseServer()
        defer { pulse.stop() }
        let environment = home.environment.merging(["PULSE_SERVER": pulse.server]) { $1 }
        let recording = try pulse.record(seconds: 120)
        defer { recording.stop() }

        let first = try InteractiveLecteur(trainer.quiet, environment: environment)
        first.send("régler question-braille motif")
        first.send("entraînement")
        for n in 1...19 {
            first.send(try trainer.answer(first, recording, question: n))
            let result = try first.next("practice") { $0["question"] as? Int == n }
            #expect(result["correct"] as? Bool == true, "\(result)")
        }
        let progress = try first.next("notice") { ($0["message"] as? String)?.contains("Encore 1 bonne réponse pour débloquer U.") == true }
        #expect(progress["code"] as? String == "practice")
        first.send("stop")
        _ = try first.next("notice") { ($0["message"] as? String)?.hasPrefix("Entraînement terminé") == true }
        #expect(first.finish() == 0)

        let second = try InteractiveLecteur(trainer.quiet, environment: environment)
        second.send("régler question-braille motif")
        second.send("entraînement")
        let intro = try second.next("notice") { $0["code"] as? String == "practice" }
        #expect((intro["message"] as? String)?.hasSuffix("Encore 1 bonne réponse pour débloquer U.") == true, "\(intro)")
        second.send(try trainer.answer(second, recording, question: 1))
        let unlocked = try second.next("notice") { ($0["message"] as? String)?.contains("Nouveau symbole : U") == true }
        #expect(unlocked["code"] as? String == "practice")
        #expect(try trainer.answer(second, recording, question: 2) == "U", "the new symbol comes first")
        second.send("où")
        let whereAmI = try second.next("notice") { $0["code"] as? String == "practice.where" }
        #expect((whereAmI["message"] as? String)?.contains("Leçon Koch 2, 3 symboles.") == true, "\(whereAmI)")
        second.send("stop")
        #expect(second.finish() == 0)
    }
}
