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
        #expect(printed.stdout.contains("Progrès, 1 ligne\n\(label)\n"), "\(printed.stdout)")
    }
}
