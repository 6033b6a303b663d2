// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore
import Testing

/// Issue 46's « M manque. K manque. » through the binary: the echo drill plays K M, the learner
/// keys K, K, M (one K too many), and the verdict names that one fault. The greedy walk the
/// verdict used before read the second K as M sent wrong, then M as extra, and said two faults
/// where there was one. Typed patterns (no timing: nothing here depends on the machine's load).
@Suite struct SendingVerdictBinaryTests {
    @Test func oneExtraCharacterIsTheOneFaultNamed() throws {
        let home = ReaderHome()
        defer { home.remove() }
        let wav = home.root.appendingPathComponent("echo.wav")
        let reader = try InteractiveLecteur(["--transcript", "jsonl", "--speech", "off", "--braille", "off", "--audio-out", wav.path],
                                            environment: home.environment.merging(["LECTEUR_PRACTICE_SEED": String(try SendingSessionTests.seed(.echo, asking: "KM"))]) { $1 })
        reader.send("entraînement envoi écho")
        _ = try reader.next("morse") { $0["question"] as? Int == 1 }
        reader.send("-.- -.- --")
        let judged = try reader.next("practice") { $0["keyed"] != nil }
        // The question the reader asked is the one the seed was chosen for.
        #expect(judged["expected"] as? String == "KM", "\(judged)")
        #expect(judged["answer"] as? String == "KKM" && judged["correct"] as? Bool == false, "\(judged)")
        let verdict = try reader.next("notice") { $0["code"] as? String == "sending" }
        #expect(verdict["message"] as? String == "K en trop.", "\(verdict)")
        reader.send("stop")
        #expect(reader.finish() == 0)
    }
}
