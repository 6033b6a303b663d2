// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurTestSupport
import Testing

/// Skimming through the real binary, with French and English command names; each answer is
/// checked in the JSON Lines contract (focus, speech, braille).
@Suite struct SkimmingSessionTests {
    let quiet = ["--transcript", "jsonl", "--speech", "off", "--braille", "off"]

    /// Every notice and error reaches the display: its text, or the shorter form its event
    /// carries (`braille`, as the Koch introduction has).
    func run(_ script: String, _ extra: [String] = []) throws -> LecteurProcess.Output {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("lecteur-skim-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let out = try LecteurProcess.run(quiet + extra, input: script,
                                         environment: ["XDG_DATA_HOME": home.path + "/data", "XDG_CACHE_HOME": home.path + "/cache", "XDG_CONFIG_HOME": home.path + "/config"])
        #expect(out.status == 0)
        #expect(out.messagesNotBrailled.isEmpty, "every notice and error reaches the display")
        return out
    }

    func labels(_ out: LecteurProcess.Output) -> [String] { out.events("focus").compactMap { $0["id"] as? String } }
    func said(_ out: LecteurProcess.Output) -> [String] { out.events("speech").compactMap { $0["text"] as? String } }
    func messages(_ out: LecteurProcess.Output) -> [String] {
        out.events.filter { ["notice", "error"].contains($0["type"] as? String) }.compactMap { $0["message"] as? String }
    }

    @Test(arguments: [
        "formation suivante\nformation suivante\nformation précédente\ntitre précédent\naller 3\noù\nfiltre bureau\nfiltre toutes\n",
        "next course\nnext course\nprevious course\nprevious heading\ngo 3\nwhere\nfilter bureau\nfilter all\n",
    ])
    func jumpsPositionsAndFilterCounts(script: String) throws {
        let out = try run(script)
        #expect(labels(out) == ["chip.all", "card.1", "card.2", "card.1", "section.heading", "card.3", "section.heading", "section.heading"])
        #expect(said(out).contains { $0.hasSuffix("formation 2 sur 14. Appuyez pour voir les détails de cette formation") })
        #expect(messages(out).contains("Formations, formation 3 sur 14"))
        #expect(messages(out).contains("Bureautique : 2 formations"))
        #expect(messages(out).contains("Toutes : 14 formations"))
        // Every focus is on the display, after its message when it had one.
        #expect(out.events("braille").contains { $0["kind"] as? String == "focus" && ($0["text"] as? String)?.hasPrefix("Agents") == true })
    }

    @Test(arguments: ["chercher RGAA\n/braille\nchercher\nchercher cuisine\nrépéter message\n",
                      "find RGAA\n/braille\nfind\nfind cuisine\nrepeat message\n"])
    func searchWrapsAndTheLastMessageComesBack(script: String) throws {
        let out = try run(script)
        #expect(labels(out) == ["chip.all", "card.9", "card.10", "card.10"])
        let errors = out.events("error").compactMap { $0["message"] as? String }
        #expect(errors == ["Aucun élément ne contient « cuisine ».", "Aucun élément ne contient « cuisine »."])
        #expect(messages(out).contains("Recherche reprise au début."))
    }

    @Test(arguments: ["aller 9\nactiver\ntout lire\n", "go 9\nactivate\nread all\n"])
    func readAllOnADetailReachesItsLastElement(script: String) throws {
        let out = try run(script)
        let detail = out.events("focus").filter { $0["screen"] as? String == "detail" }.compactMap { $0["id"] as? String }
        #expect(detail.first == "detail.title")
        #expect(detail.last == "back")
        #expect(Set(detail).count == 8, "every element of the detail was read")
        #expect(messages(out).last == "Fin de l'écran.")
        #expect(out.events("braille").last?["kind"] as? String == "message")
    }

    @Test func readAllWithSpeechOnFollowsTheVoiceIntoAWAVFile() throws {
        let wav = FileManager.default.temporaryDirectory.appendingPathComponent("lecteur-readall-\(UUID().uuidString).wav")
        defer { try? FileManager.default.removeItem(at: wav) }
        let out = try LecteurProcess.run(["--transcript", "jsonl", "--speech", "on", "--braille", "off", "--audio-out", wav.path],
                                         input: "aller 1\nactiver\ntout lire\n", timeout: 60)
        #expect(out.status == 0)
        #expect(out.events("focus").last?["id"] as? String == "back")
        let spoken = out.events("speech").compactMap { $0["text"] as? String }
        #expect(spoken.last == "Fin de l'écran.")
        // The file holds what was heard. The first utterances are cut by the commands typed after
        // them; « tout lire » then says the detail from its title to « Fin de l'écran. », each one
        // whole before the focus moves on: at least those, as long as the espeak-ng command line
        // makes them (up to its last audible sample), at most everything said, within 10 %.
        let samples = try EspeakCommandLine.samples(ofWAV: Data(contentsOf: wav))
        let readFrom = try #require(spoken.lastIndex(of: "Starter Pack - i a Générative, titre"), "\(spoken)")
        let lengths = try spoken.map { try EspeakCommandLine.audibleSamples($0, voice: "fr") }
        let readAll = lengths[readFrom...].reduce(0, +), everything = lengths.reduce(0, +)
        #expect(spoken.count - readFrom >= 9, "\(spoken)")
        #expect(samples.count > readAll * 9 / 10 && samples.count < everything * 11 / 10,
                "WAV \(samples.count) samples, read all \(readAll), everything said \(everything): \(spoken)")
        #expect(samples.contains { abs(Int($0)) > 5000 }, "the WAV is not silent")
    }

    @Test(arguments: ["plus vite\nmoins vite\nmoins vite\ndébit +30\ndébit 200\nplus fort\nvolume -20\n",
                      "faster\nslower\nslower\nrate +30\nrate 200\nlouder\nvolume -20\n"])
    func quickSpeechSettingsAreRelative(script: String) throws {
        let out = try run(script)
        #expect(out.events("notice").compactMap { $0["message"] as? String }.filter { $0.hasPrefix("Débit") || $0.hasPrefix("Volume") }
                == ["Débit : 195.", "Débit : 175.", "Débit : 155.", "Débit : 185.", "Débit : 200.", "Volume : 110.", "Volume : 90."])
    }

    @Test func honestStatesAndMorseProgressInWords() throws {
        let introduction = "Entraînement Koch, 2 symboles : K, M. Écoutez, puis tapez le caractère entendu. Ligne vide pour réécouter, « stop » pour finir. Encore 20 bonnes réponses pour débloquer U."
        let out = try run("onglet morse\nentraînement\noù\naide\nstop\nquitter\n")
        // Issue 37: a deafblind learner reads « Koch K M ; ligne vide : réécouter… », not eight
        // windows; the introduction's event says so.
        let intro = out.events("notice").first { $0["message"] as? String == introduction }
        #expect(intro?["braille"] as? String == "Koch K M ; ligne vide : réécouter, stop : finir.")
        #expect(out.events("focus").first { $0["screen"] as? String == "morse" }?["value"] as? String == "pas encore pratiqué")
        #expect(messages(out).filter { $0.hasPrefix("Entraînement en cours") }.count == 1, "« aide »")
        #expect(messages(out).contains("Question 1 ; 0 bonne réponse sur 0. Leçon Koch 1, 2 symboles. Encore 20 bonnes réponses pour débloquer U."),
                "« où »")
        #expect(messages(out).contains("Entraînement terminé, aucun essai."))
        let quitInPractice = try run("entraînement\nquitter\nsuivant\n")
        #expect(!labels(quitInPractice).contains("chip.#4"), "« quitter » in practice leaves the reader")
    }
}
