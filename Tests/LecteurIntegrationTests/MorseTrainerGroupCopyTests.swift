// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore
import LecteurTestSupport
import Testing

/// A group copy scored, at a private PulseAudio: a suite of its own since issue 51 (see
/// `MorseTrainerKochWindowTests`; this test took 31 s of `MorseTrainerTests`' 69 in run 9).
@Suite(.serialized) struct MorseTrainerGroupCopyTests {
    /// The reader's options and the helpers of `MorseTrainerTests`.
    let trainer = MorseTrainerTests()

    /// Two groups of five played at the sound server and copied (from the braille, `copyRound`): a
    /// perfect copy scores 100 %; a copy with one character read wrong and one missed scores 80 %
    /// and names both.
    @Test(.requires(.pulseAudio)) func aGroupCopyIsScoredAndItsMistakesNamed() throws {
        let home = ReaderHome()
        defer { home.remove() }
        let pulse = try PrivatePulseServer()
        defer { pulse.stop() }
        let recording = try pulse.record(seconds: 120)
        defer { recording.stop() }
        let reader = try InteractiveLecteur(trainer.quiet + ["--transcript", "jsonl"],
                                            environment: home.environment.merging(["PULSE_SERVER": pulse.server]) { $1 })
        reader.send("régler koch 10")
        reader.send("régler question-braille motif")
        reader.send("entraînement groupes 2")
        let first = try trainer.copyRound(reader, recording, round: 1)
        #expect(first.count == 10, "\(first)")
        reader.send(first.joined())
        let perfect = try reader.next("copy_result")
        #expect(perfect["mode"] as? String == "groups" && perfect["score"] as? Int == 100)
        #expect((perfect["sent"] as? String)?.filter { $0 != " " } == first.joined())
        #expect((perfect["errors"] as? [Any])?.isEmpty == true)
        _ = try reader.next("notice") { $0["message"] as? String == "100 % : copie parfaite." }

        reader.send("entraînement groupes 2")
        var copy = try trainer.copyRound(reader, recording, round: 1)
        // The letter typed instead is none of its neighbours': « KPKMM » typed « KPMMM » is as
        // well a K missed and an M added further on, and the seed chose which (one run in two).
        let misread = copy[2], missed = copy[6]
        let replaced = ["K", "M", "R", "S", "U", "A"].first { !copy[1...3].contains($0) }!
        copy[2] = replaced
        copy.remove(at: 6)
        reader.send(copy.joined())
        let scored = try reader.next("copy_result")
        #expect(scored["score"] as? Int == 80, "\(scored)")
        let errors = try #require(scored["errors"] as? [[String: Any]])
        #expect(errors.count == 2, "\(errors)")
        #expect(errors.first?["position"] as? Int == 3 && errors.first?["sent"] as? String == misread
                && errors.first?["typed"] as? String == replaced, "\(errors) for \(scored["sent"] ?? "") typed \(copy)")
        #expect(errors.last?["sent"] as? String == missed && errors.last?["typed"] as? String == "")
        let verdict = try reader.next("notice") { ($0["message"] as? String)?.hasPrefix("80 % ; ") == true }
        let message = try #require(verdict["message"] as? String)
        #expect(message.contains("\(misread) lu \(replaced)") && message.contains("\(missed) manqué"), "\(message)")
        reader.send("quitter")
        #expect(reader.finish() == 0)
    }
}
