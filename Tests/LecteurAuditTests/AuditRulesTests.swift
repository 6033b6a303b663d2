// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import LecteurCore
import LecteurLocales
@testable import LecteurAudit

/// One case per rule: elements that must make it fire (with a word the message must quote) and
/// elements it must leave alone. Every shipped rule has a case (checked below).
struct RuleCase: CustomTestStringConvertible, Sendable {
    let id: String
    let firing: [Element]
    let expected: String
    let quiet: [Element]
    var testDescription: String { id }

    typealias F = AuditRulesFixture

    static let all: [RuleCase] = [
        RuleCase(id: "label-missing", firing: [F.button("")], expected: "vide",
                 quiet: [F.button("Réessayer"), F.text("Chargement des formations…")]),
        RuleCase(id: "label-missing", firing: [F.text(" \u{00A0} - ")], expected: "U+00A0",
                 quiet: [F.text("0 %")]),
        RuleCase(id: "label-role-word", firing: [F.button("Bouton Valider")], expected: "« Bouton »",
                 quiet: [F.button("Valider"), F.text("Appuyez sur le bouton")]),
        RuleCase(id: "label-state-word",
                 firing: [F.button("IA Générative, sélectionné", visible: "IA Générative", selected: true)],
                 expected: "« sélectionné »",
                 quiet: [F.button("IA Générative", selected: true), F.text("Éléments sélectionnés récemment")]),
        RuleCase(id: "label-state-word",
                 firing: [F.button("Bureautique, non sélectionné", visible: "Bureautique", selected: false)],
                 expected: "« non sélectionné »", quiet: [F.button("Bureautique", selected: false)]),
        RuleCase(id: "label-in-name", firing: [F.button("Ouvrir la fiche", visible: "Détails")], expected: "« Détails »",
                 quiet: [F.button("Détails de la formation", visible: "Détails"),
                         F.button("IA Générative, sélectionné", visible: "IA Générative")]),
        RuleCase(id: "duplicate-label",
                 firing: [F.button("Atelier", action: .openFormation(id: 1), id: "card.1"),
                          F.button("Atelier", action: .openFormation(id: 2), id: "card.2")],
                 expected: "l'élément 2",
                 quiet: [F.button("Atelier du samedi", action: .openFormation(id: 1), id: "card.1"),
                         F.button("Atelier du dimanche", action: .openFormation(id: 2), id: "card.2"),
                         F.button("Retour", action: .back, id: "back.1"), F.button("Retour", action: .back, id: "back.2")]),
        RuleCase(id: "hint-repeats-label", firing: [F.button("Réessayer", hint: "Réessayer")], expected: "« Réessayer »",
                 quiet: [F.button("Réessayer", hint: "Recharge les formations")]),
        RuleCase(id: "hint-gives-order",
                 firing: [F.button("Atelier", hint: "Appuyez pour voir les détails de cette formation")],
                 expected: "« Appuyez »",
                 quiet: [F.button("Atelier", hint: "Ouvre les détails de cette formation")]),
        RuleCase(id: "speech-acronym", firing: [F.text("Les bases de l'IA générative")], expected: "« IA »",
                 quiet: [F.text("Le RGPD et l'ONU"), F.text("A"), F.text("Intelligence artificielle")]),
        RuleCase(id: "speech-number-spaces", firing: [F.text("Tarif : 1\u{202F}490 euros")], expected: "U+202F",
                 quiet: [F.text("Tarif : 1490 euros"), F.card(price: 1490), F.text("0 %")]),
        RuleCase(id: "speech-decimal-zeros", firing: [F.text("Prix : 990,00 euros")], expected: "« 990,00 »",
                 quiet: [F.text("Prix : 990 euros"), F.text("Prix : 1490,50 euros"), F.text("Version 2,005")]),
        RuleCase(id: "speech-unit-abbreviation", firing: [F.text("Durée : 40h, 3 h puis 2 min, 35 euros/jour")],
                 expected: "« 40h », « 3 h », « 2 min », « /jour »",
                 quiet: [F.text("Durée : 40 heures, 35 euros par jour"), F.text("Le h muet"), F.text("10 km à pied")]),
        RuleCase(id: "speech-numeric-date", firing: [F.text("Session du 15/02/2026")], expected: "« 15/02/2026 »",
                 quiet: [F.text("Session du 15 février 2026"), F.text("Version 1.2.3"), F.text("Les 2/3 du groupe")]),
        RuleCase(id: "speech-numeric-date", firing: [F.text("Mise à jour 2026-02-15")], expected: "« 2026-02-15 »",
                 quiet: [F.text("Années 2025-2026")]),
        RuleCase(id: "speech-morse-symbols", firing: [F.text("A .-"), F.text("B ·−··")], expected: "« .- »",
                 quiet: [F.text("A, point, trait"), F.text("Starter - IA"), F.text("Écran — filtre"),
                         F.text("Chargement des formations…")]),
        RuleCase(id: "language-unmarked", firing: [F.text("Starter Pack - IA Générative")], expected: "« Starter Pack »",
                 quiet: [F.text("Apprentissage automatique avec Python"), F.text("Machine à café")]),
        RuleCase(id: "language-unmarked", firing: [F.text("Machine Learning avec Python")],
                 expected: "« Machine Learning »", quiet: [F.text("Apprendre la machine à écrire")]),
        RuleCase(id: "braille-uncovered-character", firing: [F.text("Décollage 🚀"), F.text("Ele\u{0301}ve ✓")],
                 expected: "U+1F680",
                 quiet: [F.text("Élève « studieux » : 1\u{202F}490\u{00A0}€, œuvre, ½ journée")]),
        RuleCase(id: "braille-number-split", firing: [F.card(price: 1490)], expected: "« 1\u{202F}490 »",
                 quiet: [F.card(price: 990), F.text("2 jours, 14 heures"), F.text("Tarif 1490 €")]),
    ]
}

@Suite struct AuditRulesTests {
    typealias F = AuditRulesFixture

    @Test(arguments: RuleCase.all)
    func ruleFires(_ rule: RuleCase) throws {
        let checks = F.check(rule.id, rule.firing)
        let fired = checks.filter(\.isViolation)
        #expect(!fired.isEmpty, "\(rule.id) stayed quiet on \(rule.firing.map(\.label))")
        #expect(fired.contains { $0.message?.contains(rule.expected) == true },
                "\(rule.id): \(fired.compactMap(\.message)) should quote \(rule.expected)")
    }

    @Test(arguments: RuleCase.all)
    func ruleStaysQuiet(_ rule: RuleCase) {
        let checks = F.check(rule.id, rule.quiet)
        #expect(checks.allSatisfy { $0 == .pass || $0 == .inapplicable }, "\(rule.id): \(checks)")
        #expect(checks.contains(.pass), "\(rule.id) applied to none of the quiet elements: the case proves nothing")
    }

    @Test func everyRuleHasAFiringAndAQuietCase() {
        #expect(Set(RuleCase.all.map(\.id)) == Set(AuditRules.ids))
        #expect(Set(AuditRules.ids).count == AuditRules.ids.count, "rule ids are unique")
    }

    @Test func anUnknownAcronymIsLeftForAPersonToCheck() {
        let checks = F.check("speech-acronym", [F.text("Méthode KOALA")])
        #expect(checks == [.review("Sigle absent des listes, lecture à vérifier (espeak-ng -v fr -x) : « KOALA ».")])
        // A misread acronym in the same text wins: it is a defect, not a doubt.
        #expect(F.check("speech-acronym", [F.text("KOALA et IA")]).first?.isViolation == true)
    }

    @Test func theSeedsChipAndCardAreReportedWhileTheirLabelsStayFaithful() {
        let screen = F.navigator.builder.screen(for: ReaderState(catalogue: .loaded(F.builtIn)))
        let chip = screen.elements[0], card = screen.elements[screen.elements.count - 1]
        #expect(chip.label == "Toutes, sélectionné")
        #expect(card.hint == "Appuyez pour voir les détails de cette formation")
        #expect(F.check("label-state-word", [chip]) == [.violation("Le libellé porte l'état « sélectionné » au lieu de l'exposer comme un état.")])
        #expect(F.check("hint-gives-order", [card]).first?.isViolation == true)
    }
}
