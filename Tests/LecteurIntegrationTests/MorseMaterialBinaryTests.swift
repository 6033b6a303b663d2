// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore
import LecteurLocales
import LecteurTestSupport
import Testing

/// Issue 37 item 8 through the binary, in pipe mode: what is sent is read back from the
/// `--audio-out` WAV by a tone decoder that knows nothing of it, and compared with the
/// `copy_result` the transcript gives after the copy.
@Suite(.serialized) struct MorseMaterialBinaryTests {
    let quiet = ["--transcript", "jsonl", "--speech", "off", "--braille", "off"]
    let alphabet = MorseAlphabet.standard

    /// The characters the WAV holds, in order, read by ear (one per tone pattern).
    func heard(_ wav: URL) throws -> String {
        let patterns = MorseListener.patterns(try WAVFile.decode(Data(contentsOf: wav)).samples)
        return String(patterns.map { alphabet.symbol(pattern: $0)?.character ?? "?" })
    }

    func sentCharacters(_ out: LecteurProcess.Output) -> String {
        out.events("copy_result").compactMap { $0["sent"] as? String }.joined().filter { $0 != " " }
    }

    /// Until a copy is typed, its text is nowhere in the transcript.
    func nothingGivenAway(_ out: LecteurProcess.Output, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let lines = out.stdout.split(separator: "\n").map(String.init)
        var start = 0
        for result in out.events("copy_result") {
            let sent = try #require(result["sent"] as? String)
            let end = try #require(lines[start...].firstIndex { $0.contains("\"copy_result\"") })
            for line in lines[start..<end] {
                #expect(!line.contains(sent) && !line.contains("\"pattern\""), "gave away \(sent): \(line)", sourceLocation: sourceLocation)
            }
            start = end + 1
        }
    }

    @Test func aFrenchQSOIsSentOverByOverAndHeardAsSent() throws {
        let home = ReaderHome()
        defer { home.remove() }
        let wav = home.root.appendingPathComponent("qso.wav")
        let out = try LecteurProcess.run(quiet + ["--audio-out", wav.path], input: "régler farnsworth 20\nentraînement qso\nCQ\nDE\nRST\nQTH\n73\n",
                                         environment: home.environment.merging(["LECTEUR_PRACTICE_SEED": "37"]) { $1 })
        #expect(out.status == 0)
        let results = out.events("copy_result")
        #expect(results.count == 5 && results.allSatisfy { $0["mode"] as? String == "qso" })
        let overs = results.compactMap { $0["sent"] as? String }
        #expect(overs.first?.hasPrefix("CQ CQ") == true && overs.last?.contains("73") == true, "\(overs)")
        // French operators' abbreviations (issue 48): MCI or TNX, never MERCI spelled out.
        let whole = overs.joined(separator: " ").split(separator: " ")
        #expect(overs[2].contains("RST") && (whole.contains("MCI") || whole.contains("TNX")) && !whole.contains("MERCI"), "\(overs)")
        // The answering station (overs 2 and 4) at its own speed and pitch, in the transcript.
        let sounds = out.events("morse").compactMap { event -> (Int, Int, Int)? in
            guard let q = event["question"] as? Int, let wpm = event["wpm"] as? Int, let hz = event["tone_hz"] as? Int else { return nil }
            return (q, wpm, hz)
        }
        let caller = Set(sounds.filter { [1, 3, 5].contains($0.0) }.map { "\($0.1)/\($0.2)" })
        let answering = Set(sounds.filter { [2, 4].contains($0.0) }.map { "\($0.1)/\($0.2)" })
        print("QSO stations: caller \(caller), answering \(answering)")
        #expect(caller.count == 1 && answering.count == 1 && caller != answering, "\(sounds)")
        // Each over scored as typed: « RST » alone copies a few of its characters.
        #expect(results.allSatisfy { ($0["score"] as? Int ?? 100) < 100 })
        // Compared by pattern: a prosign (`<KN>`) is one character with no letter of its own.
        #expect(try CopyEar.heard(wav) == CopyEar.sent(out))
        try nothingGivenAway(out)
        #expect(out.events("notice").contains { ($0["message"] as? String)?.hasPrefix("Copie terminée : ") == true })
    }

    /// Issue 48, item 4: Morse Runner's contest exchange. Four callers, each its call and « 5NN »
    /// with a cut serial, at its own speed and pitch (the `morse` events), heard as sent in the
    /// WAV; the same seed copied as a log writes it (« 599 047 ») scores 100 each.
    @Test func aContestCopySendsCallersWithTheirExchange() throws {
        let home = ReaderHome()
        defer { home.remove() }
        let wav = home.root.appendingPathComponent("concours.wav")
        let seeded = home.environment.merging(["LECTEUR_PRACTICE_SEED": "48"]) { $1 }
        let out = try LecteurProcess.run(quiet + ["--audio-out", wav.path], input: "entraînement concours 4\nx\nx\nx\nx\n", environment: seeded)
        #expect(out.status == 0)
        let intro = out.events("notice").compactMap { $0["message"] as? String }.first { $0.hasPrefix("Concours : 4 stations") }
        #expect(intro?.contains("de 10 à 20 mots par minute") == true, "\(out.events("notice"))")
        let results = out.events("copy_result")
        #expect(results.count == 4 && results.allSatisfy { $0["mode"] as? String == "contest" })
        let sent = results.compactMap { $0["sent"] as? String }
        for over in sent {
            let words = over.split(separator: " ").map(String.init)
            #expect(words.dropLast().last == "5NN" && Callsign.isPlausible(words.dropLast(2).last ?? ""), "\(over)")
        }
        let sounds = out.events("morse").compactMap { event -> String? in
            guard let wpm = event["wpm"] as? Int, let hz = event["tone_hz"] as? Int else { return nil }
            return "\(wpm)/\(hz)"
        }
        print("CONTEST sent \(sent), sounds \(sounds)")
        #expect(Set(sounds).count >= 3, "each caller its own sound: \(sounds)")
        #expect(try CopyEar.heard(wav) == CopyEar.sent(out))
        try nothingGivenAway(out)
        // Copied as a log writes it: every digit for its cut letter.
        let logged = sent.map(ContestExchange.logged)
        #expect(logged.allSatisfy { $0.split(separator: " ").dropLast().last == "599" }, "\(logged)")
        let copied = try LecteurProcess.run(quiet, input: "entraînement concours 4\n" + logged.joined(separator: "\n") + "\n", environment: seeded)
        #expect(copied.events("copy_result").compactMap { $0["sent"] as? String } == sent)
        #expect(copied.events("copy_result").compactMap { $0["score"] as? Int } == [100, 100, 100, 100])
    }

    /// Issue 48's done-when through the binary: 100 callsigns (two sessions of 50 at Koch lesson
    /// 30) of real shapes and learnt characters, and 20 English QSOs whose stations, of many
    /// countries, each have a name and a QTH of their callsign's country and a power their rig has.
    @Test func aHundredCallsignsAndTwentyQSOsFollowTheRules() throws {
        let home = ReaderHome()
        defer { home.remove() }
        let seeded = home.environment.merging(["LECTEUR_PRACTICE_SEED": "4848"]) { $1 }
        let answers = String(repeating: "x\n", count: 50)
        let calls = try LecteurProcess.run(quiet, input: "régler koch 30\nentraînement indicatifs 50\n" + answers
                                           + "entraînement indicatifs 50\n" + answers, environment: seeded)
        let sent = calls.events("copy_result").compactMap { $0["sent"] as? String }
        let learnt = Set(MorseAlphabet.kochOrder.prefix(31))
        #expect(sent.count == 100)
        #expect(sent.allSatisfy(Callsign.isPlausible), "\(sent.filter { !Callsign.isPlausible($0) })")
        #expect(sent.allSatisfy { $0.allSatisfy(learnt.contains) }, "\(sent)")
        let suffixes = sent.map { call in call.reversed().prefix { $0.isLetter }.count }
        print("CALLSIGNS through the binary: \(sent.count) calls, suffixes of 2 letters \(suffixes.filter { $0 == 2 }.count), "
              + "of 3 \(suffixes.filter { $0 == 3 }.count), prefixes \(Set(sent.map { String($0.prefix { $0.isLetter }) }).sorted())")

        let qsos = try LecteurProcess.run(quiet, input: "entraînement qso anglais 20\n" + String(repeating: "x\n", count: 100), environment: seeded)
        let overs = qsos.events("copy_result").compactMap { $0["sent"] as? String }
        #expect(overs.count == 100)
        let material = QSOMaterial(strings: Strings(localeCode: "en", table: try #require(LocaleResources.table(locale: "en"))))
        func of(_ call: String, _ table: [String: [String]], else fallback: [String]) -> [String] {
            table.keys.filter { !$0.isEmpty && call.hasPrefix($0) }.max { $0.count < $1.count }.flatMap { table[$0] } ?? fallback
        }
        var countries = Set<String>()
        for qso in stride(from: 0, to: overs.count - 4, by: 5) {
            let cq = overs[qso].split(separator: " ").map(String.init)
            let a = try #require(cq.firstIndex(of: "DE").map { cq[$0 + 1] })
            let b = try #require(overs[qso + 1].split(separator: " ").map(String.init).last { $0 != a && Callsign.isPlausible($0) })
            for (over, call) in [(overs[qso + 2], a), (overs[qso + 3], b)] {
                #expect(Callsign.isPlausible(call) && material.prefixes.contains { call.hasPrefix($0) }, "\(call)")
                countries.insert(String(call.prefix { $0.isLetter }))
                let words = over.split(separator: " ").map(String.init)
                let names = words.indices.filter { ["NAME", "OP"].contains(words[$0]) }.map { words[$0 + 1] }
                let towns = words.indices.filter { words[$0] == "QTH" }.map { words[$0 + 1] }
                #expect(!names.isEmpty && names.allSatisfy(of(call, material.namesByPrefix, else: material.names).contains), "\(call): \(over)")
                #expect(!towns.isEmpty && towns.allSatisfy(of(call, material.placesByPrefix, else: material.places).contains), "\(call): \(over)")
            }
            let reply = overs[qso + 3].split(separator: " ").map(String.init)
            let rig = try #require(reply.first { material.rigs.contains($0) }, "\(reply)")
            let watts = try #require(reply.first { $0.hasSuffix("W") && Int($0.dropLast()) != nil }.flatMap { Int($0.dropLast()) })
            #expect(watts <= material.rigWatts[rig] ?? 100, "\(rig) \(watts)W")
        }
        print("QSOS through the binary: 20 English QSOs, stations of \(countries.sorted())")
        // More than the six prefixes of English-speaking countries (G, M, K, W, N, VE) the
        // English material had before.
        #expect(countries.count >= 8, "\(countries)")
    }

    @Test func theEnglishInterfaceCopiesEnglishQSOsAndEnglishWords() throws {
        let home = ReaderHome()
        defer { home.remove() }
        let english = home.environment.merging(["LANG": "en_US.UTF-8", "LECTEUR_PRACTICE_SEED": "8"]) { $1 }
        let wav = home.root.appendingPathComponent("qso.wav")
        let qso = try LecteurProcess.run(quiet + ["--audio-out", wav.path], input: "practice qso\nstop\n", environment: english)
        #expect(qso.status == 0)
        let intro = qso.events("notice").first { ($0["message"] as? String)?.hasPrefix("Copying 1 QSO, 5 overs") == true }
        #expect(intro != nil)
        let words = try LecteurProcess.run(quiet, input: "set koch 30\npractice words 6\nTHE\n", environment: english)
        let sent = try #require(words.events("copy_result").first?["sent"] as? String)
        let table = Strings(localeCode: "en", table: try #require(LocaleResources.table(locale: "en")))
        let french = Strings(localeCode: "fr", table: try #require(LocaleResources.table(locale: "fr")))
        let englishList = Set(table(.morseTrainerWords).uppercased().split(separator: " "))
        #expect(sent.split(separator: " ").count == 6 && sent.split(separator: " ").allSatisfy { englishList.contains($0) }, "\(sent)")
        // The French interface keeps the French list.
        let frenchRun = try LecteurProcess.run(quiet, input: "régler koch 30\nentraînement mots 6\nMER\n", environment: home.environment)
        let frenchSent = try #require(frenchRun.events("copy_result").first?["sent"] as? String)
        let frenchList = Set(french(.morseTrainerWords).uppercased().split(separator: " "))
        #expect(frenchSent.split(separator: " ").allSatisfy { frenchList.contains($0) }, "\(frenchSent)")
    }

    @Test func theUsersOwnTextIsCleanedSentAndScoredAndBadFilesAreSaid() throws {
        let home = ReaderHome()
        defer { home.remove() }
        let file = home.root.appendingPathComponent("mon texte.txt")
        try Data("<h1>Bonjour</h1> \u{1B}[2J\u{1B}]0;pwned\u{7}tout le monde&nbsp;!\r\nÊtre à l’heure, c’est 73.\u{0}".utf8).write(to: file)
        let fifo = home.root.appendingPathComponent("tube")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let wav = home.root.appendingPathComponent("texte.wav")
        let input = """
            entraînement texte \(home.root.path)
            entraînement texte \(fifo.path)
            entraînement texte \(home.root.path)/absent.txt
            entraînement texte ~/mon texte.txt
            BONJOUR TOUT LE MONDE ETRE A L'HEURE,
            CEST 73

            """
        let out = try LecteurProcess.run(quiet + ["--audio-out", wav.path], input: input,
                                         environment: home.environment.merging(["HOME": home.root.path]) { $1 })
        #expect(out.status == 0)
        let errors = out.events("error").compactMap { $0["message"] as? String }
        #expect(errors == [
            "Impossible de lire le texte « \(home.root.path) » : c'est un dossier, pas un fichier.",
            "Impossible de lire le texte « \(fifo.path) » : c'est un tube nommé (FIFO), pas un fichier : il n'est pas lu.",
            "Impossible de lire le texte « \(home.root.path)/absent.txt » : fichier introuvable.",
        ])
        let results = out.events("copy_result")
        #expect(results.compactMap { $0["sent"] as? String } == ["BONJOUR TOUT LE MONDE ETRE A L'HEURE,", "C'EST 73."])
        #expect(results.compactMap { $0["score"] as? Int } == [100, 75])
        #expect(results.allSatisfy { $0["mode"] as? String == "text" })
        // No escape, control character or markup reached the transcript.
        #expect(!out.stdout.contains("pwned") && !out.stdout.contains("\\u001b") && !out.stdout.contains("<h1>"))
        #expect(try heard(wav) == sentCharacters(out))
        try nothingGivenAway(out)
    }

    @Test func groupsTakeTheLengthSetAndTheWAVHoldsThem() throws {
        let home = ReaderHome()
        defer { home.remove() }
        let wav = home.root.appendingPathComponent("groupes.wav")
        let out = try LecteurProcess.run(quiet + ["--audio-out", wav.path],
                                         input: "régler koch 10\nrégler longueur-groupes 2-4\nentraînement groupes 12\nKM\n",
                                         environment: home.environment.merging(["LECTEUR_PRACTICE_SEED": "3"]) { $1 })
        #expect(out.status == 0)
        let sent = try #require(out.events("copy_result").first?["sent"] as? String)
        let groups = sent.split(separator: " ")
        #expect(groups.count == 12 && groups.allSatisfy { (2...4).contains($0.count) } && Set(groups.map(\.count)).count > 1, "\(sent)")
        #expect(try heard(wav) == sentCharacters(out))
        // Kept for the next run.
        let again = try LecteurProcess.run(quiet, input: "régler longueur-groupes\n", environment: home.environment)
        #expect(again.events("notice").contains { ($0["message"] as? String)?.hasPrefix("Longueur-groupes : 2-4 ;") == true })
    }

    @Test func licwOrderAsksRAndEFirst() throws {
        let home = ReaderHome()
        defer { home.remove() }
        let wav = home.root.appendingPathComponent("licw.wav")
        let answers = (0..<20).map { $0 % 2 == 0 ? "R" : "E" }
        let out = try LecteurProcess.run(quiet + ["--audio-out", wav.path],
                                         input: (["régler ordre-koch licw", "entraînement"] + answers).joined(separator: "\n") + "\n",
                                         environment: home.environment.merging(["LECTEUR_PRACTICE_SEED": "5"]) { $1 })
        #expect(out.status == 0)
        let expected = out.events("practice").compactMap { $0["expected"] as? String }
        #expect(expected.count == 20 && expected.allSatisfy { $0 == "R" || $0 == "E" } && Set(expected).count == 2, "\(expected)")
        // Heard: R and E only (questions and the corrections after wrong answers).
        #expect(Set(try heard(wav)).isSubset(of: ["R", "E"]))
    }

    @Test func progressIsAScreenOfDaysNavigatedAndBrailled() throws {
        let home = ReaderHome()
        defer { home.remove() }
        let empty = try LecteurProcess.run(quiet, input: "progrès\n", environment: home.environment)
        #expect(empty.events("notice").contains {
            $0["message"] as? String == "Aucune réponse enregistrée : le progrès se lit après un premier entraînement."
        })
        _ = try LecteurProcess.run(quiet, input: "entraînement\nK\nM\nK\nM\nstop\n",
                                   environment: home.environment.merging(["LECTEUR_PRACTICE_SEED": "26"]) { $1 })
        // A copy is scored and stored too: one group, copied as typed.
        let copy = try LecteurProcess.run(quiet, input: "entraînement groupes 1\nKMKMK\n", environment: home.environment)
        let score = try #require(copy.events("copy_result").first?["score"] as? Int, "\(copy.stdout.suffix(400))")
        // Interactive: the screen's name is a message for a second, then the element is brailled.
        let reader = try InteractiveLecteur(["--transcript", "jsonl", "--speech", "off"], environment: home.environment)
        reader.send("régler message-braille 1")
        reader.send("progrès")
        let focus = try reader.next("focus") { $0["screen"] as? String == "progress" }
        let label = try #require(focus["label"] as? String)
        #expect(focus["title"] as? String == "Progrès" && focus["count"] as? Int == 1)
        // Piped answers are read before their questions are asked: no time was measured, and
        // none is said (it read « Réponse en 0 seconde (médiane) »).
        let pattern = #/^(1er|\d{1,2}) [a-zéû]+ \d{4} : 4 réponses, (\d+) % de bonnes\. 20 mots par minute\. Copie : 1 envoi, (\d+) % de caractères justes\.$/#
        #expect(label.wholeMatch(of: pattern).map { Int($0.output.3) } == score, "\(label), score \(score)")
        let brailled = try reader.next("braille") { $0["kind"] as? String == "focus" }
        #expect(brailled["text"] as? String == label, "\(brailled)")
        // Left with `retour`, as any screen.
        reader.send("retour")
        #expect(try reader.next("focus")["screen"] as? String == "formations")
        reader.send("quitter")
        #expect(reader.finish() == 0)
        // Printed on a terminal's transcript too, one element a line.
        let printed = try LecteurProcess.run(["--speech", "off", "--braille", "off"], input: "progrès\n", environment: home.environment)
        // The label as the transcript gives it (plain spaces), printed with French's no-break
        // spaces before its two colons (issue 46).
        let printedLabel = label.replacingOccurrences(of: " :", with: "\u{202F}:")
        #expect(printedLabel.components(separatedBy: "\u{202F}:").count == 3, "\(printedLabel)")
        #expect(printed.stdout.contains("Progrès, 1 ligne\n\(printedLabel)\n"), "\(printed.stdout)")
    }
}
