// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore
import LecteurTestSupport
import Testing

/// Issue 37, item 6, through the binary: reflex drills in pipe mode with `--audio-out`, and by
/// touch on brltty's test display with the voice off.
@Suite struct ReflexDrillSessionTests {
    let quiet = ["--transcript", "jsonl", "--speech", "off", "--braille", "off"]

    /// The passive drill: each question's event is its number alone; its name comes after the
    /// tones and the 1.5 s pause, on the clock; the WAV, read by ear, holds the characters named.
    @Test func thePassiveDrillNamesEachCharacterAfterItsPause() throws {
        let home = ReaderHome()
        defer { home.remove() }
        let wav = home.root.appendingPathComponent("passive.wav")
        let reader = try InteractiveLecteur(quiet + ["--audio-out", wav.path], environment: home.environment)
        reader.send("réflexe")
        var named: [String] = []
        for n in 1...3 {
            let question = try reader.next("morse") { $0["question"] as? Int == n }
            #expect(Set(question.keys) == ["type", "question", "wpm", "tone_hz"], "nothing but its number: \(question)")
            let name = try reader.next("notice") { $0["code"] as? String == "reflex" && ($0["message"] as? String)?.count == 1 }
            named.append(try #require(name["message"] as? String))
        }
        reader.send("stop")
        #expect(reader.finish() == 0)
        // When each question was asked and when it was named, as the transcript arrived.
        let asked = reader.seenTimed("morse").filter { $0.event["question"] != nil }.map(\.at)
        let names = reader.seenTimed("notice").filter { ($0.event["message"] as? String)?.count == 1 }.map(\.at)
        var waits: [Double] = []
        for n in 0..<3 {
            let wait = names[n].timeIntervalSince(asked[n]) * 1000
            waits.append(wait)
            // The word space (420 ms), the tones (420 or 540 ms at 20 WPM) and the pause (1 500),
            // less what the transcript's pipe may have held back the question's line.
            let tones = named[n] == "K" ? 540.0 : 420.0
            #expect(wait >= 420 + tones + 1_500 - 100, "question \(n + 1) named after \(wait) ms")
        }
        print("REFLEX passive: named \(named) after \(waits.map { Int($0) }) ms")
        let summary = reader.seen("notice").compactMap { $0["message"] as? String }.last
        #expect(summary?.hasPrefix("Réflexes terminés : 3 caractères entendus et nommés.") == true, "\(summary ?? "")")
        let alphabet = MorseAlphabet.standard
        let heard = MorseListener.patterns(try WAVFile.decode(Data(contentsOf: wav)).samples)
        #expect(Array(heard.prefix(3)) == named.map { alphabet.symbol(for: Character($0))!.pattern }, "\(heard)")
    }

    /// The active drill: an answer 1.3 s after the question is in time (its tones end first); no
    /// answer at all is given by the clock as missed; a wrong answer is named; the median time
    /// is said at the end, and the answers are stored: `statistiques` reads them back, and the
    /// next drill starts by saying their median.
    @Test func theActiveDrillTimesEachAnswer() throws {
        let home = ReaderHome()
        defer { home.remove() }
        let wav = home.root.appendingPathComponent("active.wav")
        let environment = home.environment.merging(["LECTEUR_PRACTICE_SEED": "11"]) { $1 }
        // The drill's characters, from the same seed (the learner's ear is not what is tested).
        var twin = ReflexSession(mode: .active, settings: ReflexSettings(), pool: Array(MorseAlphabet.standard.kochSymbols.prefix(2)),
                                 random: SeededRandom(seed: 11))
        _ = twin.start()
        var characters: [String] = []
        for _ in 0..<3 {
            characters.append(String(twin.current!.character))
            _ = twin.clockRang(question: twin.question)
        }
        let reader = try InteractiveLecteur(quiet + ["--audio-out", wav.path], environment: environment)
        reader.send("réflexe actif")
        _ = try reader.next("morse") { $0["question"] as? Int == 1 }
        usleep(1_300_000)
        reader.send(characters[0])
        let first = try reader.next("practice") { $0["question"] as? Int == 1 }
        // No answer: the clock gives it.
        let missed = try reader.next("practice", timeout: 10) { $0["question"] as? Int == 2 }
        _ = try reader.next("morse") { $0["question"] as? Int == 3 }
        usleep(1_300_000)
        reader.send(characters[2] == "K" ? "M" : "K")
        let wrong = try reader.next("practice") { $0["question"] as? Int == 3 }
        reader.send("stop")
        let summary = try reader.next("notice") { ($0["message"] as? String)?.hasPrefix("Réflexes terminés") == true }
        reader.send("statistiques")
        let line = try reader.next("focus") { $0["screen"] as? String == "statistics" }
        reader.send("retour")
        reader.send("réflexe actif")
        let again = try reader.next("notice") { ($0["message"] as? String)?.hasPrefix("Réflexes chronométrés sur") == true }
        reader.send("stop")
        #expect(reader.finish() == 0)

        print("REFLEX active: \(first), \(missed), \(wrong), \(summary["message"] ?? "")")
        #expect(first["mode"] as? String == "reflex" && first["correct"] as? Bool == true, "\(first)")
        let latency = try #require(first["latency_ms"] as? Int)
        #expect(latency >= 0 && latency <= 1_000, "\(latency)")
        #expect(missed["answer"] as? String == "" && missed["correct"] as? Bool == false, "\(missed)")
        #expect(wrong["correct"] as? Bool == false && wrong["expected"] as? String == characters[2], "\(wrong)")
        let notices = reader.seen("notice").compactMap { $0["message"] as? String }
        #expect(notices.contains("Temps écoulé : c'était \(characters[1])."))
        let said = try #require(summary["message"] as? String)
        #expect(said.hasPrefix("Réflexes terminés : 1 sur 3 caractères reconnus en 1 seconde au plus. Temps médian par caractère : "),
                "\(said)")
        // Only the first answer had the right character: its time is the stored median.
        let median = String(said.dropFirst("Réflexes terminés : 1 sur 3 caractères reconnus en 1 seconde au plus. Temps médian par caractère : ".count))
        #expect((again["message"] as? String)?.hasSuffix(" Temps médian de vos dernières réponses : " + median) == true, "\(again)")
        // The three answers were stored: the statistics screen opens on them (none would be a message).
        #expect(line["label"] as? String == "Statistiques sur les 20 dernières réponses de chaque symbole.", "\(line)")
        let lines = reader.seen("focus").filter { $0["screen"] as? String == "statistics" }.count
        #expect(lines >= 1)
    }

    /// Touch first: voice off, brltty's test display, the setting never chosen. The drill is
    /// asked for on the display's keyboard; each question is its pattern at the end of the
    /// display's line; the answer is typed there too, dot 8 ending it, and counts.
    @Test(.requires(.brltty)) func anActiveDrillByTouch() throws {
        let touch = BrailleInputSessionTests()
        let (rig, reader) = try touch.start()
        defer { _ = reader.finish(); rig.stop() }
        // Time to type a letter and dot 8 at a person's pace (150 ms a key here), under load.
        reader.send("régler temps-réflexe 5")
        _ = try reader.next("notice") { ($0["message"] as? String)?.hasPrefix("Réflexes chronométrés : une réponse compte en 5") == true }
        try touch.type("reflexe actif", rig, reader)
        var seen = rig.brailleEvents().count
        try touch.send("PassDots 128", rig)
        for n in 1...3 {
            let event = try reader.next("braille") { ($0["text"] as? String)?.contains("Question \(n) ") == true }
            let symbol = try BrailledQuestion.symbol(event, question: n, on: rig, after: seen)
            #expect((event["text"] as? String)?.hasSuffix("Question \(n) " + MorseBraille.cells(symbol.pattern)) == true)
            try touch.type(String(symbol.character).lowercased(), rig, reader)
            seen = rig.brailleEvents().count
            try touch.send("PassDots 128", rig)
            let result = try reader.next("practice") { $0["question"] as? Int == n }
            #expect(result["mode"] as? String == "reflex" && result["correct"] as? Bool == true, "\(result)")
        }
        reader.send("stop")
        let summary = try reader.next("notice") { ($0["message"] as? String)?.hasPrefix("Réflexes terminés") == true }
        #expect((summary["message"] as? String)?.hasPrefix("Réflexes terminés : 3 sur 3 caractères reconnus en 5 secondes au plus.") == true,
                "\(summary)")
    }
}
