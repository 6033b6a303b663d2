// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import LecteurCore
import LecteurLocales
@testable import LecteurAudit
import LecteurTestSupport

@Suite struct AuditRulesEngineTests {
    typealias F = AuditRulesFixture

    /// Screens checked as `lecteur audit` checks them: the pipeline's checker, a screen a part,
    /// and the tally `--fail-on` reads.
    private func check(_ screens: [[Element]], disabling: [String] = []) -> (parts: [CheckedPart], tally: AuditTally) {
        let engine = AuditEngine(disabling: disabling)
        let checker = AuditChecker(navigator: F.navigator, engine: engine, context: F.context)
        var tally = AuditTally(rules: engine.rules.map(\.info))
        let memo = AuditMemo()
        let parts = screens.enumerated().map { s, elements -> CheckedPart in
            let list = AuditElements(ElementList(elements))
            let info = AuditScreenInfo(index: s, code: "test", title: "Test", filter: nil, path: "s\(s)", count: list.count,
                                       firstLabel: list.first?.label)
            let part = checker.check(info, list, range: 0..<list.count, screenOutcomes: checker.screenOutcomes(list), memo: memo)
            tally.close(tally.count(part, baseline: nil, record: false))
            return part
        }
        return (parts, tally)
    }

    private func index(_ id: String, disabling: [String] = []) -> Int {
        AuditEngine(disabling: disabling).rules.firstIndex { $0.info.id == id }!
    }

    @Test func findingsFallIntoAxeBuckets() {
        let (parts, tally) = check([[F.text("Les bases de l'IA"), F.text("Méthode KOALA"), F.text("Tableur")]])
        let acronym = index("speech-acronym"), inName = index("label-in-name")
        #expect((0..<3).map { parts[0].kind(entry: $0, rule: acronym) } == [.violation, .review, .pass])
        #expect(tally.violations[acronym] == 1 && tally.incomplete[acronym] == 1 && tally.passes[acronym] == 1)
        // Rules on controls have nothing to check among static texts.
        #expect((0..<3).allSatisfy { parts[0].kind(entry: $0, rule: inName) == .inapplicable })
        #expect(tally.violations[inName] + tally.incomplete[inName] + tally.passes[inName] == 0)
        #expect(parts[0].findings(entry: 1, rules: tally.rules).map(\.kind) == [.incomplete])
        #expect(tally.violationCount == 1)
        #expect(tally.incompleteCount == 1)
    }

    @Test func failOnCountsViolationsAtOrAboveTheThreshold() {
        // braille-number-split is serious, hint-gives-order minor.
        let tally = check([[F.card(price: 1490)]]).tally
        #expect(tally.violationCount(atLeast: .critical) == 0)
        #expect(tally.violationCount(atLeast: .serious) == 1)
        #expect(tally.violationCount(atLeast: .minor) == 2)
        #expect(Impact.minor < .moderate && Impact.moderate < .serious && Impact.serious < .critical)
    }

    @Test func aDisabledRuleIsNotRun() {
        let tally = check([[F.card(price: 1490)]], disabling: ["braille-number-split"]).tally
        #expect(!tally.rules.map(\.id).contains("braille-number-split"))
        #expect(tally.rules.count == AuditRules.all.count - 1)
        #expect(tally.violationCount(atLeast: .serious) == 0)
        #expect(tally.violationCount(atLeast: .minor) == 1)
    }

    @Test func eachScreenKeepsItsOwnFindingsWhateverItsNeighbours() {
        let screens = (0..<200).map { i in [F.card(title: "Atelier \(i)", price: Decimal(i % 2 == 0 ? 1490 : 490))] }
        let (parts, tally) = check(screens)
        let split = index("braille-number-split")
        #expect(parts.indices.filter { parts[$0].kind(entry: 0, rule: split) == .violation } == Array(stride(from: 0, to: 200, by: 2)))
        #expect(parts.indices.filter { parts[$0].kind(entry: 0, rule: split) == .pass } == Array(stride(from: 1, to: 200, by: 2)))
        #expect(tally.screens == 200 && tally.violations[split] == 100)
    }

    /// The engine's one parallel map: every item once, in item order, whatever the workers and
    /// the size of the runs they claim; a worker's number is below the count of workers.
    @Test(arguments: [(1, 1), (2, 1), (2, 1024), (3, 7), (8, 64)])
    func theParallelMapKeepsTheOrder(workers: Int, chunk: Int) {
        for count in [0, 1, 2, 63, 1000, 10_007] {
            let mapped = Parallel.map(count, workers: workers, chunk: chunk) { i, worker in (i * i, worker) }
            #expect(mapped.map(\.0) == (0..<count).map { $0 * $0 }, "\(count) items")
            #expect(mapped.allSatisfy { $0.1 >= 0 && $0.1 < workers }, "\(count) items")
        }
    }

    @Test func everyRuleIsExplainedInEveryLocale() throws {
        for locale in LocaleResources.available {
            let table = try #require(LocaleResources.table(locale: locale))
            let strings = Strings(localeCode: locale, table: table)
            for rule in AuditRules.all {
                for key in [rule.info.help, rule.info.description, rule.info.fix] {
                    #expect(strings.template(key)?.isEmpty == false, "\(locale): \(key.rawValue)")
                }
                #expect(rule.info.tags.contains { $0.hasPrefix("wcag") || $0 == "best-practice" }, "\(rule.info.id) has no tag")
            }
        }
    }

    @Test func criteriaAreReadFromTags() throws {
        let info = try #require(AuditRules.rule("label-missing")).info
        #expect(info.wcagCriteria == ["4.1.2"])
        #expect(info.rgaaCriteria == ["7.1", "11.9"])
        #expect(AuditRules.rule("label-in-name")!.info.wcagCriteria == ["2.5.3"])
        #expect(AuditRules.rule("label-in-name")!.info.rgaaCriteria == ["7.1.3"])
        #expect(AuditRules.rule("language-unmarked")!.info.wcagCriteria == ["3.1.2"])
    }

    @Test func theBrailleTableGivesBrlttysCells() {
        // The cells BRLTTY's `-t fr` table sends for this chip label (field notes), same as liblouis.
        #expect(F.braille.cells(for: "IA Générative, sélectionné") == "⡊⡁⠀⡛⠿⠝⠿⠗⠁⠞⠊⠧⠑⠂⠀⠎⠿⠇⠑⠉⠞⠊⠕⠝⠝⠿")
        #expect(F.braille.cells(for: "a🚀b") == "⠁⠀⠃", "an uncovered character is a blank cell, as liblouis shows it")
        #expect(!F.braille.covers("🚀"))
        #expect(F.braille.covers("\u{202F}"))
        #expect(F.braille.name == "fr-bfu-comp8.utb")
    }

    @Test func wordsAreFoldedForMatching() {
        let words = TextScan.words(in: "l'IA Générative — Œuvre, 40h")
        #expect(words.map(\.text) == ["l", "IA", "Générative", "Œuvre", "40h"])
        #expect(words.map(\.folded) == ["l", "ia", "generative", "oeuvre", "40h"])
        #expect(TextScan.isAcronym(words[1]) && !TextScan.isAcronym(words[2]))
    }

    /// Words fold in the same pass as they are found; the result must be `fold`'s, whatever the
    /// letters (French, other Latin-1, combining accents, Greek, ß, Œ, × and ÷ as separators).
    @Test func wordsFoldAsFoldDoes() {
        let alphabet = Array("aZé É ÇàÀ ÿŸ ß Œœ Ææ ð Þ × ÷ ñ Ø e\u{301} A\u{300} Ωω İ 7 ' - ·")
        // Seeded, the seed in each failure: a failure can be replayed.
        let seed: UInt64 = 0xf01d
        var generator = SeededRandom(seed: seed)
        for _ in 0..<3000 {
            let text = String((0..<Int.random(in: 1...24, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
            for word in TextScan.words(in: text) {
                #expect(word.folded == TextScan.fold(word.text), "seed \(seed): \(word.text) in \(text)")
            }
        }
    }

    @Test func theWalkerReachesTheLoadingAndErrorScreensWithUniquePaths() {
        let walker = AuditWalker(navigator: F.navigator)
        let steps = walker.plan(catalogue: F.builtIn).steps
        let paths = steps.map(\.path)
        #expect(Set(paths).count == paths.count)
        #expect(paths.suffix(2) == ["loading", "error"])
        #expect(steps.last?.make().elements.map(\.label) == ["Erreur lors du traitement des données.", "Réessayer"])
        let loading = steps[steps.count - 2].make().elements[0]
        #expect(F.navigator.auditEntry(loading, index: 1, verbosity: .full).speech == "Chargement des formations…")
        #expect(paths.contains("detail/1") && paths.contains("symbol/41") && paths.contains("formations?filter=1"))
        let without = walker.plan(catalogue: F.builtIn, includeLoadingAndError: false).steps
        #expect(without.map(\.path) == Array(paths.dropLast(2)))
    }
}
