// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore
import Testing

/// Issue 46's « M manque. K manque. » through the binary: the echo drill plays K M, the learner
/// keys K, K, M (one K too many), and the verdict names that one fault. The greedy walk the
/// verdict used before read the second K as M sent wrong, then M as extra, and said two faults
/// where there was one. Typed patterns (no timing: nothing here depends on the machine's load).
@Suite struct SendingVerdictBinaryTests {
    /// The echo drill on a reader of its own, its first question K M asked (the seed chosen for it).
    static func echoAskingKM(_ home: ReaderHome) throws -> InteractiveLecteur {
        let wav = home.root.appendingPathComponent("echo.wav")
        let reader = try InteractiveLecteur(["--transcript", "jsonl", "--speech", "off", "--braille", "off", "--audio-out", wav.path],
                                            environment: home.environment.merging(["LECTEUR_PRACTICE_SEED": String(try SendingSessionTests.seed(.echo, asking: "KM"))]) { $1 })
        reader.send("entraînement envoi écho")
        _ = try reader.next("morse") { $0["question"] as? Int == 1 }
        return reader
    }

    @Test func oneExtraCharacterIsTheOneFaultNamed() throws {
        let home = ReaderHome()
        defer { home.remove() }
        let reader = try Self.echoAskingKM(home)
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

    /// Issue 46: K keyed three times where K M was asked was said « K en trop. K en trop. », the
    /// same sentence twice in a row; and the summary said « 0 juste sur 1 », « juste » standing
    /// for a noun. Now one sentence with the count, and the summary in the copy trainer's words
    /// (« bonne réponse », singular for 0 and 1 as French writes it).
    @Test func twoExtraCharactersAreOneSentenceAndTheSummaryCountsAnswers() throws {
        let home = ReaderHome()
        defer { home.remove() }
        let reader = try Self.echoAskingKM(home)
        reader.send("-.- -.- -.- --")
        let judged = try reader.next("practice") { $0["keyed"] != nil }
        #expect(judged["answer"] as? String == "KKKM" && judged["correct"] as? Bool == false, "\(judged)")
        let verdict = try reader.next("notice") { $0["code"] as? String == "sending" }
        #expect(verdict["message"] as? String == "K en trop, 2 fois.", "\(verdict)")
        reader.send("stop")
        let summary = try reader.next("notice") { ($0["message"] as? String)?.hasPrefix("Envoi terminé") == true }
        #expect(summary["message"] as? String == "Envoi terminé : 0 bonne réponse sur 1.", "\(summary)")
        #expect(reader.finish() == 0)
    }
}
