// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import LecteurCore

/// Issue 39 item 4: the store's helpers (`focused`, `opened`, `said`, `loaded`) build the focus
/// report and the braille line with the production generators, so a generator bug would pass
/// every reducer test that uses them. These anchors write everything out by hand instead: the
/// focus event's element field by field, the braille line as the display gets it (marker,
/// text, role abbreviation, cursor), the text handed to espeak-ng, and the change of state.
/// Nothing here is computed by the code under test.
@Suite struct LiteralAnchorTests {
    /// Every step from a fresh reader, the built-in catalogue's load written out too.
    static func loaded() -> ReaderTestStore {
        var store = ReaderTestStore()
        store.send(.catalogue(.loaded(Fixture.builtIn, warnings: [], origin: .live)), [
            .notice(code: "loaded", message: "14 formations chargées."),
            .speak(Utterance(text: "14 formations chargées.", interrupt: false, priority: .notice)),
            .braille(BrailleLine(text: "14 formations chargées.", cursor: 0, kind: .message)),
            .focus(FocusReport(screen: "formations", title: "Formations", index: 1, count: 22,
                               element: allChip, roleWord: "bouton")),
            .speak(Utterance(text: "Toutes, sélectionné, bouton, filtre 1 sur 7", interrupt: false, priority: .answer,
                             printed: "Toutes, sélectionné, bouton, filtre 1 sur 7")),
            .schedule(.brailleMessage(token: 1), afterSeconds: 4),
        ]) {
            $0.catalogue.status = .loaded(Fixture.builtIn)
            $0.navigation.focus[.formations] = 0
            $0.announcement.history = ["14 formations chargées.", "Toutes, sélectionné, bouton, filtre 1 sur 7"]
            $0.announcement.lastMessage = LastMessage(code: "loaded", text: "14 formations chargées.", isError: false)
            $0.display.message = "14 formations chargées."
            $0.display.token = 1
        }
        return store
    }

    static let allChip = Element(id: "chip.all", role: .button, label: "Toutes, sélectionné", spokenLabel: "Toutes, sélectionné",
                                 visibleText: "Toutes", hint: nil, value: nil, selected: true, action: .selectCategory(nil),
                                 brailleText: nil)

    /// A focus moved on the same screen: the report, the text said (cutting speech), the line.
    static func moved(_ report: FocusReport, said text: String, line: String, cursor: Int = 0) -> [Effect] {
        [.focus(report), .speak(Utterance(text: text, interrupt: true, priority: .answer, printed: text)),
         .braille(BrailleLine(text: line, cursor: cursor, kind: .focus))]
    }

    /// The load: its count said as a notice and shown, then the first chip said after it while
    /// the count holds the display (its line waits for the message's time).
    @Test func theLoadSaysTheCountThenTheSelectedChip() {
        let store = Self.loaded()
        #expect(store.state.announcement.history == ["14 formations chargées.", "Toutes, sélectionné, bouton, filtre 1 sur 7"])
    }

    @Test func theSelectedChipIsSaidAndShownWithItsMarkerWhenRepeated() {
        var store = Self.loaded()
        store.send(.command(.repeatLast), Self.moved(
            FocusReport(screen: "formations", title: "Formations", index: 1, count: 22, element: Self.allChip, roleWord: "bouton"),
            said: "Toutes, sélectionné, bouton, filtre 1 sur 7", line: "[x] Toutes btn", cursor: 4)) {
            $0.announcement.history.append("Toutes, sélectionné, bouton, filtre 1 sur 7")
            $0.display.message = nil
        }
    }

    @Test func aChipNotSelectedIsSaidAndShownWithAnEmptyMarker() {
        var store = Self.loaded()
        let chip = Element(id: "chip.#4", role: .button, label: "Accessibilité, non sélectionné",
                           spokenLabel: "Accessibilité, non sélectionné", visibleText: "Accessibilité", hint: nil, value: nil,
                           selected: false, action: .selectCategory(CategoryKey("#4")), brailleText: nil)
        store.send(.command(.next), Self.moved(
            FocusReport(screen: "formations", title: "Formations", index: 2, count: 22, element: chip, roleWord: "bouton"),
            said: "Accessibilité, non sélectionné, bouton, filtre 2 sur 7", line: "[ ] Accessibilité btn", cursor: 4)) {
            $0.navigation.focus[.formations] = 1
            $0.announcement.history.append("Accessibilité, non sélectionné, bouton, filtre 2 sur 7")
            $0.display.message = nil
        }
    }

    @Test func aHeadingIsSaidAsATitleAndAbbreviatedOnTheDisplay() {
        var store = Self.loaded()
        let heading = Element(id: "section.heading", role: .heading, label: "Toutes les formations",
                              spokenLabel: "Toutes les formations", visibleText: "Toutes les formations", hint: nil, value: nil,
                              selected: nil, action: nil, brailleText: nil)
        store.send(.command(.nextItem(.heading)), Self.moved(
            FocusReport(screen: "formations", title: "Formations", index: 8, count: 22, element: heading, roleWord: "titre"),
            said: "Toutes les formations, titre", line: "Toutes les formations tit")) {
            $0.navigation.focus[.formations] = 7
            $0.announcement.history.append("Toutes les formations, titre")
            $0.display.message = nil
        }
    }

    /// A formation card, written out whole: what the command is, where the focus lands, and the
    /// card's label as the screen, the ear and the display each get it.
    struct CardAnchor: Sendable, CustomTestStringConvertible {
        let command: Command, focus: Int, index: Int, id: Int
        let label: String, spokenLabel: String, visibleText: String, said: String, line: String
        var testDescription: String { "card \(id)" }
    }

    /// The price as the seeds write it on the screen (« 1 190 € », a narrow no-break space in the
    /// thousands and a no-break space before the sign) and in words for the ear (« 1190 euros »):
    /// the display keeps the sign, espeak-ng gets no symbol to misread. The second card is the
    /// last element of the list, reached with `dernier`.
    @Test(arguments: [
        CardAnchor(command: .go(9), focus: 16, index: 17, id: 9,
                   label: "Accessibilité numérique : les bases du RGAA, niveau Débutant, durée 2 jours, 1\u{202F}190\u{00A0}€",
                   spokenLabel: "Accessibilité numérique : les bases du RGAA, niveau Débutant, durée 2 jours, 1190 euros",
                   visibleText: "Accessibilité numérique : les bases du RGAA",
                   said: "Accessibilité numérique : les bases du RGAA, niveau Débutant, durée 2 jours, 1190 euros, bouton, "
                       + "formation 9 sur 14. Appuyez pour voir les détails de cette formation",
                   line: "Accessibilité numérique : les bases du RGAA, niveau Débutant, durée 2 jours, 1\u{202F}190\u{00A0}€ btn"),
        CardAnchor(command: .last, focus: 21, index: 22, id: 14,
                   label: "Préparation à l'examen de radioamateur, niveau Intermédiaire, durée 6 jours, 1\u{202F}290\u{00A0}€",
                   spokenLabel: "Préparation à l'examen de radioamateur, niveau Intermédiaire, durée 6 jours, 1290 euros",
                   visibleText: "Préparation à l'examen de radioamateur",
                   said: "Préparation à l'examen de radioamateur, niveau Intermédiaire, durée 6 jours, 1290 euros, bouton, "
                       + "formation 14 sur 14. Appuyez pour voir les détails de cette formation",
                   line: "Préparation à l'examen de radioamateur, niveau Intermédiaire, durée 6 jours, 1\u{202F}290\u{00A0}€ btn"),
    ])
    func aFormationIsSaidInEurosAndShownWithTheSign(_ anchor: CardAnchor) {
        var store = Self.loaded()
        let card = Element(id: "card.\(anchor.id)", role: .button, label: anchor.label, spokenLabel: anchor.spokenLabel,
                           visibleText: anchor.visibleText, hint: "Appuyez pour voir les détails de cette formation",
                           value: nil, selected: nil, action: .openFormation(id: anchor.id), brailleText: nil)
        store.send(.command(anchor.command), Self.moved(
            FocusReport(screen: "formations", title: "Formations", index: anchor.index, count: 22, element: card, roleWord: "bouton"),
            said: anchor.said, line: anchor.line)) {
            $0.navigation.focus[.formations] = anchor.focus
            $0.announcement.history.append(anchor.said)
            $0.display.message = nil
        }
    }

    /// The detail screen opened, its description (plain text: no role said, none shown), then
    /// its last element, the « Retour » button with its hint.
    @Test func aDescriptionAndTheBackButtonOnTheDetailScreen() {
        var store = Self.loaded()
        store.state.navigation.focus[.formations] = 16
        let title = Element(id: "detail.title", role: .heading, label: "Accessibilité numérique : les bases du RGAA",
                            spokenLabel: "Accessibilité numérique : les bases du RGAA",
                            visibleText: "Accessibilité numérique : les bases du RGAA", hint: nil, value: nil, selected: nil,
                            action: nil, brailleText: nil)
        store.send(.command(.activate), [
            .speak(Utterance(text: "Détail, 8 éléments", interrupt: true, priority: .answer, printed: "Détail, 8 éléments")),
            .braille(BrailleLine(text: "Détail, 8 éléments", cursor: 0, kind: .message)),
            .focus(FocusReport(screen: "detail", title: "Détail", index: 1, count: 8, element: title, roleWord: "titre")),
            .speak(Utterance(text: "Accessibilité numérique : les bases du RGAA, titre", interrupt: false, priority: .answer,
                             printed: "Accessibilité numérique : les bases du RGAA, titre")),
            .schedule(.brailleMessage(token: 2), afterSeconds: 4),
        ]) {
            $0.navigation.stacks[.formations] = [.formations, .detail(formationId: 9)]
            $0.navigation.focus[.detail(formationId: 9)] = 0
            $0.announcement.history += ["Détail, 8 éléments", "Accessibilité numérique : les bases du RGAA, titre"]
            $0.display.message = "Détail, 8 éléments"
            $0.display.token = 2
        }
        let text = "Comprendre le RGAA et les WCAG, tester une page avec un lecteur d'écran et corriger les défauts courants."
        let description = Element(id: "detail.description", role: .text, label: text, spokenLabel: text, visibleText: text,
                                  hint: nil, value: nil, selected: nil, action: nil, brailleText: nil)
        store.send(.command(.next), Self.moved(
            FocusReport(screen: "detail", title: "Détail", index: 2, count: 8, element: description, roleWord: nil),
            said: text, line: text)) {
            $0.navigation.focus[.detail(formationId: 9)] = 1
            $0.announcement.history.append(text)
            $0.display.message = nil
        }
        let back = Element(id: "back", role: .button, label: "Retour", spokenLabel: "Retour", visibleText: "Retour",
                           hint: "Revient à l'écran précédent", value: nil, selected: nil, action: .back, brailleText: nil)
        store.send(.command(.last), Self.moved(
            FocusReport(screen: "detail", title: "Détail", index: 8, count: 8, element: back, roleWord: "bouton"),
            said: "Retour, bouton. Revient à l'écran précédent", line: "Retour btn")) {
            $0.navigation.focus[.detail(formationId: 9)] = 7
            $0.announcement.history.append("Retour, bouton. Revient à l'écran précédent")
        }
    }

    /// A Morse symbol: its elements in words for the ear, in cells under the fingers (⠂ a dot,
    /// ⠒ a dash), its progress as the value.
    @Test func aMorseSymbolIsSaidInWordsAndShownInCells() {
        var store = Self.loaded()
        let a = Element(id: "morse.41", role: .button, label: "A, point, trait", spokenLabel: "A, point, trait", visibleText: "A",
                        hint: "Ouvre la fiche de ce symbole", value: "pas encore pratiqué", selected: nil,
                        action: .openSymbol(id: "41"), brailleText: "A \u{2802}\u{2812} - pas encore pratiqué")
        let first = "A, point, trait, pas encore pratiqué, bouton, symbole 1 sur 54. Ouvre la fiche de ce symbole"
        store.send(.command(.tab(.morse)), [
            .speak(Utterance(text: "Apprendre, 54 symboles", interrupt: true, priority: .answer, printed: "Apprendre, 54 symboles")),
            .braille(BrailleLine(text: "Apprendre, 54 symboles", cursor: 0, kind: .message)),
            .focus(FocusReport(screen: "morse", title: "Apprendre", index: 1, count: 54, element: a, roleWord: "bouton")),
            .speak(Utterance(text: first, interrupt: false, priority: .answer, printed: first)),
            .schedule(.brailleMessage(token: 2), afterSeconds: 4),
        ]) {
            $0.navigation.tab = .morse
            $0.navigation.focus[.morse] = 0
            $0.announcement.history += ["Apprendre, 54 symboles", first]
            $0.display.message = "Apprendre, 54 symboles"
            $0.display.token = 2
        }
        let b = Element(id: "morse.42", role: .button, label: "B, trait, point, point, point",
                        spokenLabel: "B, trait, point, point, point", visibleText: "B", hint: "Ouvre la fiche de ce symbole",
                        value: "pas encore pratiqué", selected: nil, action: .openSymbol(id: "42"),
                        brailleText: "B \u{2812}\u{2802}\u{2802}\u{2802} - pas encore pratiqué")
        let second = "B, trait, point, point, point, pas encore pratiqué, bouton, symbole 2 sur 54. Ouvre la fiche de ce symbole"
        store.send(.command(.next), Self.moved(
            FocusReport(screen: "morse", title: "Apprendre", index: 2, count: 54, element: b, roleWord: "bouton"),
            said: second, line: "B \u{2812}\u{2802}\u{2802}\u{2802} - pas encore pratiqué btn")) {
            $0.navigation.focus[.morse] = 1
            $0.announcement.history.append(second)
            $0.display.message = nil
        }
    }

    @Test func aSettingIsReadBackWithItsChoices() {
        var store = Self.loaded()
        let said = "Ponctuation : quelques ; au choix aucune, quelques, la plupart, toute."
        store.send(.command(.showSetting(name: "ponctuation")), [
            .notice(code: "setting", message: said),
            .speak(Utterance(text: said, interrupt: true, priority: .answer)),
            .braille(BrailleLine(text: said, cursor: 0, kind: .message)),
        ]) {
            $0.announcement.history.append(said)
            $0.announcement.lastMessage = LastMessage(code: "setting", text: said, isError: false)
            $0.display.message = said
            $0.display.token = 2
            // An answer asked for stays on the display until a key.
            $0.display.messageStays = true
        }
    }

    @Test func anErrorIsSaidAtErrorPriorityAndShownAsAMessage() {
        var store = Self.loaded()
        let said = "Aucune catégorie ne correspond à « zzz ». Catégories : Accessibilité, Bureautique, "
            + "Éthique et réglementation, IA Générative, Machine Learning, Radio et télégraphie."
        store.send(.command(.filter("zzz")), [
            .error(code: "filter", message: said),
            .speak(Utterance(text: said, interrupt: true, priority: .error)),
            .braille(BrailleLine(text: said, cursor: 0, kind: .message)),
        ]) {
            $0.announcement.history.append(said)
            $0.announcement.lastMessage = LastMessage(code: "filter", text: said, isError: true)
            $0.display.message = said
            $0.display.token = 2
            // An answer asked for stays on the display until a key.
            $0.display.messageStays = true
        }
    }
}
