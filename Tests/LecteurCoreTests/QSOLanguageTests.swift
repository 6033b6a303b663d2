// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
import LecteurCore

/// `entraînement qso anglais|français` (`practice qso english|french`): a QSO in either language
/// whatever the interface's, named by the usage line, the help and Tab.
@Suite struct QSOLanguageTests {
    let french = CommandParser()
    var english: CommandParser {
        var parser = CommandParser()
        parser.localeCode = "en"
        return parser
    }

    @Test func theLanguageAndTheCountComeInEitherOrder() {
        #expect(french.parse("entraînement qso anglais") == .command(.copyPractice(.qso, count: nil, language: .english)))
        #expect(french.parse("entraînement qso Français 2") == .command(.copyPractice(.qso, count: 2, language: .french)))
        #expect(french.parse("entraînement qso 3 francais") == .command(.copyPractice(.qso, count: 3, language: .french)))
        #expect(english.parse("practice qso french") == .command(.copyPractice(.qso, count: nil, language: .french)))
        #expect(english.parse("practice qso 2 english") == .command(.copyPractice(.qso, count: 2, language: .english)))
        #expect(french.parse("entraînement qso") == .command(.copyPractice(.qso, count: nil, language: nil)))
        // Two languages, two counts, an unknown word or a count out of range: the usage, which names them.
        for bad in ["qso anglais français", "qso 2 3", "qso klingon", "qso anglais 51", "groupes anglais"] {
            #expect(french.parse("entraînement \(bad)") == .failure(.badArgument(command: "entraînement", argument: bad, usage: .usagePractice)))
        }
        #expect(Fixture.fr(.usagePractice).contains("« qso anglais » ou « qso français »"))
        #expect(Fixture.en(.usagePractice).contains("“qso english” or “qso french”"))
        #expect(Fixture.fr(.helpPractice).contains("« qso » (suivi au besoin de « anglais » ou « français »)"))
        #expect(Fixture.en(.helpPractice).contains("“qso” (optionally followed by “english” or “french”)"))
    }

    @Test func tabOffersQSOThenItsLanguages() {
        let frenchTab = LineCompletion(parser: french, strings: Fixture.fr)
        let englishTab = LineCompletion(parser: english, strings: Fixture.en)
        #expect(frenchTab.complete("entraînement q", ReaderState()).candidates == ["qso"])
        #expect(frenchTab.complete("entraînement qso ", ReaderState()).candidates == ["français", "anglais"])
        #expect(frenchTab.complete("entraînement qso f", ReaderState()).candidates == ["français"])
        #expect(englishTab.complete("practice qso ", ReaderState()).candidates == ["french", "english"])
        #expect(englishTab.complete("practice qso e", ReaderState()).candidates == ["english"])
    }

    @Test func theRequestCarriesTheLanguageToTheRuntime() {
        var store = ReaderTestStore(state: Fixture.loadedState())
        store.send(.command(.copyPractice(.qso, count: nil, language: .english)),
                   [.preparePractice(.copy(.qso, count: 1, language: .english))]) {
            $0.announcement.answerPending = true
            $0.display.message = nil
        }
        // The request is the point; the session from it is `aSessionCopiesTheMaterialItIsGiven`.
        store.leaveUnanswered([.preparePractice(.copy(.qso, count: 1, language: .english))])
    }

    /// The session draws its QSO from the material it is given: the same seed, the other
    /// language's words, whatever the interface's strings.
    @Test func aSessionCopiesTheMaterialItIsGiven() {
        let english = QSOMaterial(strings: Fixture.en)
        var session = CopySession(kind: .qso, count: 1, learnt: [], words: [], settings: .default, random: SeededRandom(seed: 4), qso: english)
        var random = SeededRandom(seed: 4)
        let overs = QSOText(material: english).qso(using: &random)
        #expect(session.start().last == .send(overs[0], round: 1, settings: session.settings))
        #expect(overs.joined(separator: " ").contains("TNX") && !overs.joined(separator: " ").contains("MERCI"), "\(overs)")
        // `QSOText(strings:)` and the material read from the same strings draw the same QSO.
        var a = SeededRandom(seed: 9), b = SeededRandom(seed: 9)
        #expect(QSOText(strings: Fixture.fr).qso(using: &a) == QSOText(material: QSOMaterial(strings: Fixture.fr)).qso(using: &b))
    }
}
