// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore
import LecteurLocales
import LecteurTestSupport
import Testing

/// What a copy sent, as the ear hears it: one pattern a character, a prosign's letters run
/// together into one (`<KN>` is −·−−·, not −·− and −·).
enum CopyEar {
    static func heard(_ wav: URL) throws -> [String] {
        MorseListener.patterns(try WAVFile.decode(Data(contentsOf: wav)).samples)
    }

    static func sent(_ out: LecteurProcess.Output, alphabet: MorseAlphabet = .standard) -> [String] {
        out.events("copy_result").compactMap { $0["sent"] as? String }
            .flatMap { alphabet.encode($0).words.flatMap { $0.map(\.pattern) } }
    }
}

/// Issue 37's QSO prosigns through the binary: AR, KN, BK and SK are sent as one character each,
/// with no letter gap inside (read back from `--audio-out` by an ear that knows nothing of the
/// text), and a copy counts each as one character, typed `<KN>` or as the character of the same
/// code (`(` for KN).
@Suite(.serialized) struct QSOProsignBinaryTests {
    let quiet = ["--transcript", "jsonl", "--speech", "off", "--braille", "off"]
    let french = Strings(localeCode: "fr", table: LocaleResources.table(locale: "fr") ?? [:])

    /// The first seed (from 1) whose French QSO has KN after the report and BK after the reply:
    /// the four prosigns in one QSO. The session draws its QSO first from the seed the runtime
    /// hands out, which is `LECTEUR_PRACTICE_SEED` for the first practice.
    func seedWithEveryProsign() throws -> (UInt64, [String]) {
        for seed in 1...200 as ClosedRange<UInt64> {
            var random = SeededRandom(seed: seed)
            let overs = QSOText(strings: french).qso(using: &random)
            if overs[2].hasSuffix("<KN>") && overs[3].hasSuffix("<BK>") && overs[1].hasSuffix("<AR>") { return (seed, overs) }
        }
        throw CancellationError()
    }

    @Test func prosignsAreOneCharacterOnTheAirAndInTheScore() throws {
        let (seed, overs) = try seedWithEveryProsign()
        #expect(overs[4].contains("<SK>"), "\(overs[4])")
        let home = ReaderHome()
        defer { home.remove() }
        let wav = home.root.appendingPathComponent("qso.wav")
        // Over 1 as sent, over 2 in lower case, over 3 with `(` for KN, over 4 without its BK,
        // over 5 with `<sk>` typed in lower case.
        let typed = [overs[0], overs[1].lowercased(), overs[2].replacingOccurrences(of: "<KN>", with: "("),
                     String(overs[3].dropLast("<BK>".count)), overs[4].replacingOccurrences(of: "<SK>", with: "<sk>")]
        let out = try LecteurProcess.run(quiet + ["--audio-out", wav.path],
                                         input: "régler farnsworth 20\nentraînement qso\n" + typed.joined(separator: "\n") + "\n",
                                         environment: home.environment.merging(["LECTEUR_PRACTICE_SEED": "\(seed)"]) { $1 })
        #expect(out.status == 0)
        let results = out.events("copy_result")
        #expect(results.compactMap { $0["sent"] as? String } == overs)
        // Over 4 lacks one character of n: (n - 1) / n, and the mistake names `<BK>` at n.
        let characters = CopyScoring.tokens(overs[3], alphabet: .standard).count
        let expected = Int((Double(characters - 1) * 100 / Double(characters)).rounded())
        #expect(results.compactMap { $0["score"] as? Int } == [100, 100, 100, expected, 100], "\(results)")
        let errors = try #require(results[3]["errors"] as? [[String: Any]])
        #expect(errors.count == 1 && errors.first?["sent"] as? String == "<BK>" && errors.first?["typed"] as? String == ""
                && errors.first?["position"] as? Int == characters, "\(errors)")
        // Said by its letters: « prosigne B K manqué ».
        #expect(out.events("notice").contains { ($0["message"] as? String)?.contains("prosigne B K manqué") == true })
        // Heard as sent, each prosign one pattern: a letter gap inside KN would be heard as K, N.
        let heard = try CopyEar.heard(wav)
        #expect(heard == CopyEar.sent(out))
        for pattern in ["-.--.", ".-.-.", "-...-.-", "...-.-"] {
            #expect(heard.contains(pattern), "no \(pattern) heard")
        }
    }
}

/// `entraînement qso anglais|français` through the binary, in both interface languages: the
/// overs sent are the other locale's QSO for the seed, the reader's own words stay the
/// interface's, and the help and a wrong argument name the choice.
@Suite(.serialized) struct QSOLanguageBinaryTests {
    let quiet = ["--transcript", "jsonl", "--speech", "off", "--braille", "off"]

    func qso(_ locale: String, seed: UInt64) -> [String] {
        var random = SeededRandom(seed: seed)
        return QSOText(strings: Strings(localeCode: locale, table: LocaleResources.table(locale: locale) ?? [:])).qso(using: &random)
    }

    func run(_ input: String, english: Bool, seed: UInt64, home: ReaderHome) throws -> LecteurProcess.Output {
        var environment = home.environment.merging(["LECTEUR_PRACTICE_SEED": "\(seed)"]) { $1 }
        if english { environment["LANG"] = "en_US.UTF-8" }
        return try LecteurProcess.run(quiet, input: input, environment: environment)
    }

    @Test func aFrenchInterfaceCopiesAnEnglishQSOAndTheOtherWayRound() throws {
        let home = ReaderHome()
        defer { home.remove() }
        let english = try run("entraînement qso anglais\nx\nx\nx\nx\nx\n", english: false, seed: 11, home: home)
        #expect(english.status == 0)
        let sentInEnglish = english.events("copy_result").compactMap { $0["sent"] as? String }
        #expect(sentInEnglish == qso("en", seed: 11) && sentInEnglish != qso("fr", seed: 11), "\(sentInEnglish)")
        #expect(english.events("notice").contains { ($0["message"] as? String)?.hasPrefix("Copie de 1 QSO, 5 passages") == true })
        let french = try run("practice qso french 1\nx\nx\nx\nx\nx\n", english: true, seed: 11, home: home)
        #expect(french.status == 0)
        let sentInFrench = french.events("copy_result").compactMap { $0["sent"] as? String }
        #expect(sentInFrench == qso("fr", seed: 11), "\(sentInFrench)")
        #expect(french.events("notice").contains { ($0["message"] as? String)?.hasPrefix("Copying 1 QSO, 5 overs") == true })
        // Without a language, the interface's as before.
        let plain = try run("entraînement qso\nx\n", english: false, seed: 11, home: home)
        #expect(plain.events("copy_result").first?["sent"] as? String == qso("fr", seed: 11)[0])
    }

    @Test func theHelpAndAWrongArgumentNameTheLanguages() throws {
        let home = ReaderHome()
        defer { home.remove() }
        let french = try run("aide entraînement\nentraînement qso klingon\n", english: false, seed: 1, home: home)
        let help = french.events("notice").compactMap { $0["message"] as? String }.first { $0.contains("Koch") } ?? ""
        #expect(help.contains("« qso » (suivi au besoin de « anglais » ou « français »)"), "\(help)")
        let error = french.events("error").compactMap { $0["message"] as? String }.first ?? ""
        #expect(error.contains("« qso anglais » ou « qso français »"), "\(french.stdout.suffix(600))")
        let english = try run("help practice\npractice qso klingon\n", english: true, seed: 1, home: home)
        let englishHelp = english.events("notice").compactMap { $0["message"] as? String }.first { $0.contains("Koch") } ?? ""
        #expect(englishHelp.contains("“qso” (optionally followed by “english” or “french”)"), "\(englishHelp)")
        let englishError = english.events("error").compactMap { $0["message"] as? String }.first ?? ""
        #expect(englishError.contains("“qso english” or “qso french”"), "\(english.stdout.suffix(600))")
    }
}

/// Tab offers the QSO's language on a pseudo-terminal, as a person types, in both interfaces.
@Suite struct QSOLanguageTabTests {
    @Test func tabCompletesTheLanguageAndTheQSOIsTheOneChosen() throws {
        let home = ReaderHome()
        defer { home.remove() }
        let arguments = ["--transcript", "jsonl", "--speech", "off", "--braille", "off"]
        for (english, typed, word, locale) in [(false, "entraînement qso an", "anglais", "en"), (true, "practice qso fr", "french", "fr")] {
            var environment = home.environment.merging(["LECTEUR_PRACTICE_SEED": "11"]) { $1 }
            if english { environment["LANG"] = "en_US.UTF-8" }
            let run = try PseudoTerminal.run(arguments, environment: environment, steps: [
                .type(typed + "\t", until: "\"speech\""), .type("\r", until: "\"morse\""),
                .type("x\r", until: "\"copy_result\""), .type("\u{04}", until: "goodbye"),
            ])
            #expect(run.status == 0, "\(run.output.suffix(400))")
            let spoken = run.events("speech").compactMap { $0["text"] as? String }
            #expect(spoken.contains(word), "Tab completed « \(word) »: \(spoken)")
            var random = SeededRandom(seed: 11)
            let overs = QSOText(strings: Strings(localeCode: locale, table: LocaleResources.table(locale: locale) ?? [:])).qso(using: &random)
            #expect(run.events("copy_result").first?["sent"] as? String == overs[0], "\(run.output.suffix(600))")
        }
    }
}
