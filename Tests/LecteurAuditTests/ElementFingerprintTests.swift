// SPDX-License-Identifier: GPL-3.0-or-later
import LecteurCore
import Testing
@testable import LecteurAudit
import LecteurTestSupport

/// The audit's memos find an element's speech, braille and findings by its fingerprint: equal
/// elements built the same way must share it (one built otherwise may not, which costs a
/// recomputation only), and an element differing in any one field (or only in how its texts
/// split into fields) must not.
@Suite struct ElementFingerprintTests {
    static let base = Element(id: "card.7", role: .button, label: "Formation 7 : IA et données, 1 200 €",
                              spokenLabel: "Formation 7 : i a et données, 1200 euros", visibleText: "Formation 7",
                              hint: "Affiche la formation", value: nil, selected: nil, action: .openFormation(id: 7))

    @Test func equalElementsShareIt() {
        // Built again from fresh strings, not copies of the same storage.
        let again = Element(id: "card." + String(7), role: .button, label: String(decoding: Array("Formation 7 : IA et données, 1 200 €".utf8), as: UTF8.self),
                            spokenLabel: "Formation 7 : i a et données, 1200 euros", visibleText: "Formation 7",
                            hint: "Affiche la formation", action: .openFormation(id: 7))
        #expect(ElementFingerprint(again) == ElementFingerprint(Self.base))
    }

    @Test func anElementSayingItsLabelSharesItWithItsTwin() {
        func make(_ i: Int) -> Element { Element(id: "detail.level", role: .text, label: "Niveau : Intermédiaire \(i % 1)") }
        #expect(ElementFingerprint(make(1)) == ElementFingerprint(make(2)))
        // The same texts given separately: another fingerprint is allowed, never another element's.
        let spelled = Element(id: "detail.level", role: .text, label: "Niveau : Intermédiaire 0", spokenLabel: "Niveau : Intermédiaire 1")
        #expect(ElementFingerprint(spelled) != ElementFingerprint(make(1)))
    }

    @Test func everyFieldCounts() {
        let b = Self.base
        let variants: [Element] = [
            Element(id: "card.8", role: b.role, label: b.label, spokenLabel: b.spokenLabel, visibleText: b.visibleText, hint: b.hint, action: b.action),
            Element(id: b.id, role: .tab, label: b.label, spokenLabel: b.spokenLabel, visibleText: b.visibleText, hint: b.hint, action: b.action),
            Element(id: b.id, role: b.role, label: b.label + " ", spokenLabel: b.spokenLabel, visibleText: b.visibleText, hint: b.hint, action: b.action),
            Element(id: b.id, role: b.role, label: b.label, spokenLabel: "Formation 7", visibleText: b.visibleText, hint: b.hint, action: b.action),
            Element(id: b.id, role: b.role, label: b.label, spokenLabel: b.spokenLabel, visibleText: "Formation", hint: b.hint, action: b.action),
            Element(id: b.id, role: b.role, label: b.label, spokenLabel: b.spokenLabel, visibleText: b.visibleText, hint: nil, action: b.action),
            Element(id: b.id, role: b.role, label: b.label, spokenLabel: b.spokenLabel, visibleText: b.visibleText, hint: "", action: b.action),
            Element(id: b.id, role: b.role, label: b.label, spokenLabel: b.spokenLabel, visibleText: b.visibleText, hint: b.hint, value: "", action: b.action),
            Element(id: b.id, role: b.role, label: b.label, spokenLabel: b.spokenLabel, visibleText: b.visibleText, hint: b.hint, selected: false, action: b.action),
            Element(id: b.id, role: b.role, label: b.label, spokenLabel: b.spokenLabel, visibleText: b.visibleText, hint: b.hint, selected: true, action: b.action),
            Element(id: b.id, role: b.role, label: b.label, spokenLabel: b.spokenLabel, visibleText: b.visibleText, hint: b.hint, action: .openFormation(id: 8)),
            Element(id: b.id, role: b.role, label: b.label, spokenLabel: b.spokenLabel, visibleText: b.visibleText, hint: b.hint, action: nil),
            Element(id: b.id, role: b.role, label: b.label, spokenLabel: b.spokenLabel, visibleText: b.visibleText, hint: b.hint, action: .back),
            Element(id: b.id, role: b.role, label: b.label, spokenLabel: b.spokenLabel, visibleText: b.visibleText, hint: b.hint,
                    action: .selectCategory(CategoryKey("7"))),
            Element(id: b.id, role: b.role, label: b.label, spokenLabel: b.spokenLabel, visibleText: b.visibleText, hint: b.hint,
                    action: .selectCategory(nil)),
            // The same characters split differently between two fields.
            Element(id: b.id, role: b.role, label: b.label, spokenLabel: b.spokenLabel, visibleText: b.visibleText + "A",
                    hint: "ffiche la formation", action: b.action),
            // Canonically equivalent but other bytes (é precomposed vs e + U+0301): read differently by espeak-ng's input, so kept apart.
            Element(id: b.id, role: b.role, label: "Formation 7 : IA et donne\u{301}es, 1 200 €", spokenLabel: b.spokenLabel,
                    visibleText: b.visibleText, hint: b.hint, action: b.action),
        ]
        var seen: Set<ElementFingerprint> = [ElementFingerprint(b)]
        for (i, variant) in variants.enumerated() {
            #expect(seen.insert(ElementFingerprint(variant)).inserted, "variant \(i) collides")
        }
    }

    @Test func manyDistinctElementsNeverCollide() {
        var rng = SeededRandom(seed: 16)
        var seen: [ElementFingerprint: String] = [:]
        for i in 0..<50_000 {
            let label = "Formation \(i) : " + String((0..<Int.random(in: 0...12, using: &rng)).map { _ in
                "aeiouéèàç 0123456789€".randomElement(using: &rng)!
            })
            let element = Element(id: "card.\(i)", role: .button, label: label, action: .openFormation(id: i))
            let key = ElementFingerprint(element)
            #expect(seen[key] == nil)
            seen[key] = label
        }
    }
}
