// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import LecteurCore
import LecteurLocales

/// The review cursor (caractère, mot, phrase, épeler, décrire) and the punctuation levels, with
/// the shipped French data: what NVDA's review cursor and symbol levels do, as plain unit tests.
@Suite struct ReviewCursorTests {
    static let characters = try! CharacterLexicon.decode(LocaleResources.data(locale: "fr", file: "lexique-caracteres.json")!)
    static let lexicon = try! PronunciationLexicon.decode(LocaleResources.data(locale: "fr", file: "lexique.json")!)
    static let namer = CharacterNamer(lexicon: characters, symbols: lexicon.symbols)
    static let punctuation = PunctuationReader(characters: characters, symbols: lexicon.symbols,
                                               abbreviations: lexicon.abbreviations.keys)
    static let reader = Reader(strings: Fixture.fr, timeZone: Fixture.paris, characters: characters)

    // MARK: Words and sentences

    @Test func wordsKeepTheSignsThatJoinLettersAndStopOnOtherSigns() {
        let text = ReviewText("de l'IA : 1,5 jour, e-mail « oui »")
        var starts: [String] = []
        var offset: Int? = 0
        while let at = offset {
            starts.append(text.text(text.word(at: at)!))
            offset = text.nextWordStart(after: at)
        }
        #expect(starts == ["de", "l'IA", ":", "1,5", "jour", ",", "e-mail", "«", "oui", "»"])
        #expect(text.previousWordStart(before: 3) == 0)
        #expect(text.previousWordStart(before: 0) == nil)
        #expect(text.word(at: 2) == nil) // the blank after « de »
    }

    @Test func sentencesEndAtAStopFollowedByABlankOrAtALineBreak() {
        let text = ReviewText("Prix : 1 490,50 €. Durée 2 jours ! Et M. Dupont?\nFin")
        #expect(text.sentences.map(text.text) == ["Prix : 1 490,50 €.", "Durée 2 jours !", "Et M.", "Dupont?", "Fin"])
    }

    // MARK: Names

    @Test func lettersAreSaidWithTheirAccentsThenTheCapital() {
        let namer = Self.namer
        #expect(namer.name("É") == "e accent aigu majuscule")
        #expect(namer.name("è") == "e accent grave")
        #expect(namer.name("ç") == "c cédille")
        #expect(namer.name("Ï") == "i tréma majuscule")
        #expect(namer.name("œ") == "e dans l'o")
        #expect(namer.name("R") == "r majuscule")
        #expect(namer.name("7") == "7")
        #expect(namer.name(" ") == "espace")
        #expect(namer.name("&") == "esperluette")
        #expect(namer.name("«") == "guillemet ouvrant")
        #expect(namer.name("☃") == "caractère 2603")
    }

    @Test func spellingNamesEachCharacterOfTheWord() {
        #expect(Self.namer.spell("l'IA", separator: ", ") == "l, apostrophe, i majuscule, a majuscule")
        #expect(Self.namer.spell("RGPD", separator: ", ") == "r majuscule, g majuscule, p majuscule, d majuscule")
        #expect(Self.namer.spellPhonetically("Kéa", alphabet: "otan", separator: ", ") == "Kilo majuscule, Écho accent aigu, Alfa")
        #expect(Self.namer.spellPhonetically("Kéa", alphabet: "francais", separator: ", ") == "Kléber majuscule, Eugène accent aigu, Anatole")
    }

    @Test func describingGivesTheNameAndTheCodeOfEveryScalar() {
        #expect(Self.namer.describe("É", separator: ", ") == "e accent aigu majuscule, U+00C9")
        // « é » typed as e + combining acute is one character with two codes.
        #expect(Self.namer.describe("e\u{301}", separator: ", ") == "e accent aigu, U+0065, U+0301")
    }

    // MARK: Punctuation levels

    @Test func eachLevelReadsItsSignsAndNeverTheSignsInsideAWord() {
        let text = "Prix : 300 €/jour, l'IA (C++) & « n° 6 »... #1"
        let p = Self.punctuation
        #expect(p.read(text, level: .none) == "Prix : 300 €/jour, l'IA (C++) & « n° 6 »... croisillon 1")
        #expect(p.read(text, level: .some) == "Prix : 300 €/jour, l'IA (C++) & « n° 6 »... croisillon 1")
        #expect(p.read(text, level: .most)
                == "Prix deux-points 300 €/jour, l'IA parenthèse ouvrante C++ parenthèse fermante & guillemet ouvrant n° 6 guillemet fermant ... croisillon 1")
        #expect(p.read(text, level: .all)
                == "Prix deux-points 300 €/jour virgule l'IA parenthèse ouvrante C++ parenthèse fermante esperluette guillemet ouvrant n° 6 guillemet fermant point point point croisillon 1")
    }

    @Test func aMinusBeforeANumberAndAnAddressAreLeftToTheLexicon() {
        let p = Self.punctuation
        #expect(p.read("-5 °C, contact@exemple.fr", level: .all) == "-5 °C virgule contact@exemple.fr")
    }

    /// « M. » before a name is the lexicon's title; a capital ending a sentence, or the last of a
    /// list of letters (the Koch lesson's « K, M. »), has its full stop named, so the pronunciation
    /// builder never reads « monsieur » to a Morse learner at the level « toutes ».
    @Test func aCapitalEndingASentenceIsNotATitle() {
        let p = Self.punctuation
        #expect(p.read("Bonjour M. Dupont.", level: .all) == "Bonjour M. Dupont point")
        #expect(p.read("2 symboles : K, M. Écoutez.", level: .all)
                == "2 symboles deux-points K virgule M point Écoutez point")
        #expect(p.read("la lettre M. puis", level: .all) == "la lettre M point puis")
        let builder = SpokenTextBuilder(lexicon: Self.lexicon, strings: Fixture.fr)
        #expect(!builder.build(p.read("Entraînement Koch, 2 symboles : K, M. Écoutez.", level: .all)).contains("monsieur"))
        #expect(builder.build(p.read("Avec M. Dupont.", level: .all)).contains("monsieur Dupont"))
    }

    // MARK: Through the reducer

    /// The built-in catalogue loaded, positions not spoken, the formation `id`'s detail open
    /// and the element `index` of it focused: built directly, no message on the display.
    static func onDetail(_ id: Int, index: Int) -> ReaderState {
        var state = ReaderState(catalogue: .loaded(Fixture.builtIn))
        state.settings.speakPosition = false
        state.navigation.stacks[.formations] = [.formations, .detail(formationId: id)]
        state.navigation.focus[.formations] = Self.reader.builder.screen(.formations, state: state).elements.firstIndex { $0.id == "card.\(id)" }!
        state.navigation.focus[.detail(formationId: id)] = index
        return state
    }

    /// On the detail screen's description: the cursor moves by word, spells, and the braille
    /// cursor follows it on the focused line.
    @Test func theReviewCursorReadsInsideTheElementAndTheBrailleCursorFollowsIt() throws {
        let state = Self.onDetail(1, index: 1) // the description
        let target = try #require(Self.reader.navigator.reviewTarget(state.navigationContext, state.navigation))
        #expect(target.text.text(0..<9) == "Découvrez")
        var store = ReaderTestStore(reader: Self.reader, state: state)
        store.send(.command(.review(.word, .next)), [
            .speak(Utterance(text: "les", interrupt: true, priority: .answer, printed: "les")),
            .braille(BrailleLine(text: target.line.text, cursor: 10)),
        ]) {
            $0.navigation.review = ReviewPosition(screen: target.screen, index: target.index, offset: 10)
            $0.announcement.history.append("les")
        }
        // Issue 45: the spelled word is on the display until a key (the line alone was
        // unchanged there); the line comes back after it, the cursor where it was.
        store.send(.command(.spell(phonetic: false)), [
            .speak(Utterance(text: "l, e, s", interrupt: true, priority: .answer, printed: "l, e, s")),
            .braille(BrailleLine(text: "l, e, s", cursor: 0, kind: .message)),
        ]) {
            $0.announcement.history.append("l, e, s")
            $0.display.message = "l, e, s"
            $0.display.token = 1
            $0.display.messageStays = true
        }
        store.send(.command(.review(.character, .previous)), [
            .speak(Utterance(text: "espace", interrupt: true, priority: .answer, printed: "espace")),
            .braille(BrailleLine(text: target.line.text, cursor: 9)),
        ]) {
            $0.navigation.review?.offset = 9
            $0.announcement.history.append("espace")
            $0.display.message = nil
        }
        // A new focus starts the cursor again at the first character.
        store.send(.command(.previous), state: {
            $0.navigation.focus[.detail(formationId: 1)] = 0
            $0.navigation.review = nil
            $0.announcement.history.append("Starter Pack - IA Générative, titre")
        }, effects: { ReaderTestStore.focused($0, "Starter Pack - IA Générative, titre", role: "titre", shows: "Starter Pack - IA Générative tit") })
        let description = "Découvrez les fondamentaux de l'IA générative : modèles de langage, génération d'images et usages responsables en entreprise."
        store.send(.command(.next), state: {
            $0.navigation.focus[.detail(formationId: 1)] = 1
            $0.announcement.history.append(description)
        }, effects: { ReaderTestStore.focused($0, description, role: nil, shows: "Découvrez les fondamentaux de l'IA générative : modèles de langage, génération d'images et usages responsables en entreprise.") })
        // The character where the cursor is: on the display until a key (issue 45: the line,
        // its cursor already there, was all the display had, unchanged).
        store.send(.command(.review(.character, .current)), [
            .speak(Utterance(text: "d majuscule", interrupt: true, priority: .answer, printed: "d majuscule")),
            .braille(BrailleLine(text: "d majuscule", cursor: 0, kind: .message)),
        ]) {
            $0.navigation.review = ReviewPosition(screen: target.screen, index: target.index, offset: 0)
            $0.announcement.history.append("d majuscule")
            $0.display.message = "d majuscule"
            $0.display.token = 2
        }
        // A key takes it away: the line with its cursor on that character.
        store.send(.displayKey(.next), [.braille(BrailleLine(text: target.line.text, cursor: 0))]) {
            $0.display.message = nil
        }
    }

    @Test func pastTheLastWordTheCursorSaysEndAndStays() {
        var state = ReaderState()
        state.settings.speakPosition = false
        state.catalogue.status = .loaded(Fixture.builtIn)
        state.navigation.focus[.formations] = 0 // the « Toutes » chip
        var store = ReaderTestStore(reader: Self.reader, state: state)
        store.send(.command(.review(.word, .next)), store.said("review.edge", "Fin.", interrupt: true),
                   state: { ReaderTestStore.remembered("review.edge", "Fin.", token: 1)(&$0); $0.display.messageStays = true })
        #expect(store.state.navigation.review == nil)
    }

    @Test func aRoutingKeyOverTextReadsThereAndOverAButtonActivates() throws {
        var state = ReaderState(catalogue: .loaded(Fixture.builtIn))
        state.settings.speakPosition = false
        state.navigation.focus[.formations] = Self.reader.builder.screen(for: state).elements.firstIndex { $0.id == "card.1" }!
        var store = ReaderTestStore(reader: Self.reader, state: state)
        let title = "Détail, 8 éléments", heading = "Starter Pack - IA Générative, titre"
        store.send(.displayKey(.route(character: 3)), state: {
            $0.navigation.stacks[.formations] = [.formations, .detail(formationId: 1)]
            $0.navigation.focus[.detail(formationId: 1)] = 0
            $0.announcement.history += [title, heading]
            $0.display.message = title
            $0.display.token = 1
        }, effects: {
            // The screen's name on the display; the heading's line comes after its time.
            ReaderTestStore.opened($0, title, heading, token: 1, role: "titre")
        })
        let description = "Découvrez les fondamentaux de l'IA générative : modèles de langage, génération d'images et usages responsables en entreprise."
        store.send(.command(.next), state: {
            $0.navigation.focus[.detail(formationId: 1)] = 1
            $0.display.message = nil
            $0.announcement.history.append(description)
        }, effects: { ReaderTestStore.focused($0, description, role: nil, shows: "Découvrez les fondamentaux de l'IA générative : modèles de langage, génération d'images et usages responsables en entreprise.") })
        let target = try #require(Self.reader.navigator.reviewTarget(store.state.navigationContext, store.state.navigation))
        store.send(.displayKey(.route(character: target.lineStart + 1)), [
            .speak(Utterance(text: "e accent aigu", interrupt: true, priority: .answer, printed: "e accent aigu")),
            .braille(BrailleLine(text: target.line.text, cursor: target.lineStart + 1)),
        ]) {
            $0.navigation.review = ReviewPosition(screen: target.screen, index: target.index, offset: 1)
            $0.announcement.history.append("e accent aigu")
        }
    }

    /// At « toute » the element's own signs are read, never the separators the speech generator
    /// puts between its parts (« , » between label, value and role; « . » before the hint).
    @Test func theGeneratorsSeparatorsAreNeverReadAsSigns() {
        var state = ReaderState(catalogue: .loaded(Fixture.builtIn))
        state.settings.speakPosition = false
        state.settings.punctuation = .all
        let reader = Reader(strings: Fixture.fr, timeZone: Fixture.paris,
                            pronunciation: SpokenTextBuilder(lexicon: Self.lexicon, strings: Fixture.fr), characters: Self.characters)
        var store = ReaderTestStore(reader: reader, state: state)
        // The label's own commas are its text (the seed writes them); « , bouton » and the pause
        // before the hint are the generator's.
        // The history keeps the printed line, as composed: read back, its signs are named then,
        // at the level set at that time (never twice).
        store.send(.command(.go(1)), state: {
            $0.navigation.focus[.formations] = 8
            $0.announcement.history = ["Starter Pack - IA Générative, niveau Débutant, durée 2 jours, 990 euros, bouton. Appuyez pour voir les détails de cette formation"]
        }, effects: {
            // Printed in the interface's words: the signs are the terminal's to show (issue 35).
            ReaderTestStore.focused($0, "Starter Pack tiret i a Générative virgule niveau Débutant virgule durée 2 jours virgule 990 euros, bouton. Appuyez pour voir les détails de cette formation",
                                    printed: "Starter Pack - IA Générative, niveau Débutant, durée 2 jours, 990 euros, bouton. Appuyez pour voir les détails de cette formation", role: "bouton", shows: "Starter Pack - IA Générative, niveau Débutant, durée 2 jours, 990\u{A0}€ btn")
        })
    }
}
