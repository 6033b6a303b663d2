// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import LecteurCore
import LecteurLocales

@Suite struct AuditRulesEngineTests {
    typealias F = AuditRulesFixture

    private func run(_ screens: [AuditReport.ScreenEntry], disabling: [String] = []) -> AuditResults {
        AuditEngine(disabling: disabling).run(AuditReport(screens: screens), context: F.context)
    }

    @Test func resultsSortFindingsIntoAxeBuckets() throws {
        let screen = F.screen([F.text("Les bases de l'IA"), F.text("Méthode KOALA"), F.text("Tableur")])
        let results = run([screen])
        let acronym = try #require(results.rules.first { $0.info.id == "speech-acronym" })
        #expect(acronym.violations.map(\.node) == [AuditNode(screen: 0, entry: 0)])
        #expect(acronym.incomplete.map(\.node) == [AuditNode(screen: 0, entry: 1)])
        #expect(acronym.passes == [AuditNode(screen: 0, entry: 2)])
        // Rules on controls have nothing to check among static texts.
        #expect(results.rules.first { $0.info.id == "label-in-name" }?.isInapplicable == true)
        #expect(results.findings(at: AuditNode(screen: 0, entry: 1)).map(\.kind) == [.incomplete])
        #expect(results.violationCount == 1)
        #expect(results.incompleteCount == 1)
    }

    @Test func failOnCountsViolationsAtOrAboveTheThreshold() {
        // braille-number-split is serious, hint-gives-order minor.
        let card = F.card(price: 1490)
        let results = run([F.screen([card])])
        #expect(results.worstImpact == .serious)
        #expect(results.violationCount(atLeast: .critical) == 0)
        #expect(results.violationCount(atLeast: .serious) == 1)
        #expect(results.violationCount(atLeast: .minor) == 2)
        #expect(Impact.minor < .moderate && Impact.moderate < .serious && Impact.serious < .critical)
    }

    @Test func aDisabledRuleIsNotRun() {
        let results = run([F.screen([F.card(price: 1490)])], disabling: ["braille-number-split"])
        #expect(!results.rules.map(\.info.id).contains("braille-number-split"))
        #expect(results.rules.count == AuditRules.all.count - 1)
        #expect(results.worstImpact == .minor)
    }

    @Test func parallelRunGivesTheSameResultsInScreenOrder() {
        // More than 64 screens: the engine splits them across workers.
        let screens = (0..<200).map { i in
            F.screen([F.card(title: "Atelier \(i)", price: Decimal(i % 2 == 0 ? 1490 : 490))], path: "s\(i)")
        }
        let results = run(screens)
        let split = results.rules.first { $0.info.id == "braille-number-split" }!
        #expect(split.violations.map(\.node.screen) == Array(stride(from: 0, to: 200, by: 2)))
        #expect(split.passes.map(\.screen) == Array(stride(from: 1, to: 200, by: 2)))
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
        var generator = SplitMix64(seed: seed)
        for _ in 0..<3000 {
            let text = String((0..<Int.random(in: 1...24, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
            for word in TextScan.words(in: text) {
                #expect(word.folded == TextScan.fold(word.text), "seed \(seed): \(word.text) in \(text)")
            }
        }
    }

    @Test func theWalkerReachesTheLoadingAndErrorScreensWithUniquePaths() {
        let report = AuditWalker(navigator: Fixture.navigator).walk(catalogue: Fixture.builtIn)
        let paths = report.screens.map(\.path)
        #expect(Set(paths).count == paths.count)
        #expect(paths.suffix(2) == ["loading", "error"])
        #expect(report.screens.last?.entries.map(\.element.label) == ["Erreur lors du traitement des données.", "Réessayer"])
        #expect(report.screens[report.screens.count - 2].entries.first?.speech == "Chargement des formations...")
        #expect(paths.contains("detail/1") && paths.contains("symbol/41") && paths.contains("formations?filter=1"))
        let without = AuditWalker(navigator: Fixture.navigator).walk(catalogue: Fixture.builtIn, includeLoadingAndError: false)
        #expect(without.screens.count == report.screens.count - 2)
    }
}
