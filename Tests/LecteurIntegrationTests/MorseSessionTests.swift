// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore
import Testing

/// Morse through the real binary (issue 5): exact WAV output, and practice whose statistics are
/// stored at once and survive a killed process.
@Suite(.serialized) struct MorseSessionTests {
    let quiet = ["--transcript", "jsonl", "--speech", "off", "--braille", "off"]

    func home() -> [String: String] {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lecteur-morse-\(UUID().uuidString)")
        return ["XDG_DATA_HOME": dir.appendingPathComponent("data").path, "XDG_CACHE_HOME": dir.appendingPathComponent("cache").path,
                "XDG_CONFIG_HOME": dir.appendingPathComponent("config").path,
                "TZ": "Europe/Paris"]
    }

    @Test(arguments: [20, 35])
    func theShellCommandWritesAWAVExactToTheSample(wpm: Int) throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("paris-\(wpm)-\(UUID().uuidString).wav")
        defer { try? FileManager.default.removeItem(at: file) }
        let out = try LecteurProcess.run(["morse", "--wpm", String(wpm), "PARIS", "--output", file.path], environment: home())
        #expect(out.status == 0)
        let wav = try WAVFile.decode(Data(contentsOf: file))
        #expect(wav.sampleRate == 22050)
        // PARIS is 43 units, and the file ends with a 7-unit word gap: the standard 50-unit word.
        // The ramps (5 ms) are centred on the elements' edges, so each tone sounds one ramp longer
        // than its units and each gap, the last included, one ramp shorter: at half amplitude
        // every element and gap keeps the book's length (issue 37 item 5).
        let unit = Double(wav.sampleRate) * 1.2 / Double(wpm)
        let ramp = (Double(wav.sampleRate) * 5 / 1000).rounded()
        #expect(abs(Double(wav.samples.count) - 50 * unit) <= 2)
        #expect(wav.samples.suffix(Int(7 * unit - ramp) - 1).allSatisfy { $0 == 0 })
        // Tone runs: P = . - - . , each element's length checked to the sample.
        var runs: [(on: Bool, length: Int)] = []
        for s in wav.samples {
            let on = s != 0
            if let last = runs.last, last.on == on { runs[runs.count - 1].length += 1 } else { runs.append((on, 1)) }
        }
        let expectedUnits = [1, 1, 3, 1, 3, 1, 1] // P: dot gap dash gap dash gap dot
        for (run, units) in zip(runs, expectedUnits) {
            let expected = Double(units) * unit + (run.on ? ramp : -ramp)
            #expect(abs(Double(run.length) - expected) <= 1, "run \(run) vs \(units) units")
        }
    }

    @Test func theReaderReportsEachPlaybackWithItsExactDuration() throws {
        let out = try LecteurProcess.run(quiet, input: "set wpm 20\nmorse PARIS\n", environment: home())
        let event = try #require(out.events("morse").first)
        #expect(event["text"] as? String == "PARIS")
        #expect(event["pattern"] as? String == ".--. .- .-. .. ...")
        #expect(event["wpm"] as? Double == 20)
        #expect(event["tone_hz"] as? Double == 600)
        #expect(abs((event["duration_ms"] as? Double ?? 0) - 43 * 60) < 0.1)
        let unknown = try LecteurProcess.run(quiet, input: "morse 50%\n", environment: home())
        #expect(unknown.events("notice").contains { ($0["message"] as? String)?.contains("« % »") == true })
    }

    @Test func settingsPersistAcrossRuns() throws {
        let env = home()
        _ = try LecteurProcess.run(quiet, input: "set vitesse 30\nset tonalité 700\n", environment: env)
        let out = try LecteurProcess.run(quiet, input: "morse E\n", environment: env)
        let event = try #require(out.events("morse").first)
        #expect(event["wpm"] as? Double == 30)
        #expect(event["tone_hz"] as? Double == 700)
    }

    /// Answers two questions of a practice round from the symbol card of A, kills the process,
    /// and checks in a second run that both attempts were stored (the truth of each question is
    /// read from its `practice` event: the question itself gives nothing away).
    @Test func practiceAttemptsAreStoredAtOnceAndSurviveAKill() throws {
        let env = home().merging(["LECTEUR_PRACTICE_SEED": "42"]) { $1 }
        let reader = try InteractiveLecteur(quiet, environment: env)
        for line in ["onglet morse", "activer", "suivant", "suivant", "suivant", "suivant"] { reader.send(line) }
        _ = try reader.next("focus") { $0["label"] as? String == "S'entraîner" }
        reader.send("activer")
        let question = try reader.next("morse")
        let hidden = question["text"] == nil && question["pattern"] == nil
        #expect(hidden && question["question"] as? Int == 1)
        reader.send("A")
        let firstResult = try reader.next("practice")
        _ = try reader.next("morse")
        reader.send("A")
        let secondResult = try reader.next("practice")
        _ = try reader.next("morse")             // the third symbol is played: both attempts are committed
        reader.kill()
        let first = try #require(firstResult["expected"] as? String), second = try #require(secondResult["expected"] as? String)
        let firstRight = firstResult["correct"] as? Bool == true, secondRight = secondResult["correct"] as? Bool == true
        #expect(firstRight == (first == "A") && secondRight == (second == "A"))

        let alphabet = MorseAlphabet.standard
        let after = try LecteurProcess.run(quiet, input: "onglet morse\n", environment: env)
        #expect(after.status == 0)
        let rows = try LecteurProcess.run(["audit", "--format", "json"], environment: env)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(rows.stdout.utf8)) as? [String: Any])
        let screens = try #require(report["screens"] as? [[String: Any]])
        let morse = try #require(screens.first { $0["screen"] as? String == "morse" }?["elements"] as? [[String: Any]])
        func value(_ character: String) -> String? {
            let id = alphabet.symbol(for: Character(character))!.id
            return morse.first { $0["id"] as? String == "morse.\(id)" }?["value"] as? String
        }
        if first == second {
            let right = [firstRight, secondRight].filter { $0 }.count
            #expect(value(first) == "réussite \(right * 50) %, 2 essais")
        } else {
            #expect(value(first) == "réussite \(firstRight ? 100 : 0) %, 1 essai")
            #expect(value(second) == "réussite \(secondRight ? 100 : 0) %, 1 essai")
        }
    }
}
