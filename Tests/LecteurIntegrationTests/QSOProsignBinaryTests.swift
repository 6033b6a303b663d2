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
